"""Table entry for the knockout (the side on stage at equal levels, a second step without script) and for
Mitchell tables (the round's boards), through the ASGI app; and the QR codes on the printed paper."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.live_phones import agree, hidden_fields, send, take_card
from tests.web.client import Phone
from tests.web.events import make_cup, make_pairs
from tournament_desk.services import entrants as es
from tournament_desk.services import live
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.output.printing import print_entry_sheets
from tournament_desk.services.results.pair_boards import table_boards
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.web.app import create_app


@pytest.fixture(scope="module")
def cup_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    path = tmp_path_factory.mktemp("cup") / "cup.tdesk"
    return path, make_cup(path)


@pytest.fixture
def cup(cup_file: tuple[Path, int], tmp_path: Path) -> Iterator[tuple[Desk, int]]:
    copy = tmp_path / "cup.tdesk"
    copy.write_bytes(cup_file[0].read_bytes())
    with Desk.open(copy) as desk:
        yield desk, cup_file[1]


@pytest.mark.slow
def test_knockout_equal_levels_take_a_second_step_for_the_side_on_stage(cup: tuple[Desk, int]) -> None:
    desk, number = cup
    t = live.round_tokens(desk, number)[0]
    app = create_app(desk)
    home, away = Phone(app), Phone(app, "zh")
    take_card(home, t.home)
    take_card(away, t.away)
    form = home.get("/my").text
    assert '<fieldset class="stage">' in form and 'name="on_stage"' in form
    assert "s.hidden=" in form  # shown by the script only when needed
    r = send(home, {"home_level": "9", "away_level": "9"})
    assert r.status_code == 200 and "Which side was on stage?" in r.text and "9 : 9" in r.text
    step = hidden_fields(r.text)
    assert step["token"] == t.token and step["home_level"] == step["away_level"] == "9"
    assert 'name="on_stage" value="home" required' in r.text
    assert live.table_by_token(desk, t.token).version == 0  # nothing stored before the answer
    r = home.post("/my", data={**step, "on_stage": "away"})
    assert "the other side confirms" in r.text and f"{t.away} on stage" in r.text
    page = away.get("/my").text
    assert f"{t.away}在台上" in page and 'name="on_stage" value="away"' in page  # the entry to agree with
    r = agree(away)
    assert "成绩已录入" in r.text
    view = round_view(desk, number).tables[0]
    assert view.on_stage == "away" and view.winner == "away"


@pytest.mark.slow
def test_knockout_sides_differing_on_stage_are_disputed(cup: tuple[Desk, int]) -> None:
    desk, number = cup
    t = live.round_tokens(desk, number)[1]
    app = create_app(desk)
    for name, stage in ((t.home, "home"), (t.away, "away")):
        phone = Phone(app)
        take_card(phone, name)
        r = send(phone, {"home_level": "J", "away_level": "11", "on_stage": stage})
    assert '<div class="warn">The two sides entered different levels: the director decides.</div>' in r.text
    assert [d.table for d in live.disputes(desk)] == [2]


@pytest.mark.slow
def test_mitchell_table_enters_its_boards_from_two_phones(tmp_path: Path) -> None:
    with make_pairs(tmp_path / "m.tdesk") as desk:
        t = live.round_tokens(desk, 1)[0]
        boards = [b.board for b in table_boards(desk, 1, 1)]
        app = create_app(desk)
        ns, ew = Phone(app), Phone(app, "zh")
        take_card(ns, t.home)
        take_card(ew, t.away)
        form = ns.get("/my").text
        for b in boards:
            assert f'name="points_{b}"' in form and f'name="pen_side_{b}"' in form
        entry = {f"points_{boards[0]}": "85", f"points_{boards[1]}": "40", f"pen_side_{boards[1]}": "EW",
                 f"pen_{boards[1]}": "10"}  # fmt: skip
        bad = send(ns, {**entry, f"points_{boards[0]}": "83"})
        assert bad.status_code == 400 and "steps of 5" in bad.text and 'value="83"' in bad.text  # kept
        r = send(ns, entry, hidden_fields(bad.text))
        assert "the other side confirms" in r.text
        page = ew.get("/my").text
        assert "东西" in page and 'value="85"' in page and "40 +EW 10" in page
        r = send(ew, entry)
        assert "成绩已录入" in r.text
        stored = {b.board: (b.points, b.penalty_ew) for b in table_boards(desk, 1, 1)}
        assert stored == {boards[0]: (85, 0), boards[1]: (40, 10)}


# --- QR codes on paper ------------------------------------------------------------------------------------

BASE = "http://192.168.1.20:8765/"


def decoded(pdf: Path, tmp: Path) -> list[str]:
    """Every QR code on every page (zbarimg), or [] with a check that the pages carry a drawing where the
    code goes (without a decoder)."""
    subprocess.run(["pdftoppm", "-r", "110", "-png", str(pdf), str(tmp / "page")], check=True)
    found = []
    for png in sorted(tmp.glob("page*.png")):
        done = subprocess.run(["zbarimg", "-q", "--raw", str(png)], capture_output=True, text=True)
        found += done.stdout.split()
    return found


needs_tools = pytest.mark.skipif(
    (shutil.which("pdftoppm") is None or shutil.which("zbarimg") is None)
    and not os.environ.get("TDESK_FULL_SUITE"),  # `dev.py test` installs both: there a missing tool fails
    reason="poppler's pdftoppm and zbar's zbarimg read the QR codes back (apt: poppler-utils zbar-tools)",
)


@pytest.mark.slow
@pytest.mark.system  # pdftoppm and zbarimg
@needs_tools
def test_level_scoresheets_carry_each_tables_entry_code(tmp_path: Path) -> None:
    with create_tournament(tmp_path / "t.tdesk", name="春季升级赛", rounds=2) as desk:
        for name in ("甲队", "乙队", "丙队", "丁队"):
            es.add_entrant(desk, name)
        es.draw(desk, order=["甲队", "乙队", "丙队", "丁队"])
        pair_next_round(desk)
        pdf = print_entry_sheets(desk, tmp_path / "sheets.pdf", BASE)
        tokens = {t.table: t.token for t in live.round_tokens(desk, 1)}
    assert decoded(pdf, tmp_path) == [f"{BASE}t/{tokens[1]}", f"{BASE}t/{tokens[2]}"]


@pytest.mark.slow
@pytest.mark.system  # pdftoppm and zbarimg
@needs_tools
def test_duplicate_sheets_and_mitchell_guide_cards_carry_the_codes(tmp_path: Path) -> None:
    with create_tournament(tmp_path / "d.tdesk", name="复式", scoring="duplicate", rounds=2) as desk:
        for name in ("甲", "乙"):
            es.add_entrant(desk, name, players="张三、李四、王五、赵六")
        es.draw(desk, order=["甲", "乙"])
        pair_next_round(desk)
        pdf = print_entry_sheets(desk, tmp_path / "dup.pdf", BASE)
        token = live.round_tokens(desk, 1)[0].token
    folder = tmp_path / "dup"
    folder.mkdir()
    assert decoded(pdf, folder) == [f"{BASE}t/{token}"] * 2  # open and closed room
    with make_pairs(tmp_path / "m.tdesk", tables=15) as desk:  # 15 rounds: the longest quarter-page card
        pdf = print_entry_sheets(desk, tmp_path / "guides.pdf", BASE.rstrip("/"))
        tokens = [t.token for t in live.round_tokens(desk, 1)]
    folder = tmp_path / "m"
    folder.mkdir()
    assert sorted(decoded(pdf, folder)) == sorted(f"{BASE}t/{t}" for t in tokens)


@pytest.mark.slow
@pytest.mark.system  # pdftoppm
@pytest.mark.skipif(
    shutil.which("pdftoppm") is None and not os.environ.get("TDESK_FULL_SUITE"),
    reason="poppler's pdftoppm renders the page (`dev.py test` installs it)",
)
def test_the_code_is_drawn_where_the_sheet_is_blank_without_an_address(tmp_path: Path) -> None:
    """Without a decoder: the square beside the table number is dark in a QR's proportion with an address,
    and blank without one (the builders print exactly what they printed before when none is given)."""
    from PIL import Image

    from tournament_desk.reports.layout import MARGIN
    from tournament_desk.reports.model import ScoresheetData
    from tournament_desk.reports.scoresheets.frame import BOX_W, W
    from tournament_desk.reports.scoresheets.levels import QR_SIZE, build_scoresheets
    from tournament_desk.services.output import export as ex

    with create_tournament(tmp_path / "t.tdesk", name="春季升级赛", rounds=2) as desk:
        for name in ("甲队", "乙队"):
            es.add_entrant(desk, name)
        es.draw(desk, order=["甲队", "乙队"])
        pair_next_round(desk)
        urls = live.entry_urls(desk, 1, BASE)
        data = ScoresheetData(
            ex.event_header(desk), ex.round_data(desk, 1), ex.entrant_data(desk), ex.event_info(desk).rules
        )
    darkness = []
    for name, given in (("with", urls), ("without", None)):
        pdf = tmp_path / f"{name}.pdf"
        build_scoresheets(pdf, data, live_urls=given)
        subprocess.run(["pdftoppm", "-r", "72", "-f", "1", "-l", "1", "-png", str(pdf), str(tmp_path / name)],
                       check=True)  # fmt: skip
        image = Image.open(next(tmp_path.glob(f"{name}*.png"))).convert("L")
        x = W - MARGIN - BOX_W - 10 - QR_SIZE
        box = image.crop((round(x), round(98 - QR_SIZE), round(x + QR_SIZE), 98))
        histogram = box.histogram()  # grey levels 0–255
        darkness.append(sum(histogram[:128]) / (box.width * box.height))
    assert 0.3 < darkness[0] < 0.7 and darkness[1] == 0.0


@pytest.mark.slow
def test_without_an_address_nothing_is_printed_and_a_bad_address_is_refused(tmp_path: Path) -> None:
    from tournament_desk.domain.errors import BadInput

    with make_pairs(tmp_path / "m.tdesk") as desk, pytest.raises(BadInput, match="http://"):
        print_entry_sheets(desk, tmp_path / "x.pdf", "192.168.1.20:8765")
    assert not (tmp_path / "x.pdf").exists()


@pytest.mark.slow
@pytest.mark.system  # pdftoppm and zbarimg
@needs_tools
def test_tdesk_prints_the_entry_paper_with_live_url(tmp_path: Path) -> None:
    from tournament_desk.cli import main

    path = tmp_path / "cli.tdesk"
    with create_tournament(path, name="命令行", rounds=2) as desk:
        for name in ("甲队", "乙队"):
            es.add_entrant(desk, name)
        es.draw(desk, order=["甲队", "乙队"])
        pair_next_round(desk)
        token = live.round_tokens(desk, 1)[0].token
    out = tmp_path / "sheets.pdf"
    assert main(["export", str(path), "scoresheets", "--live-url", BASE, "-o", str(out)]) == 0
    assert decoded(out, tmp_path) == [f"{BASE}t/{token}"]
    assert main(["export", str(path), "standings", "--live-url", BASE, "-o", str(tmp_path / "x.pdf")]) == 2
    assert not (tmp_path / "x.pdf").exists()
