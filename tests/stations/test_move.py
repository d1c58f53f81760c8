"""Moving an event to a PostgreSQL server and back to a file (issue 18): every row copied and checked, the
standings and the audit trail's chain the same, new rows numbered on; a non-empty target refused, nothing
changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk, fingerprint
from tests.postgres import Cluster

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


def test_an_event_moves_to_the_server_and_back_unchanged(
    tdesk: Tdesk, tmp_path: Path, postgres: Cluster
) -> None:
    path = tmp_path / "event.tdesk"
    assert tdesk("demo", path, "--entrants", 40, "--played", 3, "--rounds", 5, "--seed", 4).code == 0
    assert tdesk("deduct", path, 2, tdesk("entrant", "list", path, "--json").json()[0]["name"], "0.5",
                 "--reason", "违例").code == 0  # fmt: skip
    before = fingerprint(path)
    standings = tdesk("standings", path, "--json").json()
    url = postgres.fresh_url()
    moved = tdesk("move", path, "--to-db", url, "--station", "主裁台")
    assert moved.code == 0, moved.err
    assert fingerprint(path) == before  # the source is not changed
    assert tdesk("standings", "--db", url, "--json").json() == standings
    assert tdesk("audit", "--db", url, "--verify").code == 0
    trail = tdesk("audit", "--db", url, "--json").json()
    assert trail[-1]["action"] == "move" and trail[-1]["station"] == "主裁台"
    assert str(path) in str(trail[-1]["old"]) and "@" not in str(trail[-1]["new"])
    # The event goes on on the server: new rows continue the numbering (the next round pairs and scores).
    paired = tdesk("pair", "--db", url, "--json")
    assert paired.code == 0, paired.err
    table = paired.json()["tables"][0]
    assert tdesk("result", "--db", url, 4, table["table"], "Q", "9").code == 0
    # …and back to a new file, the same again.
    back = tmp_path / "back.tdesk"
    assert tdesk("move", "--db", url, "--to", back).code == 0
    assert tdesk("standings", back, "--json").json() == tdesk("standings", "--db", url, "--json").json()
    assert tdesk("audit", back, "--verify").code == 0
    assert tdesk("round", back, 4, "--json").json() == tdesk("round", "--db", url, 4, "--json").json()


def test_a_server_database_that_is_not_empty_is_refused(
    tdesk: Tdesk, tmp_path: Path, postgres: Cluster
) -> None:
    path = tmp_path / "event.tdesk"
    assert tdesk("demo", path, "--entrants", 12, "--played", 1).code == 0
    url = postgres.fresh_url()
    assert tdesk("new", "--db", url, "--name", "已有").code == 0
    refused = tdesk("move", path, "--to-db", url)
    assert refused.code == 2 and "not empty" in refused.err
    assert tdesk("entrant", "list", "--db", url, "--json").json() == []
    existing = tmp_path / "exists.tdesk"
    existing.write_bytes(path.read_bytes())
    assert tdesk("move", path, "--to", existing).code == 2
