"""Printing and export (rules.md §10): which files a request writes, and writing them safely.

What each format prints and how is its documents module's (``services.documents``, one registry); this module
checks the request, asks the registry for each document's builder and writes the files. Each report is first
built into a hidden temporary file in the target folder and moved into place only when every requested file is
complete, so an error never leaves a half-written or partial set behind.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Mapping
from pathlib import Path

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.names import checked_name
from tournament_desk.reports import REPORTS
from tournament_desk.services import documents
from tournament_desk.services.desk import Desk
from tournament_desk.services.documents.base import BRACKET, ENTRY_SHEETS, SCORESHEETS, Builder
from tournament_desk.services.documents.groups_knockout import group_stage_data
from tournament_desk.services.documents.mitchell import guide_cards_data, mitchell_results, travellers_data
from tournament_desk.services.documents.reading import entrant_data, event_header, paired_round, round_data
from tournament_desk.services.documents.round_robin import roundrobin_grid
from tournament_desk.services.event import event_info
from tournament_desk.services.output.disk import disk_trouble, drop_writers
from tournament_desk.userdata import backup_folder

__all__ = [
    "BRACKET",
    "CHOICES",
    "REPORTS",
    "Builder",
    "entrant_data",
    "event_header",
    "event_info",
    "export",
    "group_stage_data",
    "guide_cards_data",
    "mitchell_results",
    "paired_round",
    "round_data",
    "roundrobin_grid",
    "travellers_data",
    "write",
]

CHOICES = (*REPORTS, BRACKET, "all")
SUFFIXES = (".pdf", ".xlsx")
ORGANISER_MAX = 100  # characters of the certificates' organiser line (one line in large type)


def export(
    desk: Desk,
    what: str,
    out: Path,
    *,
    round_no: int | None = None,
    top: int | None = None,
    live_urls: Mapping[int, str] | None = None,
    organiser: str | None = None,
) -> list[Path]:
    """Write the report ``what`` (or ``all``) to ``out``; the suffix .pdf or .xlsx picks the format.

    ``top``: certificates for the places up to this one (default: the event's format says, 8 or 3);
    ``organiser``: the organiser line (主办单位) the certificates carry.
    ``live_urls`` (table → its entry address on the LAN server, ``services.printing``): the scoresheets are the
    format's paper for table entry, each table's page carrying its address as a QR code.

    ``round_no`` is the round of the pairing sheet and scoresheets (default: the last paired round) and the
    round the standings, ranking, cross-table and certificates follow (default: the last complete round).
    A PDF ``all`` writes one file per report the event's formats print and can print now beside ``out``
    (``NAME-pairings.pdf``, …); Excel always writes the one workbook of the whole event. Returns the files
    written.
    """
    out = Path(out)
    _check_request(what, out)
    # Every document is read in one read transaction (one moment of the event, however many documents), and
    # drawn once it has ended: a long drawing never keeps another desk from saving.
    with desk.db.transaction():
        beside = what == "all" and out.suffix.lower() == ".pdf"
        reports = documents.ready(desk, round_no) if beside else ()
        _refuse_overwriting_the_event(desk, [_beside(out, r) for r in reports] if beside else [out])
        if top is not None and not 1 <= top <= 500:
            raise BadInput("Certificates go to places 1 to a number from 1 to 500, not {top}.", top=top)
        if top is not None and what != "certificates":
            raise BadInput("The number of certificates goes with the certificates only.")
        organiser = checked_name(organiser, what="organiser", most=ORGANISER_MAX) or None
        if organiser is not None and what != "certificates":
            raise BadInput("The organiser line goes with the certificates only.")
        if out.suffix.lower() == ".xlsx":
            jobs = {out: documents.workbook(desk, round_no)}
        elif beside:
            jobs = {
                _beside(out, report): documents.make(desk, report, round_no=round_no) for report in reports
            }
        else:
            kind = ENTRY_SHEETS if live_urls is not None and what == SCORESHEETS else what
            jobs = {
                out: documents.make(
                    desk, kind, round_no=round_no, top=top, live_urls=live_urls, organiser=organiser
                )
            }
    return write(jobs)


def _check_request(what: str, out: Path) -> None:
    if what not in CHOICES:
        raise BadInput(
            "Unknown report '{what}': choose one of {choices}.", what=what, choices=", ".join(CHOICES)
        )
    if out.suffix.lower() not in SUFFIXES:
        raise BadInput("'{path}' must end in .pdf or .xlsx.", path=str(out))
    if not out.parent.is_dir():
        raise BadInput("The folder '{folder}' does not exist.", folder=str(out.parent))


def _beside(out: Path, report: str) -> Path:
    return out.with_name(f"{out.stem}-{report}{out.suffix}")


def _refuse_overwriting_the_event(desk: Desk, targets: list[Path]) -> None:
    """An export never replaces the tournament file, nor lands among its automatic backups."""
    event = desk.db.path
    if event is None:
        return
    backups = backup_folder(event).resolve()
    for target in targets:
        resolved = target.resolve()
        if (
            resolved == event.resolve()
            or resolved.parent == backups
            or (resolved.exists() and resolved.is_file() and _is_sqlite(resolved))
        ):
            raise BadInput(
                "'{path}' is a tournament file (or one of its backups); export to another name.",
                path=str(target),
            )


def _is_sqlite(path: Path) -> bool:
    try:
        with path.open("rb") as fh:
            return fh.read(16) == b"SQLite format 3\x00"
    except OSError:
        return False


def write(jobs: dict[Path, Builder]) -> list[Path]:
    """Build each file beside its target and put them all in place only when every one was built."""
    temps: dict[Path, Path] = {}
    target = next(iter(jobs), Path())
    try:
        for target, build in jobs.items():
            temps[target] = _temp_beside(target)
            build(temps[target])
        for target, temp in temps.items():
            os.replace(temp, target)
    except OSError as exc:  # a full or read-only disk: one sentence (the temporary files go below)
        trouble = disk_trouble(exc, target)
        if trouble is None:
            raise
        drop_writers(exc)
        raise trouble from exc
    finally:
        for temp in temps.values():
            temp.unlink(missing_ok=True)
    return list(jobs)


def _temp_beside(target: Path) -> Path:
    """A new hidden file next to ``target``, with the permissions a plain new file gets (umask applies)."""
    while True:
        temp = target.with_name(f".{target.stem}-{secrets.token_hex(4)}{target.suffix}")
        try:
            os.close(os.open(temp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o666))
        except FileExistsError:
            continue
        return temp
