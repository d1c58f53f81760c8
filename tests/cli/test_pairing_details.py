"""Pairing details a director is told about (rules.md §5.4, §8): a second bye, and relaxed rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk


def _event(tdesk: Tdesk, path: Path, names: list[tuple[str, str]], rounds: int) -> None:
    assert tdesk("new", path, "--name", "小赛", "--rounds", rounds).code == 0
    for name, unit in names:
        assert tdesk("entrant", "add", path, name, "--unit", unit).code == 0
    assert tdesk("draw", path, "--order", ",".join(n for n, _ in names)).code == 0


def _play(tdesk: Tdesk, path: Path, round_no: int, tables: int) -> None:
    for table in range(1, tables + 1):
        assert tdesk("result", path, round_no, table, "Q", "9").code == 0


@pytest.mark.slow
def test_when_everyone_has_had_a_bye_the_lowest_ranked_gets_another_and_the_director_is_told(
    tdesk: Tdesk, tmp_path: Path
) -> None:
    path = tmp_path / "e.tdesk"
    _event(tdesk, path, [("甲", "一"), ("乙", "二"), ("丙", "三")], rounds=4)
    byes = []
    for round_no in (1, 2, 3):
        run = tdesk("pair", path, "--json")
        assert run.code == 0, run.err
        assert "repeat_bye" not in run.json()
        byes.append(run.json()["bye"])
        _play(tdesk, path, round_no, 1)
    assert sorted(byes) == ["丙", "乙", "甲"]
    run = tdesk("pair", path)
    assert run.code == 0, run.err
    assert "gets another" in run.out
    bye = run.out.split("Bye: ")[1].split("\n")[0]
    assert f"so {bye} (the lowest-ranked" in run.out
    rows = {
        row["name"]: row["mp"]
        for row in tdesk("standings", path, "--json", "--after-round", 3).json()["rows"]
    }
    assert rows[bye] == min(rows.values())


@pytest.mark.slow
def test_relaxed_rules_name_the_entrant_without_a_legal_partner(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    # 甲 and 乙 share a unit; after round 1 (甲-丙, 乙-丁) and round 2 (甲-丁, 乙-丙), 甲 has
    # nobody legal left.
    _event(tdesk, path, [("甲", "同"), ("丙", "x"), ("乙", "同"), ("丁", "y")], rounds=3)
    for round_no in (1, 2):
        assert tdesk("pair", path).code == 0
        _play(tdesk, path, round_no, 2)
    run = tdesk("pair", path, "--json")
    assert run.code == 0, run.err
    assert run.json()["no_legal_partner"]
    assert run.json()["relaxed"]
    run = tdesk("round", path, 3)
    assert "breaks the" in run.out


@pytest.mark.slow
def test_demo_takes_the_number_of_rounds(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "demo.tdesk"
    run = tdesk("demo", path, "--entrants", 12, "--units", 12, "--played", 2, "--rounds", 3)
    assert run.code == 0, run.err
    assert tdesk("pair", path).code == 0  # round 3 of 3
    _play(tdesk, path, 3, 6)
    refused = tdesk("pair", tmp_path / "demo.tdesk")
    assert refused.code == 2 and "All 3 rounds" in refused.err
    # Without --rounds a demo that played 9 rounds could not pair a 10th; now it can plan for one.
    path = tmp_path / "long.tdesk"
    assert tdesk("demo", path, "--entrants", 24, "--played", 9, "--rounds", 10).code == 0
    assert tdesk("pair", path).code == 0


def test_demo_refuses_fewer_rounds_than_played(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "demo.tdesk"
    run = tdesk("demo", path, "--entrants", 12, "--played", 4, "--rounds", 3)
    assert run.code == 2 and run.err.count("\n") == 1
    assert not path.exists()
    run = tdesk("demo", path, "--entrants", 12, "--played", 0, "--rounds", 0)
    assert run.code == 2 and "at least one round" in run.err
