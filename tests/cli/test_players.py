"""``tdesk players``: an event's players and the merges proposed, confirmed with --merge; idents; the registry of
players on this computer remembered, listed, exported and imported."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk, fingerprint

pytestmark = pytest.mark.slow  # each creates events through tdesk


@pytest.fixture(autouse=True)
def own_registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "userdata"
    monkeypatch.setenv("TDESK_DATA_DIR", str(folder))
    return folder


def event(tdesk: Tdesk, path: Path, unit: str) -> None:
    assert tdesk("new", path, "--name", "月赛", "--rounds", "3").code == 0
    assert tdesk("entrant", "add", path, "甲", "--unit", unit, "--players", "张三,李四").code == 0
    assert tdesk("entrant", "add", path, "乙", "--unit", "复旦", "--players", "王五").code == 0


def test_players_are_listed_proposed_and_merged(tdesk: Tdesk, tmp_path: Path) -> None:
    first, second = tmp_path / "一.tdesk", tmp_path / "二.tdesk"
    event(tdesk, first, "北京大学")
    run = tdesk("players", first, "--remember")
    assert (run.code, run.out.strip()) == (0, "3 players added to the registry, 0 updated.")
    event(tdesk, second, "北大")
    listed = tdesk("players", second, "--json").json()
    assert [(p["id"], p["name"], p["unit"], p["entrant"], p["known"]) for p in listed["players"]] == [
        (1, "张三", "北大", "甲", False), (2, "李四", "北大", "甲", False), (3, "王五", "复旦", "乙", True)]  # fmt: skip
    assert [(p["player"], p["registry"], p["why"]) for p in listed["proposals"]] == [
        (1, 1, "unit-spelling"), (2, 2, "unit-spelling")]  # fmt: skip
    text = tdesk("players", second).out
    assert "Likely the same person" in text and "the unit is spelt otherwise" in text
    run = tdesk("players", second, "--merge", 1, 1, "--reason", "同一人")
    assert run.code == 0 and "张三 is now linked" in run.out
    assert [p["player"] for p in tdesk("players", second, "--json").json()["proposals"]] == [2]
    audit = tdesk("audit", second, "--json").json()
    assert any(e["action"] == "player-merge" and e["reason"] == "同一人" for e in audit)


def test_an_ident_and_a_refused_merge(tdesk: Tdesk, tmp_path: Path) -> None:
    path = tmp_path / "一.tdesk"
    event(tdesk, path, "北京大学")
    assert tdesk("players", path, "--ident", 1, "0123").out.strip() == "张三's ident is now '0123'."
    run = tdesk("players", path, "--ident", "张三", "0123")
    assert run.code != 0 and "The player number '张三' is not a number." in run.err
    before = fingerprint(path)
    run = tdesk("players", path, "--merge", 1, 5)
    assert run.code != 0 and "There is no player number 5 in the registry." in run.err
    assert fingerprint(path) == before


def test_the_registry_is_exported_and_imported(
    tdesk: Tdesk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "一.tdesk"
    event(tdesk, path, "北京大学")
    tdesk("players", path, "--remember")
    out = tmp_path / "选手库.xlsx"
    assert tdesk("players", "--registry-export", out).out.strip() == f"3 players written to {out}."
    monkeypatch.setenv("TDESK_DATA_DIR", str(tmp_path / "another computer"))
    assert (
        tdesk("players", "--registry-import", out).out.strip()
        == "3 players added to the registry, 0 updated."
    )
    listed = tdesk("players", "--registry", "--json").json()
    assert [(p["name"], p["unit"]) for p in listed["players"]] == [("张三", "北京大学"), ("李四", "北京大学"),
                                                                   ("王五", "复旦")]  # fmt: skip
    assert "张三" in tdesk("players", "--registry").out


def test_what_goes_together_and_what_does_not(tdesk: Tdesk, tmp_path: Path) -> None:
    run = tdesk("players")
    assert run.code != 0 and "Name a tournament file" in run.err
    path = tmp_path / "一.tdesk"
    event(tdesk, path, "北京大学")
    run = tdesk("players", path, "--registry-export", tmp_path / "x.xlsx")
    assert run.code != 0 and "The registry options go alone" in run.err
    bad = tmp_path / "bad.csv"
    bad.write_text("姓名,单位\n,复旦\n", encoding="utf-8")
    run = tdesk("players", "--registry-import", bad)
    assert run.code != 0 and "Nothing was imported: row 2 has no name." in run.err


def test_a_proposal_refused_with_not_same_is_not_made_again(tdesk: Tdesk, tmp_path: Path) -> None:
    first, second = tmp_path / "一.tdesk", tmp_path / "二.tdesk"
    event(tdesk, first, "北京大学")
    tdesk("players", first, "--remember")
    event(tdesk, second, "北大")
    run = tdesk("players", second, "--not-same", 2, 2, "--reason", "另一个李四")
    assert (run.code, run.out.strip()) == (0, "Kept apart: player 2 is not the registry's player 2.")
    assert [p["player"] for p in tdesk("players", second, "--json").json()["proposals"]] == [1]
    audit = tdesk("audit", second, "--json").json()
    assert any(e["action"] == "player-apart" and e["reason"] == "另一个李四" for e in audit)
    run = tdesk("players", "--registry", "--not-same", 1, 1)
    assert run.code != 0 and "The registry options go alone" in run.err
