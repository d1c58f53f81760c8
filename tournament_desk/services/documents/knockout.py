"""The knockout (rules.md §7.4's knockout stage, §7.6's knockout by draw): the bracket (对阵图), a pairing sheet of
each round with its results, winners and byes, scoresheets without a draw, the placing as its standings and
ranking, certificates once the final has a winner, and the bracket in the workbook. It has no cross-table.

The bracket is the knockout stage's wherever it stands in the event's chain (``services.bracket.bracket_view``);
a knockout played until some remain (§7.7) prints only the rounds it plays (``bracket_data``'s ``rounds``).
"""

from __future__ import annotations

from dataclasses import replace

from tournament_desk.domain.errors import BadInput, Message, msg
from tournament_desk.i18n import render
from tournament_desk.reports.bracket import build_bracket
from tournament_desk.reports.certificates import build_certificates
from tournament_desk.reports.model import (
    BracketData,
    BracketMatch,
    KnockoutRoundData,
    PlacingRow,
    StandingsData,
    WorkbookData,
)
from tournament_desk.reports.pairings import build_knockout_pairings
from tournament_desk.reports.placing import build_placing
from tournament_desk.services.bracket import BracketView, bracket_view, round_byes
from tournament_desk.services.desk import names_by_id
from tournament_desk.services.documents.base import (
    BRACKET,
    CERTIFICATES,
    CROSSTABLE,
    ENTRY_SHEETS,
    PAIRINGS,
    RANKING,
    SCORESHEETS,
    STANDINGS,
    Builder,
    Context,
    Document,
    FormatDocuments,
    SheetStyle,
    scoresheets,
)
from tournament_desk.services.documents.reading import (
    entrant_data,
    paired_round,
    round_data,
    standings_data,
)
from tournament_desk.services.stages import all_stages

CERTIFIED_PLACES = 3  # 1, 2 and 3 (3–4 shared without a third-place match): seeds 000 and 004


def round_title(name: Message) -> tuple[str, str]:
    return render(name, "zh"), render(name, "en")


def drawn_bracket(ctx: Context) -> BracketView:
    """The bracket, refused in a sentence before there is one to print."""
    view = bracket_view(ctx.desk)
    if view is not None:
        return view
    if ctx.stage > 1:  # a knockout after another stage: drawn from its qualifiers
        raise BadInput("The knockout has not been drawn yet: the bracket is printed after the knockout draw.")
    raise BadInput("The bracket follows the draw: make the round-1 draw first.")


def has_bracket(ctx: Context) -> bool:
    return bracket_view(ctx.desk) is not None


# --- who comes from where ----------------------------------------------------------------------------------


def groups_and_origins(ctx: Context) -> tuple[dict[str, str], dict[str, str]]:
    """Each entrant's group where an earlier stage played in groups, and each qualifier's origin ("A1": group A,
    first place) as the knockout's draw recorded it."""
    with ctx.desk.db.transaction() as session:
        names = names_by_id(session)
        groups: dict[str, str] = {}
        origins: dict[str, str] = {}
        for stage in all_stages(session):
            groups.update({names[e]: g for e, g in stage.format.groups_by_entrant(stage.settings).items()})
            if stage.number == ctx.stage:
                for q in stage.settings.get("qualifiers") or []:
                    if q.get("group") and q.get("place"):
                        origins[names[int(q["entrant"])]] = f"{q['group']}{q['place']}"
    return groups, origins


def placing_rows(ctx: Context, placing: list[tuple[str, str, str | None]]) -> tuple[PlacingRow, ...]:
    groups, _ = groups_and_origins(ctx)
    entrants = entrant_data(ctx.desk)
    rows = []
    for text, name, group in placing:
        e = entrants.get(name)
        rows.append(
            PlacingRow(text, name, group or groups.get(name), e.unit if e else None, e.players if e else ())
        )
    return tuple(rows)


def final_decided(placing: tuple[PlacingRow, ...]) -> bool:
    """Place 1 is given once the final has a winner (until then the finalists are "1–2")."""
    return any(p.placing == "1" for p in placing)


# --- the bracket --------------------------------------------------------------------------------------------


def bracket_data(
    ctx: Context, *, goes_on_to: tuple[str, str] | None = None, placing: StandingsData | None = None
) -> BracketData:
    """The bracket as far as the results go: every round it plays (a knockout played until some remain: the
    winners of its last round go on to the stage ``goes_on_to``), and the placing (the bracket's, or the
    event's ``placing`` standings)."""
    view = drawn_bracket(ctx)
    _, origins = groups_and_origins(ctx)
    matches = tuple(
        tuple(
            BracketMatch(
                mt.knockout_round, mt.position, mt.home, mt.away, round=mt.round, table=mt.table,
                winner=mt.winner, decided=mt.decided, levels=mt.levels, on_stage=mt.on_stage,
                third_place=mt.third_place, state=mt.state,
            )
            for mt in rnd
        )
        for rnd in view.rounds
    )  # fmt: skip
    if placing is None:
        rows = placing_rows(ctx, view.placing)
        complete = final_decided(rows)
    else:
        rows = placing_rows(ctx, [(r.placing or str(r.rank), r.entrant.name, r.group) for r in placing.rows])
        complete = placing.complete and placing.after_round >= (ctx.info.rounds_planned or 0)
    titles = tuple(round_title(n) for n in view.round_names[: len(matches)])
    return BracketData(ctx.event, view.size, matches, titles, rows, origins, complete, goes_on_to)


def bracket(ctx: Context) -> Builder:
    data = bracket_data(ctx)
    return lambda path: build_bracket(path, data)


def with_bracket(ctx: Context, data: WorkbookData) -> WorkbookData:
    if not has_bracket(ctx):
        return data
    return replace(data, bracket=bracket_data(ctx))


# --- a round's sheets ---------------------------------------------------------------------------------------


def knockout_round(ctx: Context, round_no: int) -> tuple[tuple[str, str], tuple[str, ...]]:
    """The knockout round's name and the entrants who go through it without a match."""
    view = bracket_view(ctx.desk)
    found = round_byes(view, round_no)
    if view is None or found is None:
        return (f"第 {round_no} 轮", f"Round {round_no}"), ()
    k, byes = found
    return round_title(view.round_names[k]), byes


def knockout_pairings(ctx: Context) -> Builder:
    number = paired_round(ctx.desk, ctx.round_no)
    rnd = round_data(ctx.desk, number, mp_before=False)
    title, byes = knockout_round(ctx, number)
    data = KnockoutRoundData(ctx.event, rnd, title, byes)
    return lambda path: build_knockout_pairings(path, data)


def knockout_scoresheets(ctx: Context) -> Builder:
    number = paired_round(ctx.desk, ctx.round_no)
    (zh, en), _ = knockout_round(ctx, number)
    return scoresheets(replace(ctx, round_no=number), SheetStyle(knockout=True, title=f"{zh} {en}"))


# --- the placing --------------------------------------------------------------------------------------------


def placing_data(ctx: Context) -> tuple[BracketData, str]:
    """The placing after the standings' round (the knockout's ranking), and the heading beside it."""
    table = standings_data(ctx.desk, ctx.event, ctx.round_no)
    _, origins = groups_and_origins(ctx)
    rows = placing_rows(ctx, [(r.placing or str(r.rank), r.entrant.name, r.group) for r in table.rows])
    view = bracket_view(ctx.desk)
    data = BracketData(ctx.event, view.size if view else 0, (), (), rows, origins, final_decided(rows))
    return data, f"第 {table.after_round} 轮后  After round {table.after_round}"


def placing(ctx: Context) -> Builder:
    data, right = placing_data(ctx)
    return lambda path: build_placing(path, data, right)


def certificates(ctx: Context) -> Builder:
    """Certificates follow the final placing: places 1–3 by default (both of a shared 3–4)."""
    data, _ = placing_data(ctx)
    if not data.complete:
        raise BadInput("Certificates follow the final placing: enter the final's result first.")
    table = standings_data(ctx.desk, ctx.event, ctx.round_no)
    top = ctx.top or ctx.places
    return lambda path: build_certificates(path, table, top=top)


def final_placed(ctx: Context) -> bool:
    return placing_data(ctx)[0].complete


NO_CROSSTABLE = msg(
    "A knockout has no cross-table: its matches and results are in the bracket (export bracket)."
)

SHEETS = Document(knockout_scoresheets)
DOCUMENTS = FormatDocuments(
    {
        PAIRINGS: Document(knockout_pairings),
        SCORESHEETS: SHEETS,
        ENTRY_SHEETS: SHEETS,
        STANDINGS: Document(placing),
        RANKING: Document(placing),
        CERTIFICATES: Document(certificates, final_placed),
        BRACKET: Document(bracket, has_bracket),
    },
    refusals={CROSSTABLE: NO_CROSSTABLE},
    workbook=with_bracket,
    certificate_places=CERTIFIED_PLACES,
)
