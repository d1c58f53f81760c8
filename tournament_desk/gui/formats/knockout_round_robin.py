"""Knockout rounds into a round-robin final (淘汰 + 循环决赛, rules.md §7.7): the knockout page while the knockout
rounds are played, then the final's rounds on the results page (stage ``round_robin_final``)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from tournament_desk.domain.formats.knockout_stage import FINALISTS
from tournament_desk.gui.formats.base import Choice
from tournament_desk.gui.formats.knockout import Knockout
from tournament_desk.gui.formats.rows import combo_row


def tr(text: str) -> str:
    return QCoreApplication.translate("Formats", text)


def finalist_counts() -> Sequence[tuple[str, object]]:
    return [(tr("{count} (the last {count} of the knockout)").format(count=n), n) for n in FINALISTS]


class KnockoutRoundRobin(Knockout):
    name = "knockout-round-robin"
    rows = (combo_row("finalists", lambda: tr("Finalists"), finalist_counts),)

    def choices(self) -> tuple[Choice, ...]:
        return (Choice(self.name, tr("Knockout into a round-robin final: the last 4 or 8 play a round robin "
                                     "(淘汰 + 循环决赛)")),)  # fmt: skip

    def rounds_note(self) -> str | None:
        return tr("The knockout's rounds and the final's follow from the number of entrants.")
