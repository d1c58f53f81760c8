from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.reports.poppler import require_poppler
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.output.export import REPORTS, export


@pytest.fixture(scope="package")
def event(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Desk]:
    """12 teams with Chinese names in 3 units, 3 rounds played."""
    desk = create_demo(tmp_path_factory.mktemp("event") / "d.tdesk", entrants=12, units=3, played=3)
    yield desk
    desk.close()


@pytest.fixture(scope="package")
def odd_event(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Desk]:
    """13 teams: every round has a bye."""
    desk = create_demo(tmp_path_factory.mktemp("odd") / "o.tdesk", entrants=13, units=3, played=2)
    yield desk
    desk.close()


@pytest.fixture(scope="package")
def pdfs(event: Desk, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every report of the 12-team event, rendered once for the whole package."""
    require_poppler()
    folder = tmp_path_factory.mktemp("pdfs")
    written = export(event, "all", folder / "event.pdf")
    return dict(zip(REPORTS, written, strict=True))
