"""A ready-made event with Chinese team and unit names, for the GUI's demo and for benchmarks."""

from __future__ import annotations

import random
from pathlib import Path

from sqlalchemy import select

from tournament_desk.domain.errors import BadInput
from tournament_desk.domain.results import ResultState
from tournament_desk.domain.scoring import score_forfeit, score_levels
from tournament_desk.domain.sorting import sort_key
from tournament_desk.services.desk import Desk, audit, now, rules_of
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import next_pairing, store_pairing
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


def create_demo(
    path: Path | None,
    *,
    entrants: int = 24,
    units: int | None = None,
    played: int = 3,
    seed: int = 1,
    rounds: int | None = None,
    name: str = "2026 年“金秋杯”升级（80 分）团体赛",
    url: str | None = None,
    station: str | None = None,
) -> Desk:
    """Create a demo event: ``entrants`` in ``units`` units, ``played`` rounds paired and played."""
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
    desk = create_tournament(path, name=name, entrants="teams", rounds=rounds, url=url, station=station)
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
        rows: list[m.Entrant] = []
        for unit, count in zip(unit_names, per_unit, strict=True):
            short = unit.removesuffix("大学").removesuffix("公司") if count > 1 else unit
            for i in range(1, count + 1):
                team = f"{short}{_ordinal(i)}队" if count > 1 else f"{unit}队"
                players = ",".join(_player(rng) for _ in range(4))
                rows.append(
                    m.Entrant(
                        name=team,
                        sort_key=sort_key(team),
                        unit=unit,
                        players=players,
                        draw_no=draw[len(rows)],
                        created_at=now(),
                    )
                )
        session.add_all(rows)
        audit(session, desk, "demo", new={"entrants": entrants, "units": units, "played": played})
        rules = rules_of(session)
        for _ in range(played):
            round_no, pairing = next_pairing(session)
            store_pairing(session, desk, round_no, pairing)
            session.flush()
            for match in session.scalars(select(m.Match).where(m.Match.round_no == round_no)):
                if rng.random() < 0.01:
                    outcome = score_forfeit(rng.choice(("home", "away")), rules)
                    match.kind, match.side = (
                        ResultState.FORFEIT.value,
                        "home" if outcome.home_mp == 0 else "away",
                    )
                else:
                    match.home_level, match.away_level = _levels(rng)
                    outcome = score_levels(match.home_level, match.away_level, rules)
                    match.kind = ResultState.PLAYED.value
                match.home_mp, match.away_mp = outcome.home_mp, outcome.away_mp
                match.home_vp, match.away_vp = outcome.home_vp, outcome.away_vp
            session.flush()
