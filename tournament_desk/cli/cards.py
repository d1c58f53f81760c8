"""``tdesk cards`` and ``tdesk phones``: the entry cards (录分卡) and the director's hold on phone entry
(``services.live_cards``); ``tdesk export FILE cards`` prints them.

    tdesk cards FILE [--json]                  every entrant's card: its code and whether a phone holds it
    tdesk cards FILE --reissue NAME [--reason] a new code for a lost card; the old one stops at once
    tdesk cards FILE --release NAME [--reason] the card's phone lets go (a flat battery); the code stays
    tdesk phones FILE ROUND --close|--open [--table T …] [--reason]   phone entry for a round or some tables
"""

from __future__ import annotations

import json
from pathlib import Path

from tournament_desk.cli.base import Commands
from tournament_desk.domain.errors import BadInput
from tournament_desk.i18n import tr
from tournament_desk.services import live


class CardCommands(Commands):
    """``tdesk cards`` and ``tdesk phones``."""

    def cards(self) -> None:
        a = self.args
        if a.reissue and a.release:
            raise BadInput("Give --reissue or --release, not both.")
        with self.open() as desk:
            if a.reissue:
                card = live.reissue(desk, a.reissue, reason=a.reason)
                self.out(tr("{name}'s entry card is reissued: the new code is {code}; the old code no longer "
                            "works. Print it: tdesk export FILE cards --name NAME.", name=card.name,
                            code=card.printed))  # fmt: skip
                return
            if a.release:
                card = live.release(desk, a.release, reason=a.reason)
                self.out(
                    tr("{name}'s entry card is released: the next phone to scan it takes it.", name=card.name)
                )
                return
            cards = live.cards(desk)
        if a.json:
            rows = [{"name": c.name, "code": c.printed, "phone": c.phone, "withdrawn": c.withdrawn,
                     "issued_at": c.issued_at.isoformat(timespec="seconds")} for c in cards]  # fmt: skip
            self.out(json.dumps({"cards": rows}, ensure_ascii=False))
            return
        headers = [tr("Entrant"), tr("Code"), tr("Phone")]
        self.out(self.table(headers, [[c.name, c.printed, c.phone or "–"] for c in cards], set()))

    def phones(self) -> None:
        a = self.args
        if a.close == a.open:
            raise BadInput("Give --close or --open.")
        with self.open() as desk:
            changed = live.set_phone_lock(desk, a.round, a.table or None, locked=a.close, reason=a.reason)
        tables = ", ".join(map(str, changed)) or "–"
        if a.close:
            self.out(
                tr("Phone entry closed for round {round}, tables {tables}.", round=a.round, tables=tables)
            )
        else:
            self.out(
                tr("Phone entry open again for round {round}, tables {tables}.", round=a.round, tables=tables)
            )

    def export_cards(self) -> None:
        from tournament_desk.services.output.card_sheets import export_cards

        a = self.args
        with self.open() as desk:
            done = export_cards(desk, Path(a.output), base_url=a.url or a.live_url, names=a.name or None)
        self.out(tr("Wrote {files}.", files=str(done)))
