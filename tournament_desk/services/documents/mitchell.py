"""Pairs duplicate, Mitchell movement (rules.md §7.5): the guide cards are its pairing sheet (and, with each table's
QR code, its paper for table entry), the travellers its scoresheets, the board recap its cross-table;
standings, ranking and certificates go by direction; its own workbook (matrices, rankings, travellers). The
guide cards and travellers cover the whole movement (the round applies to the results only).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.results import ResultState
from tournament_desk.reports.board_recap import build_board_recap
from tournament_desk.reports.certificates import DIRECTION_PLACES, build_direction_certificates
from tournament_desk.reports.excel.mitchell import build_mitchell_workbook
from tournament_desk.reports.guide_cards import build_guide_cards
from tournament_desk.reports.model import (
    DirectionData,
    EventHeader,
    GuideCardData,
    GuideCardRow,
    GuideCardsData,
    MitchellResultsData,
    MitchellWorkbookData,
    TravellerData,
    TravellerLine,
    TravellersData,
    WorkbookData,
)
from tournament_desk.reports.standings import build_direction_rankings
from tournament_desk.reports.travellers import build_travellers
from tournament_desk.services.desk import Desk, names_by_id
from tournament_desk.services.documents.base import (
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
)
from tournament_desk.services.documents.reading import entrant_data, last_paired, paired_round
from tournament_desk.services.results.pair_boards import GuideRow, MovementView, movement_view, traveller
from tournament_desk.services.rounds import round_view
from tournament_desk.services.snapshot import load
from tournament_desk.services.stages import stage_of_round
from tournament_desk.services.standings import current_standings


def guide_cards(ctx: Context) -> Builder:
    guides = guide_cards_data(ctx.desk, ctx.event)
    return lambda path: build_guide_cards(path, guides)


def entry_cards(ctx: Context) -> Builder:
    """The guide cards with the round's entry address of each table as a QR code (``web.printing``)."""
    guides = guide_cards_data(ctx.desk, ctx.event)
    urls, number = ctx.live_urls, paired_round(ctx.desk, ctx.round_no)
    return lambda path: build_guide_cards(path, guides, live_urls=urls, live_round=number)


def travellers(ctx: Context) -> Builder:
    data = travellers_data(ctx.desk, ctx.event)
    return lambda path: build_travellers(path, data)


def board_recap(ctx: Context) -> Builder:
    results = mitchell_results(ctx.desk, ctx.event, ctx.round_no)
    return lambda path: build_board_recap(path, results)


def rankings(final: bool) -> Document:
    def make(ctx: Context) -> Builder:
        results = mitchell_results(ctx.desk, ctx.event, ctx.round_no)
        return lambda path: build_direction_rankings(path, results, final=final)

    return Document(make)


def certificates(ctx: Context) -> Builder:
    results = mitchell_results(ctx.desk, ctx.event, ctx.round_no)
    if results.after_round == 0:
        raise BadInput("Certificates need at least one round with all its results in.")
    top = ctx.top or ctx.places  # each direction's places
    return lambda path: build_direction_certificates(path, results, top=top)


def some_round_complete(ctx: Context) -> bool:
    return current_standings(ctx.desk, after_round=ctx.round_no).after_round > 0


def workbook(ctx: Context, data: WorkbookData) -> WorkbookData:
    """No round sheets of levels: the movement's own sheets instead."""
    mitchell = MitchellWorkbookData(
        guide_cards_data(ctx.desk, ctx.event),
        travellers_data(ctx.desk, ctx.event),
        mitchell_results(ctx.desk, ctx.event, ctx.round_no),
    )
    return replace(data, rounds=(), mitchell=mitchell)


DOCUMENTS = FormatDocuments(
    {
        PAIRINGS: Document(guide_cards),
        SCORESHEETS: Document(travellers),
        ENTRY_SHEETS: Document(entry_cards),
        STANDINGS: rankings(False),
        RANKING: rankings(True),
        CROSSTABLE: Document(board_recap),
        CERTIFICATES: Document(certificates, some_round_complete),
    },
    workbook=workbook,
    workbook_builder=build_mitchell_workbook,
    certificate_places=DIRECTION_PLACES,
)


# --- reading the movement -----------------------------------------------------------------------------------


def guide_cards_data(desk: Desk, event: EventHeader) -> GuideCardsData:
    """Every table's guide card, with the pairs' names and numbers (the movement as seated by the draw)."""
    view = movement_view(desk)
    cards = tuple(
        GuideCardData(
            table,
            tuple(
                GuideCardRow(
                    g.round, g.ns, view.seats[g.ns][1], g.ew, _ew_pair(view, g), g.ew_from,
                    tuple(g.boards), g.boards_from, g.ew_to, g.boards_to, g.shares_with, g.sit_out,
                )
                for g in guide
            ),
        )
        for table, guide in sorted(view.guides.items())
    )  # fmt: skip
    return GuideCardsData(event, view.tables, view.rounds, view.boards_per_round, view.even, cards)


def _ew_pair(view: MovementView, g: GuideRow) -> int:
    """The EW pair number of a guide row: the phantom's at a sit-out."""
    return (view.phantom or 0) if g.sit_out else view.seats[g.ew][1]


def travellers_data(desk: Desk, event: EventHeader) -> TravellersData:
    """One traveller per board: every table that plays it in round order, its result where entered; a table
    annulled by a withdrawal is marked as not played, and the round the board rests at a sit-out table
    (an odd number of pairs) names the pair that sits out."""
    view = movement_view(desk)
    annulled = {
        (n, t.table)
        for n in range(1, last_paired(desk) + 1)
        for t in round_view(desk, n).tables
        if t.kind == ResultState.ANNULLED
    }
    plays: dict[int, list[tuple[int, int, GuideRow]]] = defaultdict(list)
    for table, guide in view.guides.items():
        for g in guide:
            for board in g.boards:
                plays[board].append((g.round, table, g))
    travellers = []
    for board in range(1, view.tables * view.boards_per_round + 1):
        entered = {(v.round, v.table): v for v in traveller(desk, board)}
        lines = []
        for round_no, table, g in sorted(plays[board], key=lambda p: p[:2]):
            line = TravellerLine(
                round_no, table, g.ns, view.seats[g.ns][1], g.ew, _ew_pair(view, g),
                not_played=(round_no, table) in annulled, sit_out=g.sit_out,
            )  # fmt: skip
            v = entered.get((round_no, table))
            if v is not None:
                line = replace(line, points=v.points, penalty_ns=v.penalty_ns, penalty_ew=v.penalty_ew,
                               ns_result=v.ns_result, ns_mp=v.ns_mp, ew_mp=v.ew_mp)  # fmt: skip
            lines.append(line)
        travellers.append(TravellerData(board, view.declarers[board], tuple(lines)))
    return TravellersData(event, view.tables, view.rounds, view.boards_per_round, tuple(travellers))


def _board_scores(desk: Desk, after_round: int) -> dict[str, dict[str, dict[int, float]]]:
    """Direction → pair name → board → match points, counting the results up to ``after_round`` (the same
    figures the standings add up)."""
    with desk.db.transaction() as session:
        fmt = stage_of_round(session, 1).format
        board_scores = getattr(fmt, "board_scores", None)
        if board_scores is None:  # not a board-scored format (the caller checked event_info)
            return {"NS": {}, "EW": {}}
        scores = board_scores(load(session), after_round=after_round)
        names = names_by_id(session)
    return {d: {names[e]: dict(b) for e, b in per.items()} for d, per in scores.items()}


def mitchell_results(desk: Desk, event: EventHeader, round_no: int | None) -> MitchellResultsData:
    """The two directions' rankings after the standings' round, with every pair's board-by-board scores."""
    table = current_standings(desk, after_round=round_no)
    view = movement_view(desk)
    scores = _board_scores(desk, table.after_round)
    directions = tuple(
        DirectionData(
            direction,
            tuple(r for r in table.rows if r.direction == direction),
            {name: pair for name, (d, pair) in view.seats.items() if d == direction},
            scores.get(direction, {}),
        )
        for direction in ("NS", "EW")
    )
    boards = view.tables * view.boards_per_round
    return MitchellResultsData(
        event, table.after_round, table.complete, boards, directions, entrant_data(desk), view.rounds
    )
