"""The knockout bracket PDF, built from plain data without a database: every size fits landscape pages."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from tests.reports import poppler
from tournament_desk.reports.bracket import bracket_parts, build_bracket
from tournament_desk.reports.model import BracketData, BracketMatch, EventHeader, PlacingRow


def synthetic(size: int, *, third: bool = False, byes: int = 0) -> BracketData:
    """A bracket with every match decided (higher level wins) built without a database."""
    names = [f"第{i:03d}队" for i in range(1, size + 1)]
    total = size.bit_length() - 1
    sides: list[tuple[str | None, str | None]] = [
        (names[i], None if i // 2 < byes else names[i + 1]) for i in range(0, size, 2)
    ]
    rounds: list[tuple[BracketMatch, ...]] = []
    for k in range(1, total + 1):
        cells = []
        for p, (home, away) in enumerate(sides, start=1):
            if home is None or away is None:
                cells.append(BracketMatch(k, p, home, away, winner=home or away, decided=True))
            else:
                cells.append(
                    BracketMatch(k, p, home, away, table=p, winner=home, decided=True, levels="K : 5")
                )
        if k == total and third and total >= 2:
            semis = rounds[-1]
            losers = [m.away if m.winner == m.home else m.home for m in semis]
            cells.append(BracketMatch(k, 2, losers[0], losers[1], table=2, winner=losers[0], decided=True,
                                      levels="A : 2", third_place=True))  # fmt: skip
        rounds.append(tuple(cells))
        main = [c for c in cells if not c.third_place]
        sides = [(main[i].winner, main[i + 1].winner) for i in range(0, len(main) - 1, 2)]
    titles = tuple((f"第{k}轮", f"Round {k}") for k in range(1, total + 1))
    placing = tuple(PlacingRow("1" if i == 0 else f"2–{size}", n, "A") for i, n in enumerate(names))
    event = EventHeader("合成杯", datetime(2025, 5, 1, 9, 0))
    return BracketData(event, size, tuple(rounds), titles, placing, {names[0]: "A1"}, True)


@pytest.mark.system  # poppler reads the PDF back
@pytest.mark.parametrize(
    ("size", "third", "byes"), [(2, False, 0), (4, True, 0), (8, True, 3), (32, True, 5), (64, True, 0)]
)
def test_every_bracket_size_fits_landscape_pages(size: int, third: bool, byes: int, tmp_path: Path) -> None:
    data = synthetic(size, third=third, byes=byes)
    pdf = tmp_path / f"b{size}.pdf"
    build_bracket(pdf, data)
    parts = len(bracket_parts(size))
    assert parts == (1 if size <= 32 else 1 + size // 32)
    pages = poppler.page_texts(pdf)
    assert set(poppler.page_sizes(pdf)) == {poppler.A4_LANDSCAPE}
    tree = "\n".join(pages[:parts])
    for m in data.rounds[0]:  # every first-round name printed whole (not cut with an ellipsis)
        for side in (m.home, m.away):
            assert side is None or side in tree
    assert tree.count("轮空 Bye") == byes
    assert ("三四名决赛" in tree) is third
    assert "第001队" in pages[parts - 1]  # the champion on the last tree page
    assert "…" not in tree
    if parts > 1:
        assert "第 1 部分 / 共 3" in pages[0] and "→ 第 3 部分" in pages[0]
    assert poppler.render(pdf, tmp_path / "png") == len(pages)
