"""Member events for the series' exports and page (issue 30), made through the services as a director makes them:
Swiss events played out so that the entrant earlier in the list wins each match (their final places are the list's
order), one of them with a unit spelt differently, and a series over them.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from tournament_desk.domain.errors import BadInput
from tournament_desk.services import entrants as es
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results.levels import record_result
from tournament_desk.services.rounds import pair_next_round
from tournament_desk.services.series import add_events, create_series

# Three monthly events: 东风 plays the second under another spelling of its unit (北京市桥牌协会).
MONTHS: tuple[tuple[tuple[str, str], ...], ...] = (
    (("东风", "北京桥牌协会"), ("红旗", "上海"), ("白杨", "天津"), ("青松", "重庆")),
    (("红旗", "上海"), ("东风", "北京市桥牌协会"), ("青松", "重庆"), ("白杨", "天津")),
    (("东风", "北京桥牌协会"), ("青松", "重庆"), ("红旗", "上海"), ("白杨", "天津")),
)


def play_out(desk: Desk, order: Sequence[str], rounds: int | None = None) -> None:
    """Pair and play every round (or ``rounds`` of them): the entrant earlier in ``order`` wins each match."""
    played = 0
    while rounds is None or played < rounds:
        try:
            view = pair_next_round(desk)
        except BadInput:
            return
        for t in view.tables:
            home_wins = order.index(t.home) < order.index(t.away)
            record_result(desk, view.round, t.table, *(("K", "10") if home_wins else ("10", "K")))
        played += 1


def swiss_event(
    path: Path, name: str, entrants: Sequence[tuple[str, str]], *, rounds: int = 3, play: int | None = None
) -> Path:
    """A Swiss event of ``entrants`` (name, unit) in ``path``, played out (``play``: only that many rounds)."""
    with create_tournament(path, name=name, rounds=rounds) as desk:
        for entrant, unit in entrants:
            es.add_entrant(desk, entrant, unit=unit)
        order = [e for e, _ in entrants]
        es.draw(desk, order=order)
        play_out(desk, order, play)
    return path


def month_events(folder: Path) -> list[Path]:
    return [
        swiss_event(folder / f"月赛{i}.tdesk", f"月赛{i}", entrants) for i, entrants in enumerate(MONTHS, 1)
    ]


def month_series(folder: Path, *, best: int | None = 2, per: str = "entrant") -> Path:
    """A series of the three monthly events (10/7/5/3, best ``best``)."""
    events = month_events(folder)
    path = folder / "联赛.tdseries"
    with create_series(path, name="2026 春季联赛", points="10,7,5,3", best=best, per=per) as desk:
        add_events(desk, events)
    return path
