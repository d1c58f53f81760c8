"""The entry cards through ``tdesk`` (rules.md §12, issue 23): printed with their QR codes (read back with zbarimg),
listed, a lost card reissued (the old code stops at once), a card released from its phone, phone entry closed and
opened for a round or a table."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.cli.conftest import Tdesk
from tournament_desk.domain.errors import BadInput

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


def event(tdesk: Tdesk, path: Path) -> None:
    assert tdesk("new", path, "--name", "秋季赛", "--rounds", "3").code == 0
    for name in ("四川三队", "福州三队", "厦门二队", "峨眉队"):
        assert tdesk("entrant", "add", path, name, "--players", "张三,李四").code == 0
    assert tdesk("draw", path, "--order", "四川三队,福州三队,厦门二队,峨眉队").code == 0
    assert tdesk("pair", path).code == 0


@pytest.mark.slow
@pytest.mark.system  # pdftotext, and zbarimg where it is installed
def test_cards_printed_listed_reissued_and_released(tdesk: Tdesk, tmp_path: Path) -> None:
    from tournament_desk.services import live

    path = tmp_path / "t.tdesk"
    event(tdesk, path)
    listed = tdesk("cards", path, "--json")
    assert listed.code == 0
    cards = {c["name"]: c for c in listed.json()["cards"]}
    assert set(cards) == {"四川三队", "福州三队", "厦门二队", "峨眉队"} and all(
        c["phone"] is None for c in cards.values()
    )
    out = tmp_path / "录分卡.pdf"
    done = tdesk("export", path, "cards", "-o", out, "--url", "http://192.168.1.20:8765/")
    assert done.code == 0, done.err
    text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert all(c["code"] in text for c in cards.values()) and "录分卡" in text
    if shutil.which("zbarimg") and shutil.which("pdftoppm"):
        subprocess.run(
            ["pdftoppm", "-r", "150", "-png", "-f", "1", "-l", "1", str(out), str(tmp_path / "p")], check=True
        )
        page = next(tmp_path.glob("p*.png"))
        read = subprocess.run(
            ["zbarimg", "-q", "--raw", str(page)], capture_output=True, text=True
        ).stdout.split()
        codes = {c["code"].replace("-", "") for c in cards.values()}
        assert {u.rsplit("/", 1)[1] for u in read} == codes
        assert all(u.startswith("http://192.168.1.20:8765/c/") for u in read)

    with tdesk.open(path) as desk:
        old = next(c for c in live.cards(desk) if c.name == "四川三队")
        live.bind(desk, old.code, None)
    assert tdesk("cards", path, "--json").json()["cards"][0]["phone"] is not None
    reissued = tdesk("cards", path, "--reissue", "四川三队", "--reason", "遗失")
    assert reissued.code == 0 and "四川三队" in reissued.out
    with tdesk.open(path) as desk:
        new = next(c for c in live.cards(desk) if c.name == "四川三队")
        assert new.code != old.code and new.phone is None and new.printed in reissued.out
        with pytest.raises(BadInput, match="not known"):
            live.card_by_code(desk, old.code)
    before = tdesk.fingerprint(path)
    refused = tdesk("cards", path, "--release", "四川三队")
    assert refused.code == 2 and "not held by any phone" in refused.err and tdesk.fingerprint(path) == before
    unknown = tdesk("cards", path, "--reissue", "无此队")
    assert unknown.code == 2 and "无此队" in unknown.err and tdesk.fingerprint(path) == before


@pytest.mark.slow
def test_phone_entry_closed_and_opened(tdesk: Tdesk, tmp_path: Path) -> None:
    from tournament_desk.services import live

    path = tmp_path / "t.tdesk"
    event(tdesk, path)
    closed = tdesk("phones", path, "1", "--close", "--table", "2", "--reason", "记分表已交")
    assert closed.code == 0 and "2" in closed.out
    with tdesk.open(path) as desk:
        assert [t.table for t in live.live_tables(desk, 1) if t.locked] == [2]
    assert tdesk("phones", path, "1", "--open").code == 0
    with tdesk.open(path) as desk:
        assert not any(t.locked for t in live.live_tables(desk, 1))
    assert tdesk("phones", path, "1").code == 2  # neither --close nor --open
    assert tdesk("phones", path, "1", "--close", "--table", "9").code == 2  # no such table
    assert tdesk("export", path, "standings", "-o", tmp_path / "s.pdf", "--url", "http://x/").code == 2
