"""What every ``tdesk`` command shares: where it prints, and which tournament it opens (a file or ``--db``)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from tournament_desk.cli.base import Commands
from tournament_desk.services.event import create_tournament
from tournament_desk.services.live import event_name


def test_out_prints_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    Commands(argparse.Namespace()).out("甲队 3")
    assert capsys.readouterr().out == "甲队 3\n"


def test_the_target_is_the_file_or_the_database_url() -> None:
    assert Commands(argparse.Namespace(db=None, file="e.tdesk")).target() == (Path("e.tdesk"), None)
    url = "postgresql+psycopg://h/db"
    assert Commands(argparse.Namespace(db=url, file="\0db")).target() == (None, url)


@pytest.mark.slow
def test_open_gives_the_event_of_the_file(tmp_path: Path) -> None:
    path = tmp_path / "e.tdesk"
    create_tournament(path, name="开放杯").close()
    args = argparse.Namespace(db=None, file=str(path), station="桌边", wait=1)
    with Commands(args).open() as desk:
        assert event_name(desk) == "开放杯"


def test_a_table_aligns_its_columns() -> None:
    out = Commands(argparse.Namespace()).table(["Name", "MP"], [["甲队", 3]], {1})
    assert out.splitlines() == ["Name  MP", "甲队   3"]
