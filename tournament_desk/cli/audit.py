"""``tdesk audit``: who changed what, when and why; ``--verify`` checks the trail's chain."""

from __future__ import annotations

import json

from tournament_desk.cli.base import Commands
from tournament_desk.cli.output import (
    change_text,
    text_table,
)
from tournament_desk.domain.errors import TournamentError
from tournament_desk.i18n import tr
from tournament_desk.services.audit import audit_trail


class AuditCommands(Commands):
    def audit(self) -> None:
        a = self.args
        if a.verify:
            self.verify_audit()
            return
        with self.open() as desk:
            entries = audit_trail(desk, round_no=a.round, table_no=a.table, entrant=a.entrant)
        if a.json:
            self.out(
                json.dumps([{**vars(e), "at": e.at.isoformat(sep=" ")} for e in entries], ensure_ascii=False)
            )
            return
        headers = [tr("Time"), tr("Station"), tr("Action"), tr("Round"), tr("Table"), tr("Entrant"), tr("Change"),
                   tr("Reason")]  # fmt: skip
        rows = [
            [e.at.isoformat(sep=" "), e.station, tr(e.action), e.round, e.table, e.entrant,
             change_text(e.old, e.new), e.reason or ""]
            for e in entries
        ]  # fmt: skip
        self.out(text_table(headers, rows, {3, 4}))

    def verify_audit(self) -> None:
        from tournament_desk.services.audit import verify_trail

        with self.open() as desk:
            check = verify_trail(desk)
        if check.broken_at is None and check.problem is not None:  # a result differs from what the trail says
            raise AuditBroken(check.problem.template, **check.problem.params)
        if check.broken_at is None:
            self.out(
                tr(
                    "The audit trail is intact: {count} entries, each chained to the one before.",
                    count=check.entries,
                )
            )
            return
        raise AuditBroken(
            "The audit trail was changed outside the program at entry {id} ({at}): that entry and every one after "
            "it can no longer be trusted; open a backup to compare.",
            id=check.broken_at,
            at=check.broken_when.isoformat(sep=" ") if check.broken_when else "?",
        )


class AuditBroken(TournamentError):
    """``tdesk audit --verify`` found a broken link: exit status 1, like any finding that is not bad input."""
