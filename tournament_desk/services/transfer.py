"""Moving an event to a database server and back to a file (rules.md §11, issue 18), recorded in the audit trail."""

from __future__ import annotations

from pathlib import Path

from tournament_desk.services.desk import Desk, audit, default_station
from tournament_desk.storage.transfer import move_event


def _where(path: Path | None, url: str | None) -> str:
    if path is not None:
        return str(path)
    # A URL may carry a password: never into the audit trail.
    assert url is not None
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.rpartition('@')[2]}"


def move(
    *,
    source_path: Path | None = None,
    source_url: str | None = None,
    target_path: Path | None = None,
    target_url: str | None = None,
    station: str | None = None,
) -> dict[str, int]:
    """Copy the event to the target (a new file, or an empty database on a server), checked row by row; the
    copy's audit trail records where it came from. The source is not changed. Returns rows per table."""
    counts = move_event(
        source_path=source_path, source_url=source_url, target_path=target_path, target_url=target_url
    )
    desk = Desk.open(target_path, url=target_url, station=station or default_station())
    with desk, desk.db.transaction(write=True) as session:
        audit(session, desk, "move", old={"from": _where(source_path, source_url)},
              new={"to": _where(target_path, target_url), "rows": sum(counts.values())})  # fmt: skip
    return counts
