""" "My table this round" on a phone that holds an entry card (issue 23): nothing preselected, a missing level
refused, the other side's entry in words with 同意, a stale form shown again with what the table holds now,
a closed table, a rest, a Mitchell table agreed board by board."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.live_phones import agree, my_fields, send, take_card
from tests.web.client import Phone
from tests.web.events import make_pairs
from tournament_desk.services import entrants as es
from tournament_desk.services import live
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.web.app import create_app


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[Desk]:
    with create_tournament(tmp_path / "t.tdesk", name="秋季赛", rounds=3) as d:
        for name in ("四川三队", "福州三队", "厦门二队", "峨眉队", "黄山队"):
            es.add_entrant(d, name)
        es.draw(d, order=["四川三队", "福州三队", "厦门二队", "峨眉队", "黄山队"])
        pair_next_round(d)
        yield d


@pytest.mark.slow
def test_the_pad_starts_empty_and_a_missing_level_is_refused(desk: Desk) -> None:
    home = Phone(create_app(desk), "zh")
    take_card(home, "四川三队")
    page = home.get("/my").text
    assert "第 1 桌" in page and "四川三队" in page and "（我方）" in page
    assert 'name="home_level"' in page and " checked" not in page  # nothing preselected
    answer = send(home, {"home_level": "12"})
    assert answer.status_code == 400 and "缺少级数" in answer.text
    assert live.table_by_token(desk, live.round_tokens(desk, 1)[0].token).source == "open"


@pytest.mark.slow
def test_the_confirming_side_reads_the_entry_in_words_and_agrees(desk: Desk) -> None:
    app = create_app(desk)
    home, away = Phone(app, "zh"), Phone(app, "zh")
    take_card(home, "四川三队")
    take_card(away, "福州三队")
    assert "请对方用自己的手机确认" in send(home, {"home_level": "12", "away_level": "7"}).text
    page = away.get("/my").text
    assert "四川三队 Q，福州三队 7 — 四川三队胜 15:5" in page and "同意" in page and "不同意" in page
    assert "成绩已录入" in agree(away).text
    assert round_view(desk, 1).tables[0].home_level == 12


@pytest.mark.slow
def test_a_stale_form_comes_back_with_what_the_table_holds_now(desk: Desk) -> None:
    app = create_app(desk)
    home, away = Phone(app, "en"), Phone(app, "en")
    take_card(home, "四川三队")
    take_card(away, "福州三队")
    old_form = home.get("/my").text
    fields = my_fields(old_form)
    send(away, {"home_level": "10", "away_level": "9"})  # the other side was quicker
    answer = home.post("/my", data={**fields, "home_level": "12", "away_level": "9"})
    assert answer.status_code == 400 and "changed since you opened" in answer.text
    assert "四川三队 10, 福州三队 9" in answer.text and "Agree" in answer.text  # the current state, in words
    assert " checked" not in answer.text  # what was sent is not put back into the pad
    assert live.table_by_token(desk, fields["token"]).away_claim == (10, 9)


@pytest.mark.slow
def test_a_closed_table_and_a_rest(desk: Desk) -> None:
    app = create_app(desk)
    home, resting = Phone(app, "en"), Phone(app, "en")
    take_card(home, "四川三队")
    fields = {"home_level": "12", "away_level": "9"}
    live.set_phone_lock(desk, 1, [1], locked=True, reason="记分表已交")
    page = home.get("/my").text
    assert "closed phone entry" in page and 'name="home_level"' not in page
    token = live.round_tokens(desk, 1)[0].token
    answer = home.post("/my", data={"token": token, "nonce": "n", "version": "1", **fields})
    assert answer.status_code == 400 and "closed phone entry" in answer.text
    live.set_phone_lock(desk, 1, None, locked=False)
    assert "Entered" in send(home, fields).text
    bye = round_view(desk, 1).bye
    assert bye is not None
    take_card(resting, bye)
    assert f"{bye} has no table in round 1" in resting.get("/my").text
    assert my_fields(resting.get("/my").text) == {}


@pytest.mark.slow
def test_a_mitchell_table_agreed_board_by_board(tmp_path: Path) -> None:
    desk = make_pairs(tmp_path / "m.tdesk")
    try:
        table = live.round_tokens(desk, 1)[0]
        app = create_app(desk)
        ns, ew = Phone(app, "en"), Phone(app, "en")
        take_card(ns, table.home)
        take_card(ew, table.away)
        boards = {f"points_{line.key}": str(40 + 5 * i) for i, line in enumerate(table.boards)}
        assert "Entered" in send(ns, boards).text
        assert "Confirmed by both sides" in agree(ew).text
        done = live.table_by_token(desk, table.token)
        assert done.source == "confirmed" and all(line.recorded is not None for line in done.boards)
    finally:
        desk.close()
