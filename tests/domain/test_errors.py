"""Typed errors carry a translatable template and its parameters, and read as English in logs."""

from __future__ import annotations

from tournament_desk.domain.errors import BadInput, Message, PairingError, TournamentError, msg

UPPER = {"Row {row}: {problem}": "第 {row} 行：{problem}", "no name": "没有名字", "; ": "；"}


def test_a_message_renders_its_parameters_in_english_by_default() -> None:
    m = msg("Row {row}: {problem}", row=3, problem="no name")
    assert str(m) == "Row 3: no name"
    assert m == Message("Row {row}: {problem}", {"row": 3, "problem": "no name"})


def test_nested_messages_and_lists_of_them_are_translated_too() -> None:
    rows = [msg("Row {row}: {problem}", row=2, problem=msg("no name")), msg("no name")]
    m = msg("{rows}", rows=rows)
    assert m.render() == "Row 2: no name; no name"
    assert m.render(lambda t: UPPER.get(t, t)) == "第 2 行：没有名字；没有名字"


def test_errors_keep_their_message_and_exit_status() -> None:
    error = BadInput("There is no table {table}.", table=9)
    assert str(error) == "There is no table 9."
    assert error.message.params == {"table": 9}
    assert (TournamentError("x").exit_code, error.exit_code, PairingError("y").exit_code) == (1, 2, 2)
    assert isinstance(PairingError("y"), BadInput)
