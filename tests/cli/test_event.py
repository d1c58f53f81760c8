"""``tdesk new``, ``export`` and the other commands on the event as a whole."""

import subprocess
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.cli.conftest import Tdesk, fingerprint
from tests.web.events import public_event
from tournament_desk.cli import main


@pytest.mark.slow
@pytest.mark.system  # pdftotext
def test_export_pdf_and_xlsx_through_tdesk(tmp_path: Path, tdesk: Tdesk) -> None:
    event = tmp_path / "e.tdesk"
    assert tdesk("demo", event, "--entrants", 10, "--units", 3, "--played", 2).code == 0
    out = tmp_path / "standings.pdf"
    run = tdesk("export", event, "standings", "-o", out)
    assert run.code == 0, run.err
    leader = tdesk("standings", event, "--json").json()["rows"][0]["name"]
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert leader in text
    book = tmp_path / "event.xlsx"
    assert tdesk("export", event, "all", "-o", book).code == 0
    assert any(
        leader in str(c.value) for ws in load_workbook(book).worksheets for row in ws.iter_rows() for c in row
    )
    written = tdesk("export", event, "all", "-o", tmp_path / "print.pdf")
    assert written.code == 0 and len(list(tmp_path.glob("print-*.pdf"))) == 6


@pytest.mark.slow
def test_export_refuses_bad_input_and_writes_nothing(tmp_path: Path, tdesk: Tdesk) -> None:
    event = tmp_path / "e.tdesk"
    tdesk("demo", event, "--entrants", 6, "--played", 1)
    before = fingerprint(event)
    run = tdesk("export", event, "pairings", "--round", 5, "-o", tmp_path / "p.pdf")
    assert run.code == 2 and "Round 5" in run.err
    run = tdesk("export", event, "pairings", "-o", tmp_path / "p.doc")
    assert run.code == 2 and ".pdf or .xlsx" in run.err
    assert fingerprint(event) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.tdesk"]


@pytest.mark.slow
@pytest.mark.system  # pdfinfo
def test_certificates_for_as_many_places_as_the_director_asks(tmp_path: Path, tdesk: Tdesk) -> None:
    path = tmp_path / "cert.tdesk"
    assert tdesk("demo", path, "--entrants", 24, "--played", 3, "--seed", 6).code == 0
    ranks = [r["rank"] for r in tdesk("standings", path, "--json").json()["rows"]]
    for top, out in ((None, tmp_path / "eight.pdf"), (12, tmp_path / "twelve.pdf")):
        args = ("--top", top) if top is not None else ()
        assert tdesk("export", path, "certificates", *args, "-o", out).code == 0
        info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
        pages = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
        assert pages == sum(1 for r in ranks if r <= (top or 8))
    refused = tdesk("export", path, "standings", "--top", 5, "-o", tmp_path / "x.pdf")
    assert refused.code == 2 and not (tmp_path / "x.pdf").exists()


@pytest.mark.slow
def test_static_export_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    public_event(tmp_path / "s.tdesk").close()
    out = tmp_path / "网页"
    assert main(["export", str(tmp_path / "s.tdesk"), "site", "-o", str(out)]) == 0
    assert str(out) in capsys.readouterr().out
    assert (out / "index.html").is_file() and not (out / "crosstable.html").exists()  # Swiss: none
    assert "/crosstable" not in (out / "standings.html").read_text(encoding="utf-8")
