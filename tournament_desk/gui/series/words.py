"""The series window's sentences about a series: the rule, an event's status, what is not final, a merge to
confirm — each in the director's language (``self.tr``), names as typed."""

from __future__ import annotations

from PySide6.QtCore import QObject

from tournament_desk.domain.series import PER_UNIT, SeriesRule
from tournament_desk.reports.series_data import SeriesData, SeriesEventData, figure
from tournament_desk.services.series_standings import MergeCandidate


def spelling(key: str) -> str:
    """An entrant's key ``NAME|UNIT`` as the director reads it: 东风 (北京桥牌协会)."""
    name, bar, unit = key.partition("|")
    return f"{name} ({unit})" if bar and unit else name if bar else key


class SeriesWords(QObject):
    def rule_text(self, rule: SeriesRule) -> str:
        points = ", ".join(figure(p) for p in rule.points)
        parts = [self.tr("Points by place: {points} (0 beyond).").format(points=points)]
        if rule.best is not None:
            parts.append(self.tr("The best {best} events count.").format(best=rule.best))
        else:
            parts.append(self.tr("Every event counts."))
        if rule.min_events:
            parts.append(self.tr("Ranked from {count} events played.").format(count=rule.min_events))
        if rule.per == PER_UNIT:
            parts.append(self.tr("Per unit: the units' totals (a sports meet)."))
        return " ".join(parts)

    def status_text(self, event: SeriesEventData) -> str:
        if event.status == "final":
            text = self.tr("Final")
        elif event.status == "in-progress":
            text = self.tr("In progress (after round {round})").format(round=event.after_round)
        elif event.status == "missing":
            text = self.tr("Missing: not counted")
        else:
            text = self.tr("Cannot be read: not counted")
        if event.changed:
            text += self.tr("; changed since it was added")
        return text

    def warning_text(self, data: SeriesData) -> str:
        """One sentence naming every event that is not final, changed, missing or unreadable ("" for none)."""
        named = [
            self.tr("#{number} {name} ({status})").format(
                number=e.number, name=e.name, status=self.status_text(e)
            )
            for e in data.events
            if e.status != "final" or e.changed
        ]
        if not named:
            return ""
        return self.tr("Not final or not counted: {events}.").format(events="; ".join(named))

    def merge_text(self, c: MergeCandidate, *, same_players: bool = False) -> str:
        events = ", ".join(str(n) for n in c.other_events)
        keep = ", ".join(str(n) for n in c.keep_events)
        text = self.tr("{other} (events {other_events}) is {keep} (events {keep_events})").format(
            other=spelling(c.other), other_events=events, keep=spelling(c.keep), keep_events=keep
        )
        # The registry of players knows the same persons play for both: the strongest ground, said first.
        return self.tr("{text}: the same players").format(text=text) if same_players else text
