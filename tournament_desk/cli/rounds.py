"""``tdesk pair``, ``tdesk round`` and ``tdesk disputes``: a round's tables, where each result came from
(the desk or the phones), and the tables whose two sides entered different results."""

from __future__ import annotations

import json

from tournament_desk.cli.base import Commands
from tournament_desk.cli.output import (
    entries_json,
    entry_text,
    source_of,
    table_figures,
    text_table,
)
from tournament_desk.domain.levels import format_level
from tournament_desk.domain.results import ResultState, signed
from tournament_desk.domain.table_state import TableState, table_words
from tournament_desk.i18n import render, tr
from tournament_desk.services.rounds import RoundView, TableView, pair_next_round, round_view

TYPE_CHECKING = False
if TYPE_CHECKING:  # ``tdesk pair`` loads neither the phones' services nor the team matches'
    from tournament_desk.services.desk import Desk
    from tournament_desk.services.live import LiveTableView
    from tournament_desk.services.results.team_views import TeamSheet


class RoundCommands(Commands):
    knockout_byes: tuple[str, ...] = ()  # ``round`` of a knockout: who goes through without a table
    team_sheets: dict[int, TeamSheet] = {}  # noqa: RUF012 (``round`` of a team match: each table's games)

    def pair(self) -> None:
        with self.open() as desk:
            view = pair_next_round(desk)
        self.print_round(view)

    def round(self) -> None:
        from tournament_desk.cli.team_match import plays_games
        from tournament_desk.services.live import live_tables
        from tournament_desk.services.results.team_views import round_team_sheets

        with self.open() as desk:
            view = round_view(desk, self.args.round)
            phones = {t.table: t for t in live_tables(desk, self.args.round)}
            # A knockout round's byes: who goes through without a table, as the printed sheet lists them
            self.knockout_byes = self.byes_of(desk, view) if view.knockout else ()
            # A team match of pairs: each table's pair games (rules.md §5.8)
            self.team_sheets = (
                {s.table: s for s in round_team_sheets(desk, view.round)} if plays_games(desk) else {}
            )
        self.print_round(view, figures=True, phones=phones)

    def print_round(
        self, view: RoundView, *, figures: bool = False, phones: dict[int, LiveTableView] | None = None
    ) -> None:
        phones = phones or {}
        if self.args.json:
            self.out(json.dumps(self.round_json(view, figures, phones), ensure_ascii=False))
            return
        self.print_round_text(view, figures, phones)

    def round_json(
        self, view: RoundView, figures: bool, phones: dict[int, LiveTableView]
    ) -> dict[str, object]:
        """``pair --json`` and ``round --json`` (with ``figures``: each table's state, result and source)."""
        tables = [
            {"table": t.table, **({"group": t.group} if t.group else {}), "home": t.home, "away": t.away,
             **({"boards": list(t.boards)} if t.boards else {})}
            for t in view.tables
        ]  # fmt: skip
        if view.knockout:
            for row, t in zip(tables, view.tables, strict=True):
                row["winner"] = {"home": t.home, "away": t.away}.get(t.winner or "")
                if t.on_stage:
                    row["on_stage"] = t.on_stage
        if figures:  # ``round``: each table's state and stored result, and where it came from
            from tournament_desk.cli.team_match import sheet_json

            tables = [
                {
                    **row,
                    "state": t.kind.value,
                    **table_figures(t),
                    **self.withdrawal_json(t),
                    **self.source_json(t, phones.get(t.table)),
                    **(sheet_json(self.team_sheets[t.table]) if t.table in self.team_sheets else {}),
                }
                for row, t in zip(tables, view.tables, strict=True)
            ]
        if view.sit_out is not None:  # Mitchell, odd pairs: the table whose NS pair sits out, no away
            table, resting = view.sit_out
            tables.append({"table": table, "home": view.bye, "sit_out": True, "boards": [],
                           "resting_boards": list(resting)})  # fmt: skip
            tables.sort(key=lambda row: int(str(row["table"])))
        shown: dict[str, object] = {"round": view.round}
        if view.stage_label is not None:
            shown["stage"] = view.stage_label
        elif figures:
            shown["stage"] = view.stage
        shown.update(tables=tables, bye=view.bye)
        if view.knockout and figures and self.knockout_byes:
            shown["byes"] = list(self.knockout_byes)  # through this knockout round without a match
        if view.bye is not None and view.bye_state != ResultState.BYE:
            shown["bye_state"] = view.bye_state.value  # a round robin's rest: no score
        shown["relaxed"] = [{"table": t.table, "rule": r} for t in view.tables for r in t.relaxed]
        if view.repeat_bye:
            shown["repeat_bye"] = True
        if view.stranded:
            shown["no_legal_partner"] = list(view.stranded)
        if view.rests:
            shown["rests"] = list(view.rests)
        if view.notes:
            shown["notes"] = [render(n) for n in view.notes]
        return shown

    def print_round_text(self, view: RoundView, figures: bool, phones: dict[int, LiveTableView]) -> None:
        rows = []
        for t in view.tables:
            result = self.result_text(t)
            note = ", ".join(tr("breaks the {rule} rule", rule=tr(r)) for r in t.relaxed)
            if (said := table_words(state_of(t), t.home, t.away)) is not None:
                note = render(said)  # what the table is, as every face and sheet says it (domain.table_state)
            if t.winner:
                note = tr("{name} goes on", name=t.home if t.winner == "home" else t.away)
                if t.on_stage:
                    note += " (" + tr("on stage") + ")"
            if t.group:
                note = (tr("Group {group}", group=t.group) + " " + note).strip()
            if not figures:
                rows.append([t.table, t.home, t.away, result, note])
                continue
            source = source_of(t, phones.get(t.table))
            note = tr("; ").join(filter(None, [note, self.entered_note(phones.get(t.table), source)]))
            rows.append([t.table, t.home, t.away, result, tr(source) if source else "", note])
        self.out(tr("Round {round}", round=view.round))
        headers = [
            tr("Table"),
            tr("Home / NS"),
            tr("Away / EW"),
            tr("Result"),
            *([tr("Source")] if figures else []),
            "",
        ]
        self.out(text_table(headers, rows, {0}))
        if view.sit_out is not None:
            self.out(tr("Table {table} sits out (轮空): {name}; its boards rest.", table=view.sit_out[0],
                        name=view.bye or ""))  # fmt: skip
        elif view.bye and view.bye_state == ResultState.REST:
            self.out(tr("Rests: {name}", name=view.bye))
        elif view.bye:
            self.out(tr("Bye: {name}", name=view.bye))
        if view.rests and not view.notes:
            self.out(tr("Rests: {name}", name="、".join(view.rests)))
        if figures:  # ``pair`` says it among its notes already
            for name in self.knockout_byes:
                self.out(tr("{name} goes through without a match (bye).", name=name))
        for told in view.notes:
            self.out(render(told))

    @staticmethod
    def byes_of(desk: Desk, view: RoundView) -> tuple[str, ...]:
        from tournament_desk.services.bracket import bracket_view, round_byes

        found = round_byes(bracket_view(desk), view.round)
        return found[1] if found is not None else ()

    def withdrawal_json(self, t: TableView) -> dict[str, object]:
        """``round --json`` of a table a withdrawal decided: the side and the entrants that withdrew, by name."""
        state = state_of(t)
        if not state.withdrawal or state.side is None:
            return {}
        return {"side": state.side, "withdrawn": list(state.withdrew(t.home, t.away))}

    def result_text(self, t: TableView) -> str:
        """The Result column: the levels, a duplicate table's XMP, a team match's games won (while it is typed,
        the games so far), or the state of a table decided otherwise (forfeit, ruling…)."""
        if t.kind == ResultState.PLAYED and t.home_level and t.away_level:
            return f"{format_level(t.home_level)} : {format_level(t.away_level)}"
        if t.kind == ResultState.PLAYED and t.xmp is not None:
            return f"{signed(t.xmp)} XMP"
        if t.kind == ResultState.PLAYED and t.games is not None:  # a team match: pair games won
            return tr("{home} : {away} games", home=t.games[0], away=t.games[1])
        if t.kind.has_result:
            return tr(t.kind.value)
        sheet = self.team_sheets.get(t.table)  # ``round`` of a team match: the games typed so far
        if sheet is not None and any(line.entered for line in sheet.lines):
            return tr("{home} : {away} games so far", home=sheet.home_won, away=sheet.away_won)
        return ""

    def source_json(self, t: TableView, phones: LiveTableView | None) -> dict[str, object]:
        """``round --json``: where a table's result came from, and what each side entered while it waits."""
        source = source_of(t, phones)
        shown: dict[str, object] = {"source": source}
        if phones is not None and source in ("entered", "disputed"):
            shown.update(entries_json(phones))
        return shown

    def entered_note(self, phones: LiveTableView | None, source: str | None) -> str:
        """The text of ``round``: what each side entered from its phone, while the table waits or is disputed."""
        if phones is None or source not in ("entered", "disputed"):
            return ""
        said = [
            tr("{name} entered {entry}", name=name, entry=entry)
            for side, name in (("home", phones.home), ("away", phones.away))
            if (entry := entry_text(phones, side, disputed_only=source == "disputed")) is not None  # type: ignore[arg-type]
        ]
        return tr("; ").join(said)

    def disputes(self) -> None:
        from tournament_desk.services.live import disputes

        with self.open() as desk:
            queue = disputes(desk, self.args.round)
        if self.args.json:
            shown = [
                {"round": t.round, "table": t.table, "home": t.home, "away": t.away, "entry": t.entry,
                 **entries_json(t, disputed_only=True)}
                for t in queue
            ]  # fmt: skip
            self.out(json.dumps(shown, ensure_ascii=False))
            return
        if not queue:
            if self.args.round is None:
                self.out(tr("No table is disputed: the two sides' entries agree wherever both have entered."))
            else:
                self.out(tr("No table of round {round} is disputed.", round=self.args.round))
            return
        self.out(tr("Disputed tables: the two sides entered different results; the director decides."))
        rows = [
            [t.round, t.table, t.home, t.away, entry_text(t, "home", disputed_only=True) or "",
             entry_text(t, "away", disputed_only=True) or ""]
            for t in queue
        ]  # fmt: skip
        headers = [
            tr("Round"),
            tr("Table"),
            tr("Home / NS"),
            tr("Away / EW"),
            tr("Home entered"),
            tr("Away entered"),
        ]
        self.out(text_table(headers, rows, {0, 1}))


def state_of(t: TableView) -> TableState:
    """What a table is (round_view names the side a withdrawal decided it against)."""
    return TableState.of(t.kind, t.side, t.note)
