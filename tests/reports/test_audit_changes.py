"""An audit entry's change in words: stored values as text, a table's state, one sentence per action."""

from __future__ import annotations

from tournament_desk.reports.audit_changes import change, number_text, result_summary, value_text


def english(message: object) -> str | None:
    return None if message is None else str(message)


def test_numbers_and_values_as_plain_text() -> None:
    assert [number_text(7.5), number_text(41.0), number_text(-0.0), number_text(10.333)] == [
        "7.5",
        "41",
        "0",
        "10.33",
    ]
    assert value_text(None) == "—" and value_text(True) == "✓" and value_text(False) == "✗"
    assert value_text([1, 2.0, "甲"]) == "1,2,甲"
    assert value_text([[1, "甲", "乙"], [2, "丙", "丁"]]) == "1 甲 乙, 2 丙 丁"
    assert value_text({"kind": "played", "mp": 1.5}) == "played, 1.5"
    assert value_text({"kind": "played", "mp": 1.5}, keys=True) == "{kind: played, mp: 1.5}"


def test_a_tables_state_in_words() -> None:
    assert str(result_summary({"kind": "played", "home_level": "9", "away_level": "6"})) == "9 : 6"
    assert str(result_summary({"kind": "played", "xmp": 4.0})) == "4 XMP"
    assert str(result_summary({"kind": "played"})) == "played, no levels"
    assert str(result_summary({"kind": "forfeit", "side": "away"})) == "forfeit by the away side"
    assert str(result_summary({"kind": "ruling", "side": "both"})) == "loss by ruling for both sides"
    assert str(result_summary(None)) == str(result_summary({"kind": "pending"})) == "no result"
    assert str(result_summary({"kind": "rest"})) == "no match (rest)"


def test_a_result_entered_then_changed() -> None:
    played = {"kind": "played", "home_level": "A", "away_level": "3"}
    assert english(change("result", None, played, "甲队", 4)) == "result A : 3 entered"
    changed = change("result", {"kind": "played", "home_level": "9", "away_level": "6"}, played, "甲队", 4)
    assert english(changed) == "result 9 : 6 changed to A : 3"
    assert english(change("clear", played, None, "甲队", 4)) == "result A : 3 cleared"


def test_entrant_round_event_and_live_actions_each_have_their_sentence() -> None:
    assert english(change("withdraw", {}, {"after_round": 3}, "乙队", None)) == "乙队 withdrawn after round 3"
    assert english(change("deduct", {}, {"mp": 0.5}, "乙队", None)) == "0.5 MP deducted from 乙队"
    edit = change("entrant-edit", {"name": "乙", "unit": "A"}, {"name": "乙队", "unit": "A"}, "乙队", None)
    assert english(edit) == "乙队 corrected: name 乙 → 乙队"
    assert english(change("pair", None, {"tables": [[1, 2], [3, 4]], "bye": "丙队"}, "", None)) == (
        "paired: 2 tables, bye: 丙队"
    )
    swap = change("swap", None, {"swap": ["甲队", "乙队"], "breaks": {"3": "rematch"}}, "", None)
    assert english(swap) == "甲队 and 乙队 swapped, against the pairing rules at table 3 (a rematch)"
    assert english(change("create", None, {"name": "秋季赛"}, "", None)) == "tournament “秋季赛” created"
    assert (
        english(change("clock", None, {"remaining": 600}, "", None)) == "round clock changed: 10 minutes left"
    )
    assert (
        english(change("live-freeze", None, {"rounds": 0}, "", None)) == "public standings no longer frozen"
    )


def test_an_action_without_a_sentence_answers_none() -> None:
    assert change("something-new", {"a": 1}, {"a": 2}, "甲队", None) is None
