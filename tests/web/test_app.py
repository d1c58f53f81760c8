"""The LAN server through httpx (ASGI, no sockets): every page, the entry form and every bad input."""

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.client import Phone
from tournament_desk.services import entrants as es
from tournament_desk.services import live, live_clock
from tournament_desk.services import results as rs
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.web.app import create_app


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[Desk]:
    d = create_tournament(tmp_path / "t.tdesk", name="春季升级赛", rounds=3)
    for name, players in [
        ("甲队", "张三、李四"),
        ("乙队", "王五、赵六"),
        ("丙队", "钱七、孙八"),
        ("丁队", "周九、吴十"),
    ]:
        es.add_entrant(d, name, players=players)
    es.draw(d, order=["甲队", "乙队", "丙队", "丁队"])
    pair_next_round(d)
    yield d
    d.close()


def client(desk: Desk, lang: str = "en") -> Phone:
    return Phone(create_app(desk, poll_seconds=0.05, stream_seconds=0.6), lang)


def form_fields(html: str) -> dict[str, str]:
    return dict(re.findall(r'name="(nonce|version)" value="([^"]*)"', html))


def open_form(c: Phone, token: str) -> dict[str, str]:
    r = c.get(f"/t/{token}")
    assert r.status_code == 200
    return form_fields(r.text)


def post(c: Phone, token: str, side: str, home: str, away: str, fields: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    fields = fields if fields is not None else open_form(c, token)
    return c.post(f"/t/{token}", data={**fields, "side": side, "home_level": home, "away_level": away})


def test_find_my_table_by_name_player_or_pinyin_initials(desk: Desk) -> None:
    c = client(desk)
    assert "春季升级赛" in c.get("/").text
    for query in ("甲队", "张三", "zs", "zhangsan", "jd"):
        assert (
            "/me/%E7%94%B2%E9%98%9F" in c.get("/find", params={"q": query}).text
            or "甲队" in c.get("/find", params={"q": query}).text
        ), query
    assert "Nobody matches" in c.get("/find", params={"q": "xyz"}).text


def test_player_page_shows_table_seat_opponent_results_and_place(desk: Desk) -> None:
    rs.record_result(desk, 1, 1, "Q", "9")
    rs.record_result(desk, 1, 2, "9", "9")
    c = client(desk)
    first = c.get("/me/甲队").text
    assert "Place 1 after round 1: 3 MP" in first
    assert "<td>乙队</td>" in first and "Q : 9" in first and ">3<" in first
    pair_next_round(desk)
    second = c.get("/me/甲队").text
    table = next(t for t in round_view(desk, 2).tables if "甲队" in (t.home, t.away))
    assert f"Round 2: table {table.table}" in second
    assert c.get("/me/没有这队").status_code == 404


def test_player_page_in_chinese(desk: Desk) -> None:
    c = client(desk, "zh")
    page = c.get("/me/甲队").text
    assert "第 1 轮" in page and "主队" in page and "Find my table" not in page


def test_pairings_standings_clock_and_announcements(desk: Desk) -> None:
    live_clock.set_clock(desk, minutes=60)
    live_clock.start_clock(desk)
    live_clock.announce(desk, "第二轮十点半开始")
    c = client(desk)
    pairings = c.get("/pairings").text
    assert "Round 1 pairings" in pairings and "甲队" in pairings and "第二轮十点半开始" in pairings
    assert 'id="clock"' in pairings
    assert "no standings" in c.get("/standings").text
    clock = c.get("/clock.json").json()
    assert clock["phase"] == "running" and 3590 <= clock["remaining"] <= 3600 and clock["round"] == 1


def test_both_sides_confirm_from_two_phones(desk: Desk) -> None:
    token = live.round_tokens(desk, 1)[0].token
    home, away = client(desk), client(desk)
    r = post(home, token, "home", "12", "9")
    assert r.status_code == 200 and "the other side confirms" in r.text
    r = post(away, token, "away", "12", "9")
    assert "result is recorded" in r.text and "<form" not in r.text.split("</nav>")[1]
    assert round_view(desk, 1).tables[0].kind == "played"


def test_disputed_entry_goes_to_the_director(desk: Desk) -> None:
    token = live.round_tokens(desk, 1)[1].token
    home, away = client(desk), client(desk)
    post(home, token, "home", "12", "9")
    r = post(away, token, "away", "11", "9")
    assert "director has been asked" in r.text
    assert [d.table for d in live.disputes(desk)] == [2]


@pytest.mark.parametrize(
    ("case", "expected"),
    [
        ("unknown token", "not known"),
        ("level out of range", "not a level"),
        ("no side", "home or away"),
        ("second device", "another phone"),
        ("stale form", "changed since you opened"),
        ("no device cookie", "out of date"),
    ],
)
def test_bad_input_is_one_sentence_and_changes_nothing(desk: Desk, case: str, expected: str) -> None:
    token = live.round_tokens(desk, 1)[0].token
    c = client(desk)
    before = live.table_by_token(desk, token)
    if case == "unknown token":
        r = post(c, "nope", "home", "9", "9", fields={"nonce": "x", "version": "0"})
        assert r.status_code == 404 and c.get("/t/nope").status_code == 404
    elif case == "level out of range":
        r = post(c, token, "home", "16", "9")
    elif case == "no side":
        r = post(c, token, "", "9", "9")
    elif case == "second device":
        post(c, token, "home", "9", "9")
        before = live.table_by_token(desk, token)
        r = post(client(desk), token, "home", "10", "9")
    elif case == "stale form":
        old = open_form(c, token)
        post(c, token, "home", "9", "9")
        before = live.table_by_token(desk, token)
        r = post(c, token, "home", "10", "9", fields=old)
    else:
        r = Phone(create_app(desk)).post(f"/t/{token}", data={"nonce": "n", "version": "0", "side": "home",
                                                                  "home_level": "9", "away_level": "9"})  # fmt: skip
    assert r.status_code in (400, 404)
    assert expected in r.text and 'role="alert"' in r.text
    assert live.table_by_token(desk, token) == before


def test_a_replayed_post_is_recognised(desk: Desk) -> None:
    token = live.round_tokens(desk, 1)[0].token
    c = client(desk)
    fields = open_form(c, token)
    post(c, token, "home", "9", "9", fields=fields)
    r = post(c, token, "home", "9", "9", fields=fields)
    assert r.status_code == 200 and "had already arrived" in r.text


def test_a_closed_round_refuses_its_old_token(desk: Desk) -> None:
    token = live.round_tokens(desk, 1)[0].token
    for table in (1, 2):
        rs.record_result(desk, 1, table, "9", "9")
    pair_next_round(desk)
    r = client(desk).get(f"/t/{token}")
    assert r.status_code == 404 and "Round 1 is closed" in r.text


def test_events_push_a_change_when_a_result_is_confirmed(desk: Desk) -> None:
    import threading

    writer = threading.Timer(0.2, rs.record_result, args=(desk, 1, 1, "9", "9"))
    writer.start()
    # The stream closes after stream_seconds: long enough that a loaded machine still sees the change.
    text = Phone(create_app(desk, poll_seconds=0.05, stream_seconds=3.0), "en").get("/events").text
    writer.join()
    assert text.startswith("retry:") and "event: change" in text and '"round": 1' in text
    assert "event: clock" in text


def test_projector_shows_clock_tables_still_playing_results_and_qr(desk: Desk) -> None:
    live_clock.set_clock(desk)
    live_clock.announce(desk, "请各桌交记分表")
    rs.record_result(desk, 1, 2, "K", "10")
    page = client(desk, "zh").get("/projector").text
    assert "仍在比赛：1 桌" in page and "<p>1</p>" in page
    assert "K : 10" in page and "请各桌交记分表" in page and "60:00" in page
    assert "<svg" in page and "http://desk.test/" in page
