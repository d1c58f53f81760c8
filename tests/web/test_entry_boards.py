"""A duplicate team table's boards from the phones (httpx on the ASGI app): both rooms of every board."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.live_phones import agree, my_fields, send, take_card
from tests.web.events import make_teams
from tournament_desk.services import live
from tournament_desk.services.desk import Desk
from tournament_desk.services.results import boards as bs
from tournament_desk.web.app import create_app

from .client import Phone


@pytest.fixture
def teams(tmp_path: Path) -> Iterator[Desk]:
    with make_teams(tmp_path / "d.tdesk") as d:
        yield d


def boards(points: int = 40) -> dict[str, str]:
    form = {f"points_{b}{room}": str(points) for b in range(1, 7) for room in "oc"}
    return {**form, "pen_side_2c": "EW", "pen_2c": "10"}


@pytest.mark.slow
def test_the_form_has_both_rooms_of_every_board_and_the_away_team_confirms(teams: Desk) -> None:
    t = live.round_tokens(teams, 1)[0]
    app = create_app(teams)
    home, away = Phone(app, "zh"), Phone(app, "zh")
    take_card(home, t.home)
    take_card(away, t.away)
    page = home.get("/my").text
    assert 'name="points_1o"' in page and 'name="points_6c"' in page and "6 闭室" in page
    assert f'<span class="me">主队 {t.home} <small>（我方）</small>' in page  # the home team enters
    r = send(home, boards())
    assert (
        r.status_code == 200 and "请对方用自己的手机确认" in r.text and "等待对方用自己的手机确认" in r.text
    )
    page = away.get("/my").text
    assert 'value="40"' in page and "40 +EW 10" in page  # the home team's boards, to agree with
    r = agree(away)
    assert "成绩已录入" in r.text
    sheet = bs.board_sheet(teams, 1, t.table)
    assert sheet.missing == 0 and sheet.entries[(2, "closed")].to_ew == 10 and sheet.kind.value == "played"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"points_7o": "40"}, "there is no board 7"),
        ({"points_3c": "83"}, "steps of 5"),
        ({"points_3c": "400"}, "steps of 5"),  # beyond what a phone can enter
        ({"pen_side_1o": "NS", "pen_1o": "200"}, "at most 155"),
        ({"points_4o": ""}, "board 4 (open room) is missing"),
    ],
)
def test_bad_boards_are_refused_on_the_page_and_nothing_changes(
    teams: Desk, change: dict[str, str], said: str
) -> None:
    t = live.round_tokens(teams, 1)[0]
    phone = Phone(create_app(teams))
    take_card(phone, t.home)
    r = send(phone, {**boards(), **change})
    assert r.status_code == 400 and said in r.text and 'class="error"' in r.text
    assert (
        live.table_by_token(teams, t.token).version == 0 and bs.board_sheet(teams, 1, t.table).missing == 12
    )


@pytest.mark.slow
def test_a_missing_room_and_another_tables_form_are_refused(teams: Desk) -> None:
    first, second = live.round_tokens(teams, 1)
    app = create_app(teams)
    phone = Phone(app)
    take_card(phone, first.home)
    form = my_fields(phone.get("/my").text)
    assert form["token"] == first.token
    partial = {k: v for k, v in boards().items() if k != "points_5c"}
    r = send(phone, partial, form)
    assert r.status_code == 400 and "board 5 (closed room) is missing" in r.text
    r = send(phone, boards(), form)
    assert r.status_code == 200
    # the same form sent to the other table: this phone's card does not play there
    r = send(phone, boards(), {**form, "token": second.token})
    assert r.status_code == 403 and "does not play at round 1 table 2" in r.text
    # and with that table's card taken, the form (its nonce) is still recognised as not that table's
    take_card(phone, second.home)
    r = send(phone, boards(), {**form, "token": second.token})
    assert r.status_code == 400 and "out of date" in r.text
    assert live.table_by_token(teams, second.token).version == 0
    r = send(phone, boards(), {**form, "token": "no-such-code"})
    assert r.status_code == 400 and "not known" in r.text
    unknown = Phone(app).get("/t/no-such-code")
    assert unknown.status_code == 404 and "not known" in unknown.text
