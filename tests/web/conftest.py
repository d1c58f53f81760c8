"""Fixtures the web tests share."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.events import public_event
from tournament_desk.services.desk import Desk


@pytest.fixture
def swiss(tmp_path: Path) -> Iterator[Desk]:
    """Four teams of a Swiss event, two rounds played."""
    desk = public_event(tmp_path / "s.tdesk")
    yield desk
    desk.close()
