"""``tdesk series``: a series or a sports meet over many events (rules.md §12, §13).

The series file is the one written; member events are only read. ``standings --json`` prints
``{"series", "per", "points", "best", "min_events", "complete", "events": [{"number", "name", "event", "status",
"changed", "after_round", "problem"}], "rows": [{"rank", "name", "unit", "points", "played", "counted",
"events": [{"place", "points", "counted"} or null per event]}]}``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tournament_desk.cli.base import Commands
from tournament_desk.domain.series import SeriesRule
from tournament_desk.domain.series_names import SAME_PLAYERS
from tournament_desk.i18n import render, tr
from tournament_desk.reports.audit_text import action_name
from tournament_desk.services.series import (
    FINAL,
    IN_PROGRESS,
    MISSING,
    MemberStatus,
    SeriesDesk,
    add_events,
    confirm_events,
    create_series,
    open_series,
    remove_event,
    series_audit,
    shown_source,
)
from tournament_desk.services.series_standings import (
    SeriesStandings,
    confirm_merge,
    merge_candidates_why,
    series_standings,
    undo_merge,
)

STATUS_WORDS = {FINAL: "final", IN_PROGRESS: "in progress", MISSING: "missing"}


def figure(value: float) -> str:
    return f"{value:g}" if abs(value - round(value, 2)) < 1e-9 else f"{value:.2f}"


def number(value: float) -> float | int:
    return int(value) if value == int(value) else round(value, 4)


def rule_json(rule: SeriesRule) -> dict[str, Any]:
    return {"per": rule.per, "points": [number(p) for p in rule.points], "best": rule.best,
            "min_events": rule.min_events}  # fmt: skip


def event_json(st: MemberStatus) -> dict[str, Any]:
    return {
        "number": st.member.number,
        "name": st.name,
        "event": shown_source(st.member.source),
        "status": st.status,
        "changed": st.changed,
        "after_round": st.after_round,
        "problem": render(st.problem) if st.problem is not None else None,
    }


def standings_json(table: SeriesStandings) -> dict[str, Any]:
    return {
        "series": table.name,
        **rule_json(table.rule),
        "complete": table.complete,
        "events": [event_json(e) for e in table.events],
        "rows": [
            {
                "rank": r.rank,
                "name": r.name,
                "unit": r.unit,
                "points": number(r.points),
                "played": r.played,
                "counted": r.counted,
                "events": [
                    None
                    if e is None
                    else {"place": e.place, "points": number(e.points), "counted": e.counted}
                    for e in r.events
                ],
            }
            for r in table.rows
        ],
    }


class SeriesCommands(Commands):
    def _series(self) -> SeriesDesk:
        return open_series(Path(self.args.series), station=self.args.station)

    def series_new(self) -> None:
        a = self.args
        desk = create_series(Path(a.series), name=a.name, points=a.points, best=a.best, min_events=a.min_events,
                             per=a.per, station=a.station)  # fmt: skip
        desk.close()
        self.out(tr("Series '{name}' created in {path}.", name=a.name, path=a.series))

    def series_add(self) -> None:
        with self._series() as desk:
            added = add_events(
                desk, [Path(e) for e in self.args.events], self.args.urls, reason=self.args.reason
            )
        for m in added:
            self.out(tr("Event {number} added: {name} ({event})", number=m.number, name=m.name,
                        event=shown_source(m.source)))  # fmt: skip

    def series_remove(self) -> None:
        with self._series() as desk:
            gone = remove_event(desk, self.args.number, reason=self.args.reason)
        self.out(tr("Event {number} taken out of the series: {name}", number=gone.number, name=gone.name))

    def series_standings(self) -> None:
        with self._series() as desk:
            table = series_standings(desk)
        if self.args.json:
            self.out(json.dumps(standings_json(table), ensure_ascii=False))
            return
        self.out(table.name)
        for e in table.events:
            self.out(self._event_line(e))
        unit_only = table.rule.per == "unit"
        headers = [tr("Rank"), *(() if unit_only else (tr("Name"),)), tr("Unit"), tr("Points"),
                   *(f"#{e.member.number}" for e in table.events)]  # fmt: skip
        rows = [
            [
                r.rank if r.rank is not None else "–",
                *(() if unit_only else (r.name,)),
                r.unit,
                figure(r.points),
                *("" if e is None else figure(e.points) + ("" if e.counted else "*") for e in r.events),
            ]
            for r in table.rows
        ]
        first_figure = 2 if unit_only else 3
        self.out(self.table(headers, rows, {0, *range(first_figure, len(headers))}))
        if any(e is not None and not e.counted for r in table.rows for e in r.events):
            self.out(tr("* not counted: only the best {best} events count.", best=table.rule.best))

    def _event_line(self, e: MemberStatus) -> str:
        status = tr(STATUS_WORDS.get(e.status, "cannot be read"))
        line = f"#{e.member.number} {e.name} ({shown_source(e.member.source)}): {status}"
        if e.changed:
            line += tr("; ") + tr("changed since it was added")
        if e.problem is not None:
            line += " — " + render(e.problem)
        return line

    def series_merges(self) -> None:
        with self._series() as desk:
            why = merge_candidates_why(desk)
        found = [c for c, _ in why]
        if self.args.json:
            data = [{"number": c.number, "keep": c.keep, "other": c.other, "keep_events": list(c.keep_events),
                     "other_events": list(c.other_events), "why": w} for c, w in why]  # fmt: skip
            self.out(json.dumps({"merges": data}, ensure_ascii=False))
            return
        if not found:
            self.out(tr("No likely merges."))
            return
        headers = [tr("No."), tr("Keep"), tr("Events"), tr("Merge"), tr("Events"), tr("Why")]
        rows = [[c.number, c.keep, _numbers(c.keep_events), c.other, _numbers(c.other_events),
                 tr("same players") if w == SAME_PLAYERS else ""] for c, w in why]  # fmt: skip
        self.out(self.table(headers, rows, {0}))
        self.out(tr("Confirm one with: tdesk series merge SERIES NUMBER (or the two spellings)."))

    def series_merge(self) -> None:
        keep, *others = self.args.spellings
        with self._series() as desk:
            merged = confirm_merge(desk, keep, others, reason=self.args.reason)
        self.out(tr("Merged: {others} now count as one.", others="、".join(merged)))

    def series_unmerge(self) -> None:
        with self._series() as desk:
            gone = undo_merge(desk, self.args.spelling, reason=self.args.reason)
        for keep, other in gone:
            self.out(tr("Merge taken back: {other} no longer counts as {keep}.", other=other, keep=keep))

    def series_confirm(self) -> None:
        with self._series() as desk:
            done = confirm_events(desk, reason=self.args.reason)
        if not done:
            self.out(tr("No member event has changed since it was added."))
        for m in done:
            self.out(tr("Event {number}'s changes accepted: {name}", number=m.number, name=m.name))

    def series_audit(self) -> None:
        with self._series() as desk:
            lines = series_audit(desk)
        if self.args.json:
            data = [{"at": a.at, "station": a.station, "action": a.action, "old": a.old, "new": a.new,
                     "reason": a.reason} for a in lines]  # fmt: skip
            self.out(json.dumps({"entries": data}, ensure_ascii=False))
            return
        rows = [[a.at, a.station, action_name(a.action), json.dumps(a.new if a.new is not None else a.old, ensure_ascii=False),
                 a.reason or ""] for a in lines]  # fmt: skip
        self.out(
            self.table([tr("When"), tr("Station"), tr("Action"), tr("Change"), tr("Reason")], rows, set())
        )


def _numbers(events: tuple[int, ...]) -> str:
    return ",".join(f"#{n}" for n in events)
