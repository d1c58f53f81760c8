"""``tdesk series export SERIES pdf|xlsx|html|png -o OUT`` (issue 30): each kind written from one read of the
member events, the written file what it claims to be, and the refusals — one sentence, exit 2, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openpyxl import load_workbook
from PIL import Image

from tests.series_events import month_series
from tournament_desk.cli import main

pytestmark = pytest.mark.slow  # three events played out


def tdesk(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return month_series(tmp_path_factory.mktemp("series"))


def test_each_kind_is_written(made: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = tdesk(capsys, "series", "standings", made, "--json")
    assert code == 0
    rows = json.loads(out)["rows"]
    for kind in ("pdf", "xlsx", "html", "png"):
        target = tmp_path / f"总成绩.{kind}"
        code, out, err = tdesk(capsys, "series", "export", made, kind, "-o", target)
        assert code == 0, err
        assert str(target) in out and target.is_file()
    assert (tmp_path / "总成绩.pdf").read_bytes().startswith(b"%PDF")
    sheet = load_workbook(tmp_path / "总成绩.xlsx")["总成绩"]
    assert [c.value for c in sheet["B"][1:]] == [r["name"] for r in rows]
    page = (tmp_path / "总成绩.html").read_text(encoding="utf-8")
    assert all(r["name"] in page for r in rows) and "2026 春季联赛" in page
    with Image.open(tmp_path / "总成绩.png") as image:
        assert image.width == 1080
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_a_picture_with_a_published_address_has_its_qr_code(
    made: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain, linked = tmp_path / "a.png", tmp_path / "b.png"
    assert tdesk(capsys, "series", "export", made, "png", "-o", plain)[0] == 0
    url = "https://example.org/联赛/"
    assert tdesk(capsys, "series", "export", made, "png", "-o", linked, "--url", url)[0] == 0
    with Image.open(plain) as a, Image.open(linked) as b:
        assert b.height > a.height  # the QR code and its caption at the foot


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("pdf", "-o", "out.xlsx"), "must end in .pdf"),
        (("png", "-o", "out.pdf"), "must end in .png"),
        (("pdf", "-o", "no-such-folder/out.pdf"), "does not exist"),
        (("pdf", "-o", "out.pdf", "--url", "https://example.org"), "--url goes with a picture"),
        (("png", "-o", "out.png", "--url", "example.org"), "is not a web address"),
    ],
)
def test_a_refused_export_writes_nothing(
    made: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...], said: str,
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TDESK_LANG", "en")
    before = made.read_bytes()
    code, out, err = tdesk(capsys, "series", "export", made, *args)
    assert code == 2 and said in err and out == ""
    assert len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []
    assert made.read_bytes() == before


def test_the_series_file_itself_is_never_overwritten(
    made: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = tmp_path / "s.pdf"
    copy.write_bytes(made.read_bytes())  # a database under a document's name
    code, _, err = tdesk(capsys, "series", "export", made, "pdf", "-o", copy)
    assert code == 2 and "series or tournament file" in err
    assert copy.read_bytes() == made.read_bytes()
