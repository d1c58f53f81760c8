"""What the series window shows, read in one job off the GUI thread: the standings (``services.output.series``:
the plain data every export prints) and the merges of spellings still to confirm."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tournament_desk.domain.series_names import SAME_PLAYERS
from tournament_desk.reports.series_data import SeriesData
from tournament_desk.services.output.series import series_data
from tournament_desk.services.series import SeriesDesk
from tournament_desk.services.series_standings import MergeCandidate, merge_candidates_why


@dataclass(frozen=True)
class SeriesView:
    path: Path
    data: SeriesData
    candidates: tuple[MergeCandidate, ...]
    same_players: frozenset[int] = frozenset()  # the candidates (numbers) whose players are the same persons

    @property
    def changed(self) -> bool:
        """Some member event changed since it was added (its changes can be accepted)."""
        return any(e.changed for e in self.data.events)


def read_view(path: Path, desk: SeriesDesk) -> SeriesView:
    found = merge_candidates_why(desk)
    same = frozenset(c.number for c, why in found if why == SAME_PLAYERS)
    return SeriesView(path, series_data(desk), tuple(c for c, _why in found), same)
