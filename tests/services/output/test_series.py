"""A series' standings written as files (services/output/series.py, issue 30): one read of the series for every
export, the request refused before anything is read, a long list split into numbered pictures, and all or
nothing — a disk that fills half-way leaves no file, no temporary file, and an earlier export as it was."""

from __future__ import annotations

import errno
from datetime import datetime
from pathlib import Path

import pytest
from PIL import Image

from tests.series_events import month_series
from tournament_desk.domain.errors import BadInput, TournamentError
from tournament_desk.domain.series import EventScore, SeriesRule
from tournament_desk.i18n import render
from tournament_desk.reports.series_data import SeriesData, SeriesEventData, SeriesRowData
from tournament_desk.services.output import series as output
from tournament_desk.services.output.series import export_series, series_data, write_series
from tournament_desk.services.series import SeriesDesk, open_series
from tournament_desk.services.series_standings import SeriesStandings, series_standings


def long_list(rows: int) -> SeriesData:
    events = (
        SeriesEventData(1, "一", "/a", "final"),
        SeriesEventData(2, "二", "/b", "in-progress", after_round=2),
    )
    made = tuple(
        SeriesRowData(i, f"队{i}", "单位", 20.0 - i / 10, (EventScore(str(i), 10, True), None), 1, 1)
        for i in range(1, rows + 1)
    )
    return SeriesData("长名单", datetime(2026, 5, 1, 9), SeriesRule((10, 7, 5, 3)), events, made)


def test_a_long_list_makes_numbered_pictures_of_readable_size(tmp_path: Path) -> None:
    written = write_series(long_list(130), "png", tmp_path / "名次.png")
    assert [p.name for p in written] == ["名次-1.png", "名次-2.png", "名次-3.png"]
    for path in written:
        with Image.open(path) as image:
            assert image.width == 1080 and image.height < 6000


def test_a_disk_that_fills_half_way_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    earlier = tmp_path / "名次-1.png"
    earlier.write_bytes(b"an earlier export")
    real = Path.write_bytes
    calls = []

    def filling(self: Path, data: bytes) -> int:
        calls.append(self)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", filling)
    with pytest.raises(TournamentError) as refused:
        write_series(long_list(130), "png", tmp_path / "名次.png")
    assert "disk is full" in render(refused.value, "en")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["名次-1.png"]  # no temporary file
    assert earlier.read_bytes() == b"an earlier export"


@pytest.mark.parametrize("kind", ["pdf", "xlsx", "html"])
def test_a_document_that_fails_to_build_leaves_nothing(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(path: Path, *args: object, **kwargs: object) -> None:
        path.write_bytes(b"half")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(output, "build_series", broken)
    monkeypatch.setattr(output, "build_series_workbook", broken)
    monkeypatch.setattr(Path, "write_text", broken)
    with pytest.raises(TournamentError):
        write_series(long_list(3), kind, tmp_path / f"out.{kind}")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow  # three events played out
def test_one_read_for_an_export_and_none_for_a_refused_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = month_series(tmp_path)
    reads: list[SeriesDesk] = []
    real = series_standings

    def counted(desk: SeriesDesk) -> SeriesStandings:
        reads.append(desk)
        return real(desk)

    monkeypatch.setattr("tournament_desk.services.output.series.series_standings", counted)
    with open_series(path) as desk:
        with pytest.raises(BadInput):
            export_series(desk, "pdf", tmp_path / "out.png")
        with pytest.raises(BadInput):
            export_series(desk, "gif", tmp_path / "out.gif")
        with pytest.raises(BadInput):
            export_series(desk, "pdf", path)  # the series file itself
        assert reads == []
        written = export_series(desk, "pdf", tmp_path / "out.pdf")
        assert len(reads) == 1 and written == [tmp_path / "out.pdf"]
        data = series_data(desk)
    assert [r.name for r in data.rows][:2] == ["东风", "红旗"]
    assert data.events[0].source == str((tmp_path / "月赛1.tdesk").resolve())
