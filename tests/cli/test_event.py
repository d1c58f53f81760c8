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


@pytest.mark.parametrize(
    ("fmt", "scoring", "extra"),
    [
        ("mitchell", "team-match", ("--boards-per-round", 2)),
        ("knockout", "duplicate", ()),
        ("knockout-round-robin", "duplicate", ()),
    ],
)
@pytest.mark.slow
def test_new_refuses_a_format_that_cannot_carry_the_scoring(
    tdesk: Tdesk, tmp_path: Path, fmt: str, scoring: str, extra: tuple[object, ...]
) -> None:
    """rules.md §5.8: a team match of pairs is played in any format that pairs teams (not Mitchell), duplicate boards
    not in a knockout by draw; one sentence names the formats that carry the mode (whatever the entrants given:
    the format is the first thing said), and nothing is written."""
    path = tmp_path / "refused.tdesk"
    for entrants in ((), ("--entrants", "teams"), ("--entrants", "pairs")):
        run = tdesk("new", path, "--name", "错", "--format", fmt, "--scoring", scoring, *entrants, *extra)
        assert run.code == 2 and run.err.count("\n") == 1, run.err
        assert f"'{fmt}'" in run.err and "choose swiss, round-robin, groups-knockout" in run.err
        assert not tdesk.created(path)
    assert (
        tdesk("new", path, "--name", "团体赛", "--format", "groups-knockout", "--scoring", scoring).code == 0
    )


@pytest.mark.slow
def test_a_team_match_demo_is_consistent_and_deterministic(tdesk: Tdesk, tmp_path: Path) -> None:
    """``tdesk demo --scoring team-match``: teams of five pairs with named players; every played match is 3 : 1
    on five pair games, the standings add its points and games up, and the same seed gives the same event."""
    first, again = tmp_path / "demo.tdesk", tmp_path / "again.tdesk"
    for path in (first, again):
        run = tdesk("demo", path, "--scoring", "team-match", "--entrants", 10, "--played", 3, "--seed", 7)
        assert run.code == 0 and "10 teams of 5 pairs" in run.out, run.err
    standings = tdesk("standings", first, "--json").json()
    assert standings == tdesk("standings", again, "--json").json()
    assert standings["after_round"] == 3
    assert standings["columns"] == ["points", "h2h", "games_won", "games_lost", "game_ratio"]
    points: dict[str, float] = {}
    games: dict[str, list[int]] = {}
    for round_no in (1, 2, 3):
        for t in tdesk("round", first, round_no, "--json").json()["tables"]:
            home_won, away_won = (int(n) for n in t["games"].split(":")) if t.get("games") else (0, 0)
            if t["state"] == "played":
                assert sorted((t["home_mp"], t["away_mp"])) == [1.0, 3.0]
                assert home_won + away_won == 5 and len(t["pair_games"]) == 5
                assert (t["home_mp"] == 3.0) == (home_won > away_won)
                assert all("/" in g["home_pair"] and "/" in g["away_pair"] for g in t["pair_games"])
            for name, mp, won, lost in ((t["home"], t["home_mp"], home_won, away_won),
                                        (t["away"], t["away_mp"], away_won, home_won)):  # fmt: skip
                points[name] = points.get(name, 0.0) + (mp or 0.0)
                games.setdefault(name, [0, 0])
                games[name][0] += won
                games[name][1] += lost
    for row in standings["rows"]:
        assert row["points"] == points[row["name"]] and row["played"] == 3
        assert [row["games_won"], row["games_lost"]] == games[row["name"]]
    people = tdesk("entrant", "list", first, "--json").json()
    assert all(len(p["players"]) == 10 for p in people), people[0]


@pytest.mark.slow
@pytest.mark.system  # pdftotext
def test_export_certificates_takes_the_places_and_the_organiser_line(tmp_path: Path, tdesk: Tdesk) -> None:
    event = tmp_path / "e.tdesk"
    assert tdesk("demo", event, "--entrants", 8, "--units", 2, "--played", 3).code == 0
    out = tmp_path / "certificates.pdf"
    run = tdesk("export", event, "certificates", "--top", 2, "--organiser", " 复旦大学  工会 ", "-o", out)
    assert run.code == 0, run.err
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    pages = text.split("\f")[:-1]
    assert len(pages) == 2 and all("主办单位：复旦大学工会" in "".join(page.split()) for page in pages)
    refused = tdesk("export", event, "standings", "--organiser", "工会", "-o", tmp_path / "s.pdf")
    assert refused.code == 2 and "organiser line goes with the certificates" in refused.err
    assert not (tmp_path / "s.pdf").exists()
