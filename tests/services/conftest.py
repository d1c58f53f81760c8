"""Where a services test keeps its events (issue 18): ``events`` creates them on the test's store — files under
``tmp_path``, or each a fresh PostgreSQL database (modules marked ``both_stores`` run on both; see
tests/conftest.py)."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from tests.postgres import Cluster
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament


class Events:
    def __init__(self, folder: Path, cluster: Cluster | None) -> None:
        self.folder = folder
        self.cluster = cluster
        self._numbers = itertools.count(1)

    def _where(self) -> tuple[Path | None, str | None]:
        if self.cluster is not None:
            return None, self.cluster.fresh_url()
        return self.folder / f"event-{next(self._numbers)}.tdesk", None

    def create(self, **settings: Any) -> Desk:
        """``create_tournament`` on this store."""
        path, url = self._where()
        return create_tournament(path, url=url, **settings)

    def demo(self, **settings: Any) -> Desk:
        """``create_demo`` on this store."""
        path, url = self._where()
        return create_demo(path, url=url, **settings)

    def copy_of(self, path: Path) -> Desk:
        """A prepared tournament file, copied onto this store and opened."""
        from tournament_desk.services.transfer import move

        target, url = self._where()
        if url is not None:
            move(source_path=path, target_url=url)
            return Desk.open(url=url)
        assert target is not None
        target.write_bytes(path.read_bytes())
        return Desk.open(target)


@pytest.fixture
def events(tmp_path: Path, store: str, request: pytest.FixtureRequest) -> Events:
    return Events(tmp_path, request.getfixturevalue("postgres") if store == "postgres" else None)
