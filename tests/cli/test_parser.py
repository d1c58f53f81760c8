"""The ``tdesk`` command line: what the parser accepts and refuses, and ``--db URL`` in place of FILE."""

from __future__ import annotations

from datetime import date

import pytest

from tournament_desk.cli.parser import DB_PLACEHOLDER, build_parser, with_db_placeholder


def test_a_new_event_reads_its_dates_and_counts() -> None:
    args = build_parser().parse_args(
        ["new", "e.tdesk", "--name", "杯", "--rounds", "5", "--starts", "2026-11-21", "--ends", "2026-11-22"]
    )
    assert args.name == "杯" and args.rounds == 5 and args.format == "swiss"
    assert (args.starts, args.ends) == (date(2026, 11, 21), date(2026, 11, 22))


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["new", "e.tdesk", "--name", "x", "--starts", "21/11/2026"], "is not a date like 2026-11-22"),
        (["new", "e.tdesk", "--name", "x", "--rounds", "-1"], "-1 is negative"),
        (["forfeit", "e.tdesk", "two", "1"], "'two' is not a whole number"),
        (["new", "e.tdesk", "--name", "x", "--format", "ladder"], "invalid choice"),
    ],
)
def test_bad_words_are_refused_with_the_reason(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(argv)
    assert exit_.value.code == 2
    assert says in capsys.readouterr().err


def test_without_db_the_words_are_left_alone() -> None:
    argv = ["result", "e.tdesk", "1", "2", "A", "9"]
    assert with_db_placeholder(argv) == argv


def test_db_takes_the_place_of_file_and_moves_to_the_end() -> None:
    url = "postgresql://h/db"
    assert with_db_placeholder(["result", "--db", url, "1", "2", "A", "9"]) == [
        "result", DB_PLACEHOLDER, "1", "2", "A", "9", "--db", url,
    ]  # fmt: skip
    assert with_db_placeholder(["pair", f"--db={url}"]) == ["pair", DB_PLACEHOLDER, f"--db={url}"]


def test_entrant_commands_have_two_words_before_file() -> None:
    assert with_db_placeholder(["entrant", "add", "--db", "u", "甲队"]) == [
        "entrant", "add", DB_PLACEHOLDER, "甲队", "--db", "u",
    ]  # fmt: skip


def test_after_a_double_dash_the_option_goes_before_file() -> None:
    assert with_db_placeholder(["result", "--db", "u", "1", "2", "--", "-1"]) == [
        "result", "--db", "u", DB_PLACEHOLDER, "1", "2", "--", "-1",
    ]  # fmt: skip


def test_the_placeholder_parses_as_the_file() -> None:
    args = build_parser().parse_args(
        with_db_placeholder(["forfeit", "--db", "u", "3", "4", "--side", "home"])
    )
    assert (args.round, args.table, args.side) == (3, 4, "home")
    assert (args.file, args.db) == (DB_PLACEHOLDER, "u")
