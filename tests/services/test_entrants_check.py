"""Checking a sign-up sheet's rows (services/entrants_check.py): what each event's entrants hold, rows kept and
corrected in the preview, and the import of those rows (services/entrants.py) in one audited transaction."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.i18n import render
from tournament_desk.services import entrants as es
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.entrants_check import SheetCheck, SheetLine


def problems(check: SheetCheck, *lines: SheetLine) -> list[tuple[str | None, str | None]]:
    return [
        (render(r.problem) if r.problem else None, render(r.warning) if r.warning else None)
        for r in check.check(lines)
    ]


def test_the_players_an_entrant_has_follow_the_event(events: Events) -> None:
    sheet = events.folder / "s.csv"
    sheet.write_text("name,players\nA,甲\n", encoding="utf-8")
    kinds = {
        "pairs": events.create(name="对", entrants="pairs"),
        "teams": events.create(name="队", entrants="teams"),
        "duplicate": events.create(name="复式", scoring="duplicate"),
        "team-match": events.create(name="团体", scoring="team-match", pairs=5),
    }
    try:
        wanted = {kind: es.open_entrant_sheet(desk, sheet).check.players for kind, desk in kinds.items()}
    finally:
        for desk in kinds.values():
            desk.close()
    assert wanted == {"pairs": 2, "teams": 4, "duplicate": 4, "team-match": 10}


def test_too_many_players_is_refused_too_few_is_to_check_none_is_fine() -> None:
    check = SheetCheck(players=4)
    assert problems(
        check,
        SheetLine(2, "甲队", players="赵,钱,孙,李"),
        SheetLine(3, "乙队", players="周、吴"),
        SheetLine(4, "丙队", players="郑,王,冯,陈,褚"),
        SheetLine(5, "丁队"),
    ) == [
        (None, None),
        (None, "row 3: 2 players; an entrant of this event has 4"),
        ("row 4: 5 players, more than the 4 an entrant of this event has", None),
        (None, None),
    ]


def test_a_row_can_be_near_a_duplicate_and_short_of_players_at_once() -> None:
    check = SheetCheck(frozenset({"已登记队"}), players=2)
    assert problems(
        check,
        SheetLine(2, "Team A", players="x,y"),
        SheetLine(3, "team a", players="z"),
        SheetLine(4, "已登记队"),
    ) == [
        (None, None),
        (
            None,
            "row 3: 'team a' looks like 'Team A' in row 2; row 3: 1 players; an entrant of this event has 2",
        ),
        ("row 4: '已登记队' is already registered", None),
    ]


def test_rows_kept_and_corrected_are_imported_and_audited(events: Events, tmp_path: Path) -> None:
    desk = events.create(name="杯", entrants="pairs")
    try:
        sheet = tmp_path / "signup.csv"
        sheet.write_text("name,unit,players\nA,复旦,甲;乙\nA,同济,丙\nB,,丁,戊,己\n", encoding="utf-8")
        with pytest.raises(BadInput, match="repeats row 2"):  # the whole sheet, as the CLI imports it
            es.import_entrants(desk, sheet)
        read = es.open_entrant_sheet(desk, sheet).lines
        kept = [read[0], SheetLine(3, "C", "同济", "丙")]
        with pytest.raises(BadInput, match="row 9: no name"):  # one bad row kept: nothing at all
            es.import_entrants(desk, sheet, rows=[*kept, SheetLine(9, "")], read=read)
        assert es.list_entrants(desk) == []
        es.import_entrants(desk, sheet, rows=kept, read=read)
        assert [(e.name, e.unit, e.players) for e in es.list_entrants(desk)] == [
            ("A", "复旦", ("甲", "乙")),
            ("C", "同济", ("丙",)),
        ]
        entry = audit_trail(desk)[-1]
        assert entry.action == "entrant-import"
        assert entry.new == {
            "file": "signup.csv",
            "rows": 2,
            "left_out": [4],
            "corrected": {"3": {"old": ["A", "同济", "丙"], "new": ["C", "同济", "丙"]}},
        }
    finally:
        desk.close()
