"""A change based on a stale read is refused, naming who changed the table and when (issue 18): a result typed
at station A for a table station B changed since A looked at it, and A's undo after B's correction. On a file
and on a PostgreSQL server alike."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.postgres import Cluster
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.results.levels import record_result, restore_table, table_state
from tournament_desk.services.results.table import ChangedElsewhere
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.transfer import move

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)


@pytest.fixture(params=["file", pytest.param("server", marks=pytest.mark.system)])
def two_stations(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Desk, Desk]]:
    path = tmp_path / "shared.tdesk"
    create_demo(path, entrants=12, units=3, played=1, seed=5).close()
    where: dict[str, object] = {"path": path}
    if request.param == "server":
        cluster: Cluster = request.getfixturevalue("postgres")
        url = cluster.fresh_url()
        move(source_path=path, target_url=url)
        where = {"url": url}
    a = Desk.open(station="A站", **where)  # type: ignore[arg-type]
    b = Desk.open(station="B站", **where)  # type: ignore[arg-type]
    pair_next_round(a)
    yield a, b
    a.close()
    b.close()


def test_a_result_typed_on_a_stale_view_is_refused(two_stations: tuple[Desk, Desk]) -> None:
    a, b = two_stations
    seen = table_state(a, 2, 1)  # what A's window shows
    record_result(b, 2, 1, "K", "9")  # B enters the scoresheet meanwhile
    with pytest.raises(ChangedElsewhere) as refused:
        record_result(a, 2, 1, "10", "9", expected=seen)
    assert "B站" in str(refused.value) and "table 1" in str(refused.value)
    assert table_state(a, 2, 1)["home_level"] == "K"  # B's result stands
    # With a fresh look, A's correction goes through.
    record_result(a, 2, 1, "10", "9", expected=table_state(a, 2, 1))
    assert table_state(b, 2, 1)["home_level"] == "10"


def test_undo_restores_only_what_nobody_changed_since(two_stations: tuple[Desk, Desk]) -> None:
    a, b = two_stations
    before = table_state(a, 2, 2)
    record_result(a, 2, 2, "Q", "9")
    after = table_state(a, 2, 2)
    record_result(b, 2, 2, "Q", "J", reason="B站核对记分表")  # B corrects A's entry
    with pytest.raises(ChangedElsewhere) as refused:
        restore_table(a, 2, 2, before, reason="undo", expected=after)  # A's Ctrl+Z
    assert "B站" in str(refused.value)
    assert table_state(a, 2, 2)["away_level"] == "J"  # B's correction is not wiped
    # Undo of a change nobody touched since still works.
    before3 = table_state(a, 2, 3)
    record_result(a, 2, 3, "A", "2")
    restore_table(a, 2, 3, before3, reason="undo", expected=table_state(a, 2, 3))
    assert table_state(a, 2, 3) == before3
