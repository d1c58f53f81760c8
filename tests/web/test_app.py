"""The LAN server through httpx (ASGI, no sockets): every page, the entry form and every bad input."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.live_phones import card_code, my_fields, send, take_card
from tests.web.client import Phone
from tournament_desk.services import entrants as es
from tournament_desk.services import live
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.results import levels as rs
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


def phone_of(desk: Desk, name: str) -> Phone:
    """A phone that scanned ``name``'s entry card and took it."""
    c = client(desk)
    take_card(c, name)
    return c


def open_form(c: Phone) -> dict[str, str]:
    r = c.get("/my")
    assert r.status_code == 200
    return my_fields(r.text)


def post(c: Phone, home: str, away: str, fields: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    return send(c, {"home_level": home, "away_level": away}, fields)


@pytest.mark.slow
def test_find_my_table_by_name_player_or_pinyin_initials(desk: Desk) -> None:
    c = client(desk)
    assert "春季升级赛" in c.get("/").text
    for query in ("甲队", "张三", "zs", "zhangsan", "jd"):
        assert (
            "/me/%E7%94%B2%E9%98%9F" in c.get("/find", params={"q": query}).text
            or "甲队" in c.get("/find", params={"q": query}).text
        ), query
    assert "Nobody matches" in c.get("/find", params={"q": "xyz"}).text


@pytest.mark.slow
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


@pytest.mark.slow
def test_player_page_in_chinese(desk: Desk) -> None:
    c = client(desk, "zh")
    page = c.get("/me/甲队").text
    assert "第 1 轮" in page and "主队" in page and "Find my table" not in page


@pytest.mark.slow
def test_pairings_standings_clock_and_announcements(desk: Desk) -> None:
    live.set_clock(desk, minutes=60)
    live.start_clock(desk)
    live.announce(desk, "第二轮十点半开始")
    c = client(desk)
    pairings = c.get("/pairings").text
    assert "Round 1 pairings" in pairings and "甲队" in pairings and "第二轮十点半开始" in pairings
    assert 'id="clock"' in pairings
    assert "no standings" in c.get("/standings").text
    clock = c.get("/clock.json").json()
    assert clock["phase"] == "running" and 3590 <= clock["remaining"] <= 3600 and clock["round"] == 1


@pytest.mark.slow
def test_both_sides_confirm_from_two_phones(desk: Desk) -> None:
    t = live.round_tokens(desk, 1)[0]
    home, away = phone_of(desk, t.home), phone_of(desk, t.away)
    mine = home.get("/my").text
    assert "Table 1" in mine and t.home in mine and t.away in mine and open_form(home)["token"] == t.token
    r = post(home, "12", "9")
    assert r.status_code == 200 and "the other side confirms" in r.text
    r = post(away, "12", "9")
    assert "result is recorded" in r.text and "<form" not in r.text.split("</nav>")[1]
    assert round_view(desk, 1).tables[0].kind == "played"


@pytest.mark.slow
def test_disputed_entry_goes_to_the_director_and_is_shown_as_a_warning(desk: Desk) -> None:
    t = live.round_tokens(desk, 1)[1]
    home, away = phone_of(desk, t.home), phone_of(desk, t.away)
    post(home, "12", "9")
    r = post(away, "11", "9")
    assert r.status_code == 200 and 'class="ok"' not in r.text  # never shown as success
    assert '<div class="warn">The two sides entered different levels: the director decides.</div>' in r.text
    assert [d.table for d in live.disputes(desk)] == [2]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("case", "expected"),
    [
        ("unknown token", "not known"),
        ("level out of range", "not a level"),
        ("another table's card", "does not play at round 1 table 1"),
        ("second phone", "already used on another phone"),
        ("stale form", "changed since you opened"),
        ("no nonce", "out of date"),
        ("the scoresheet's code", "each side&#x27;s own entry card"),
    ],
)
def test_bad_input_is_one_sentence_and_changes_nothing(desk: Desk, case: str, expected: str) -> None:
    t = live.round_tokens(desk, 1)[0]
    token = t.token
    c = phone_of(desk, t.home)
    before = live.table_by_token(desk, token)
    if case == "unknown token":
        r = post(c, "9", "9", fields={"token": "nope", "nonce": "x", "version": "0"})
        assert c.get("/t/nope").status_code == 404
    elif case == "level out of range":
        r = post(c, "16", "9")
    elif case == "another table's card":  # the side is the card's: one of table 2 speaks for no side here
        r = post(phone_of(desk, live.round_tokens(desk, 1)[1].home), "9", "9", fields=open_form(c))
    elif case == "second phone":  # a card answers to the phone that took it (until the director releases it)
        post(c, "9", "9")
        before = live.table_by_token(desk, token)
        r = client(desk).post(f"/c/{card_code(desk, t.home)}")
        assert "tdesk_card" not in r.cookies
    elif case == "stale form":
        old = open_form(c)
        post(c, "9", "9")
        before = live.table_by_token(desk, token)
        r = post(c, "10", "9", fields=old)
    elif case == "no nonce":
        r = post(c, "9", "9", fields={**open_form(c), "nonce": ""})
    else:  # the old entry form, posted to the table's scoresheet code: entering needs a card
        r = c.post(f"/t/{token}", data={**open_form(c), "side": "home", "home_level": "9", "away_level": "9"})
        assert r.status_code == 403
    assert r.status_code in (400, 403, 404)
    assert expected in r.text and 'role="alert"' in r.text
    assert live.table_by_token(desk, token) == before


@pytest.mark.slow
def test_a_phone_without_a_card_enters_nothing(desk: Desk) -> None:
    """A post to /my from a phone that never took a card (or whose card was released) is refused and stores
    nothing; the page asks for the card."""
    t = live.round_tokens(desk, 1)[0]
    fields = open_form(phone_of(desk, t.home))
    r = post(client(desk), "9", "9", fields=fields)
    assert r.status_code == 403 and "holds no entry card" in r.text and 'action="/card"' in r.text
    assert live.table_by_token(desk, t.token).version == 0


@pytest.mark.slow
def test_a_card_held_by_a_phone_is_refused_to_another_until_the_director_releases_it(desk: Desk) -> None:
    t = live.round_tokens(desk, 1)[0]
    first = phone_of(desk, t.home)
    assert post(first, "Q", "9").status_code == 200
    second = client(desk)
    refused = second.post(f"/c/{card_code(desk, t.home)}")
    assert refused.status_code == 400 and "already used on another phone" in refused.text
    assert "holds no entry card" in second.get("/my").text
    form = open_form(first)
    live.release(desk, t.home, reason="手机没电")
    assert "holds no entry card" in first.get("/my").text  # the released phone: no card, no table
    assert post(first, "A", "9", fields=form).status_code == 403  # its form still open: refused
    take_card(second, t.home)
    page = second.get("/my").text
    assert "Table 1" in page and f"{t.home} Q, {t.away} 9" in page  # the entry so far stays
    assert post(second, "K", "9").status_code == 200
    assert live.table_by_token(desk, t.token).home_claim == (13, 9)


@pytest.mark.slow
def test_one_phone_never_confirms_its_own_entry_for_the_other_side(desk: Desk) -> None:
    """A phone that entered with one card and then takes the other side's card keeps its secret: it still
    cannot confirm (the other side confirms on its own phone)."""
    t = live.round_tokens(desk, 1)[0]
    c = phone_of(desk, t.home)
    post(c, "Q", "9")
    take_card(c, t.away)
    r = post(c, "Q", "9")
    assert r.status_code == 400 and "other side confirms on its own phone" in r.text
    view = live.table_by_token(desk, t.token)
    assert view.source == "pending" and view.away_claim is None


@pytest.mark.slow
def test_a_replayed_post_is_recognised(desk: Desk) -> None:
    t = live.round_tokens(desk, 1)[0]
    c = phone_of(desk, t.home)
    fields = open_form(c)
    post(c, "9", "9", fields=fields)
    r = post(c, "9", "9", fields=fields)
    assert r.status_code == 200 and "had already arrived" in r.text


@pytest.mark.slow
def test_a_closed_round_refuses_its_old_token(desk: Desk) -> None:
    token = live.round_tokens(desk, 1)[0].token
    for table in (1, 2):
        rs.record_result(desk, 1, table, "9", "9")
    pair_next_round(desk)
    r = client(desk).get(f"/t/{token}")
    assert r.status_code == 404 and "Round 1 is closed" in r.text


@pytest.mark.slow
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
    live.set_clock(desk)
    live.announce(desk, "请各桌交记分表")
    rs.record_result(desk, 1, 2, "K", "10")
    page = client(desk, "zh").get("/projector").text
    assert "仍在比赛：1 桌" in page and "<p>1</p>" in page
    assert "K : 10" in page and "请各桌交记分表" in page and "60:00" in page
    assert "<svg" in page and "http://desk.test/" in page
