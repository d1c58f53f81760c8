"""A ready-made event with Chinese team and unit names, for the GUI's demo and for benchmarks (levels, or team
matches of pairs: rules.md §5.8)."""

from __future__ import annotations

import random
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.orm import Session

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.levels import PASSED_ACE
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.rules import RuleSet
from tournament_desk.domain.scoring import Outcome, Side, score_levels
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.domain.sorting import sort_key
from tournament_desk.domain.team_match import PairGame, Winner
from tournament_desk.services.desk import Desk, audit, now, rules_of
from tournament_desk.services.event import create_tournament
from tournament_desk.services.lineups import set_lineup
from tournament_desk.services.players import add_players
from tournament_desk.services.results.team_sheets import write_sheet
from tournament_desk.services.rounds import next_pairing, store_pairing
from tournament_desk.services.stages import mode_of
from tournament_desk.storage import models as m

UNITS = (
    "华东师范大学",
    "复旦大学",
    "同济大学",
    "上海交通大学",
    "浙江大学",
    "南京大学",
    "厦门大学",
    "福州大学",
    "武汉大学",
    "中山大学",
    "四川大学",
    "山东大学",
    "北京大学",
    "清华大学",
    "南开大学",
    "天津大学",
    "市第一人民医院",
    "市老年协会",
    "区退休教师协会",
    "铁路局",
    "电力公司",
    "自来水公司",
    "市税务局",
    "市图书馆",
    "第三中学",
    "实验小学",
    "市公安局",
    "邮政局",
    "市总工会",
    "纺织厂",
    "机械厂",
    "钢铁公司",
    "港务局",
    "农业银行",
    "建设银行",
    "工商银行",
    "中国银行",
    "市检察院",
    "市法院",
    "文化馆",
)
SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
GIVEN = "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红建国志文斌宇浩凯鹏飞海燕雪梅春林晨阳光"
NUMERALS = "一二三四五六七八九十"


def _ordinal(i: int) -> str:
    if i <= 10:
        return NUMERALS[i - 1]
    tens, ones = divmod(i, 10)
    return (NUMERALS[tens - 1] if tens > 1 else "") + "十" + (NUMERALS[ones - 1] if ones else "")


def _unit_names(count: int) -> list[str]:
    names = list(UNITS[:count])
    block = 2
    while len(names) < count:  # more units than the list: number the branches
        names.extend(f"{u}第{_ordinal(block)}分会" for u in UNITS[: count - len(names)])
        block += 1
    return names


def _player(rng: random.Random) -> str:
    return rng.choice(SURNAMES) + "".join(rng.choice(GIVEN) for _ in range(rng.choice((1, 2))))


def _levels(rng: random.Random) -> tuple[int, int]:
    # A timed round: the leader usually ends between 8 and A, the difference mostly small.
    lead = rng.randint(6, 15)
    diff = min(lead - 2, rng.choice((0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 5, 6, 8)))
    return (lead, lead - diff) if rng.random() < 0.5 else (lead - diff, lead)


MAX_DEMO_ENTRANTS = 10_000
DEMO_NAME = "2026 年“金秋杯”升级（80 分）团体赛"
TEAM_MATCH_NAME = "2026 年“金秋杯”升级团体赛（每队多对，5 场 3 胜）"
ABSENT_PAIR = 0.02  # a team match's pair that does not show (its game lost)
NEW_LINEUP = 0.3  # a team that gives its own line-up for the round rather than the registration order


def create_demo(
    path: Path | None,
    *,
    entrants: int = 24,
    units: int | None = None,
    played: int = 3,
    seed: int = 1,
    rounds: int | None = None,
    name: str | None = None,
    url: str | None = None,
    station: str | None = None,
    scoring: str = "levels",
    pairs: int | str | None = None,
) -> Desk:
    """Create a demo event: ``entrants`` in ``units`` units, ``played`` rounds paired and played.

    ``scoring`` "team-match" (rules.md §5.8): teams of ``pairs`` pairs (default 5) with named players, each
    played round's matches typed as pair games (some line-ups given, now and then a pair absent), through the
    same services as the desk, so the standings show points, games and the game ratio. Deterministic by
    ``seed``."""
    if entrants < 2:
        raise BadInput("A demo event needs at least two entrants.")
    if entrants > MAX_DEMO_ENTRANTS:
        raise BadInput(
            "A demo event has at most {most} entrants, not {count}.", most=MAX_DEMO_ENTRANTS, count=entrants
        )
    units = units if units is not None else max(1, entrants // 4)
    if not 1 <= units <= entrants:
        raise BadInput("The number of units must be between 1 and the number of entrants.")
    if rounds is not None and rounds < 1:
        raise BadInput("A demo needs at least one round.")
    rounds = rounds if rounds is not None else max(played, 7)
    if not 0 <= played <= rounds:
        raise BadInput("A demo can play at most {rounds} rounds.", rounds=rounds)
    rng = random.Random(seed)
    team_match = scoring_mode(scoring).team_pairs(RuleSet()) is not None
    title = name or (TEAM_MATCH_NAME if team_match else DEMO_NAME)
    desk = create_tournament(path, name=title, entrants="teams", scoring=scoring, pairs=pairs, rounds=rounds,
                             url=url, station=station)  # fmt: skip
    try:
        _fill(desk, rng, entrants, units, played)
    except BaseException:
        desk.close()
        if path is not None:
            path.unlink(missing_ok=True)
        raise
    return desk


def _fill(desk: Desk, rng: random.Random, entrants: int, units: int, played: int) -> None:
    unit_names = _unit_names(units)
    per_unit = [entrants // units + (1 if i < entrants % units else 0) for i in range(units)]
    draw = list(range(1, entrants + 1))
    rng.shuffle(draw)
    with desk.db.transaction(write=True) as session:
        rules, mode = rules_of(session), mode_of(session)
        pairs = mode.team_pairs(rules)
        players_each = 2 * pairs if pairs is not None else 4  # a team of P pairs names its 2P players
        rows: list[m.Entrant] = []
        players: list[list[str]] = []
        for unit, count in zip(unit_names, per_unit, strict=True):
            short = unit.removesuffix("大学").removesuffix("公司") if count > 1 else unit
            for i in range(1, count + 1):
                team = f"{short}{_ordinal(i)}队" if count > 1 else f"{unit}队"
                players.append([_player(rng) for _ in range(players_each)])
                rows.append(
                    m.Entrant(
                        name=team,
                        sort_key=sort_key(team),
                        unit=unit,
                        draw_no=draw[len(rows)],
                        created_at=now(),
                    )
                )
        session.add_all(rows)
        session.flush()
        add_players(session, list(zip(rows, players, strict=True)))
        audit(session, desk, "demo", new={"entrants": entrants, "units": units, "played": played})
        for _ in range(played):
            round_no, pairing = next_pairing(session)
            store_pairing(session, desk, round_no, pairing)
            session.flush()
            for match in session.scalars(select(m.Match).where(m.Match.round_no == round_no)):
                if rng.random() < 0.01:
                    side: Side = rng.choice(("home", "away"))
                    outcome = mode.forfeit_outcome(side, rules)
                    match.kind, match.side = ResultState.FORFEIT.value, side
                    _store_outcome(match, outcome)
                elif pairs is not None:
                    _play_team_match(session, desk, rng, match, pairs)
                else:
                    match.home_level, match.away_level = _levels(rng)
                    match.kind = ResultState.PLAYED.value
                    _store_outcome(match, score_levels(match.home_level, match.away_level, rules))
            session.flush()


def _store_outcome(match: m.Match, outcome: Outcome) -> None:
    match.home_mp, match.away_mp = outcome.home_mp, outcome.away_mp
    match.home_vp, match.away_vp = outcome.home_vp, outcome.away_vp


def _pair_game(rng: random.Random, number: int) -> PairGame:
    """One pair game as a timed round ends: now and then a pair absent, else two levels (one pair at most past
    A), the declarer named on equal levels."""
    if rng.random() < ABSENT_PAIR:
        return PairGame(number, absent=rng.choice(("home", "away")))
    home, away = _levels(rng)
    if home == away == PASSED_ACE:
        away -= 1
    declarer: Winner | None = rng.choice(("home", "away")) if home == away else None
    return PairGame(number, home, away, declarer)


def _shuffled(rng: random.Random, pairs: int) -> list[int]:
    order = list(range(1, pairs + 1))
    rng.shuffle(order)
    return order


def _play_team_match(session: Session, desk: Desk, rng: random.Random, match: m.Match, pairs: int) -> None:
    """A team match played through the desk's services: the line-ups some teams give, then the P pair games
    typed as one scoresheet (audited as the desk's are)."""
    home, away = (_shuffled(rng, pairs) if rng.random() < NEW_LINEUP else None for _ in range(2))
    if home is not None or away is not None:
        set_lineup(desk, match.round_no, match.table_no, home=home, away=away)
    games = [_pair_game(rng, n) for n in range(1, pairs + 1)]
    write_sheet(session, desk, match, games, pairs, reason=None)
