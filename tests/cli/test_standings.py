"""``tdesk standings`` (cli/standings.py): the table a director reads and the JSON a script reads agree, after any
round; an unfinished round says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk


@pytest.fixture
def event(tdesk: Tdesk, tmp_path: Path) -> Path:
    path = tmp_path / "standings.tdesk"
    assert tdesk("demo", path, "--entrants", 8, "--played", 2).code == 0
    return path


@pytest.mark.slow
def test_the_text_and_the_json_rank_the_same_entrants(tdesk: Tdesk, event: Path) -> None:
    data = tdesk("standings", event, "--json").json()
    text = tdesk("standings", event).out.splitlines()
    assert text[0] == f"Standings after round {data['after_round']}" == "Standings after round 2"
    assert text[1].split()[:3] == ["Rank", "Name", "Unit"] and text[1].split()[-1] == "Played"
    ranked = [line.split()[1] for line in text[2:] if line.strip()]
    assert ranked == [row["name"] for row in data["rows"]] and len(ranked) == 8


@pytest.mark.slow
def test_after_an_earlier_round_and_with_a_round_unfinished(tdesk: Tdesk, event: Path) -> None:
    first = tdesk("standings", event, "--after-round", 1, "--json").json()
    assert first["after_round"] == 1 and all(row["played"] == 1 for row in first["rows"])
    assert tdesk("pair", event).code == 0  # round 3 paired, no result yet
    text = tdesk("standings", event, "--after-round", 3).out
    assert "Some results of these rounds are still missing." in text
    assert tdesk("standings", event, "--after-round", 9).code == 2  # past what is paired: one sentence
