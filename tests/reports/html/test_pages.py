"""The HTML pages the live server and the static export share: navigation, escaping, search, the clock."""

from __future__ import annotations

from types import SimpleNamespace

from tournament_desk.domain.results import ResultState
from tournament_desk.domain.standings import StandingEntrant, StandingRow
from tournament_desk.i18n import tr as translate
from tournament_desk.reports.html.pages import (
    card_html,
    clock_html,
    error_html,
    level,
    nav_html,
    number,
    page,
    pairings_html,
    search_html,
    standings_html,
    static_page,
    tiebreak_name,
)


def test_the_live_navigation_links_to_the_server_and_switches_language() -> None:
    nav = nav_html("en", crosstable=True)
    assert '<a href="/pairings">Pairings</a>' in nav and '<a href="/crosstable">' in nav
    assert nav.endswith('<a href="?lang=zh">中文</a></nav>')
    zh = nav_html("zh")
    assert translate("Pairings", "zh") in zh and "/crosstable" not in zh
    assert '<a href="?lang=en">English</a>' in zh


def test_the_static_navigation_uses_relative_links() -> None:
    assert '<a href="en/standings.html">English</a>' in nav_html("zh", static_file="standings.html")
    assert '<a href="../standings.html">中文</a>' in nav_html("en", static_file="standings.html")
    html = static_page("en", "Standings", "<p>x</p>", file="standings.html")
    assert "<script>" not in html and 'href="/' not in html


def test_a_live_page_reloads_itself_unless_told_not_to() -> None:
    assert "<script>" in page("en", "T", "<p>x</p>")
    assert "<script>" not in page("en", "T", "<p>x</p>", refresh=False)
    assert '<html lang="zh-CN" data-offline="连不上记录台的服务器' in page(
        "zh", "T", ""
    )  # the notice's words


def test_user_text_is_escaped() -> None:
    assert (
        error_html("<b>甲 & 乙</b>") == '<div class="error" role="alert">&lt;b&gt;甲 &amp; 乙&lt;/b&gt;</div>'
    )
    found = search_html("en", '"x', [('甲"<', "table 3")])
    assert 'href="/me/甲&quot;&lt;"' in found and 'value="&quot;x"' in found


def test_a_search_without_a_match_says_so() -> None:
    assert "Nobody matches “zz”" in search_html("en", "zz", [])
    assert "<ul>" not in search_html("en", "", []) and "Nobody" not in search_html("en", "", [])


def test_levels_and_numbers_with_a_dash_for_none() -> None:
    assert (level(14), level(None), level(0)) == ("A", "–", "–")
    assert (number(7.5), number(12.0), number(None)) == ("7.5", "12", "–")


def test_the_clock_by_its_phase() -> None:
    clock = SimpleNamespace(phase="running", round=3, remaining=600, running=True, display="10:00")
    html = clock_html("en", clock)  # type: ignore[arg-type]
    assert "Round 3: time left" in html and 'data-left="600"' in html and 'data-running="1"' in html
    assert clock_html("en", SimpleNamespace(phase="idle")) == ""  # type: ignore[arg-type]


def test_the_tie_break_is_named_as_printed_never_keyed() -> None:
    assert (tiebreak_name("en", "lot"), tiebreak_name("zh", "lot")) == ("drawing of lots", "摸牌")
    assert tiebreak_name("en", None) == "" and tiebreak_name("en", "vp") != "vp"


def test_pairings_and_standings_pages() -> None:
    assert "No round has been published yet." in pairings_html("en", None)
    table = SimpleNamespace(table=2, home="甲<", away="乙", home_level=None, away_level=10)
    html = pairings_html("en", SimpleNamespace(round=4, tables=(table,), bye="丙"))  # type: ignore[arg-type]
    assert "<td>2</td><td>甲&lt;</td><td>乙</td>" in html and "– : 10" in html and "Bye: 丙" in html
    rows = (StandingRow(1, StandingEntrant(1, "甲队"), 3.0, 15.5, 0, 1, 0, None),)
    standing = SimpleNamespace(after_round=3, rows=rows, frozen=1, columns=("mp", "vp", "opp_mp"))
    html = standings_html("en", standing)  # type: ignore[arg-type]
    assert "Standings after round 3" in html and "Standings frozen after round 3." in html
    assert '<td class="num">15.5</td>' in html
    none_yet = standings_html("en", SimpleNamespace(after_round=0, rows=(), frozen=0))  # type: ignore[arg-type]
    assert "no standings before the first round" in none_yet


def test_the_public_standings_show_the_standings_own_figures() -> None:
    """A team match's (rules.md §5.8): points, games won and lost and the game ratio, an unbeaten one as "∞"; the
    head-to-head figure is left to the tie-break column on a phone."""
    rows = (
        StandingRow(1, StandingEntrant(1, "甲队"), 3.0, 0, 0, 1, 0, None, games_won=5, games_lost=0,
                    game_ratio=float("inf")),
        StandingRow(2, StandingEntrant(2, "乙队"), 3.0, 0, 0, 1, 0, "game_ratio", games_won=3, games_lost=2,
                    game_ratio=1.5),
    )  # fmt: skip
    columns = ("points", "h2h", "games_won", "games_lost", "game_ratio")
    standing = SimpleNamespace(after_round=1, rows=rows, frozen=0, columns=columns)
    zh = standings_html("zh", standing)  # type: ignore[arg-type]
    en = standings_html("en", standing)  # type: ignore[arg-type]
    assert "<th>积分</th><th>胜局</th><th>负局</th><th>得失局率</th>" in zh and "相互间" not in zh
    assert '<td class="num">5</td><td class="num">0</td><td class="num">∞</td>' in zh and "inf" not in zh
    assert "<td>得失局率</td>" in zh and "<td>game ratio</td>" in en and "<th>Ratio</th>" in en


def card(games: tuple[int, int] | None, rounds: tuple[SimpleNamespace, ...]) -> SimpleNamespace:
    entrant = SimpleNamespace(name="甲队", players=(), unit=None)
    return SimpleNamespace(entrant=entrant, current_round=3, table=2, seat="home", opponent="乙队", bye=False,
                           rounds=rounds, rank=2, mp=4.0, vp=0.0, separated_by=None, standings_after=2,
                           frozen=False, games=games)  # fmt: skip


def played(n: int, games: tuple[int, int] | None, mp: float | None, kind: ResultState) -> SimpleNamespace:
    return SimpleNamespace(round=n, table=1, opponent="丙队", own_level=None, opp_level=None, mp=mp, vp=0.0,
                           kind=kind, games=games)  # fmt: skip


def test_a_teams_card_says_points_and_games_never_mp_and_vp() -> None:
    """A team match of pairs (rules.md §5.8): the place in points and games won : lost ("4 分，局 3:3"), each match
    its games (own first) or how it was decided, and its points; no levels, difference, VP or MP."""
    rounds = (
        played(1, (2, 1), 3.0, ResultState.PLAYED),
        played(2, None, 1.0, ResultState.FORFEIT),
        played(3, None, None, ResultState.PENDING),
    )
    zh = card_html("zh", card((3, 3), rounds))  # type: ignore[arg-type]
    en = card_html("en", card((3, 3), rounds))  # type: ignore[arg-type]
    assert "第 2 轮后排名第 2：4 分，局 3:3。" in zh and "场分" not in zh and "标准分" not in zh
    assert "Place 2 after round 2: 4 points, games 3:3." in en and " MP" not in en and "VP" not in en
    assert '<td class="num">2 : 1</td><td class="num">3</td>' in en
    assert '<td class="num">forfeit</td><td class="num">1</td>' in en and "弃权" in zh
    assert "<th>Games</th><th>Points</th>" in en and "Levels" not in en and "Difference" not in en


def test_a_level_events_card_keeps_mp_and_vp() -> None:
    rounds = (SimpleNamespace(round=1, table=1, opponent="丙队", own_level=9, opp_level=7, mp=2.0, vp=15.0,
                              kind=ResultState.PLAYED, games=None),)  # fmt: skip
    en = card_html("en", card(None, rounds))  # type: ignore[arg-type]
    assert "Place 2 after round 2: 4 MP, 0 VP." in en and "<th>Levels</th>" in en and "Games" not in en
