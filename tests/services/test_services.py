from pathlib import Path

import pytest

from tests.services.conftest import Events
from tournament_desk.domain.errors import BadInput
from tournament_desk.services import deductions as ds
from tournament_desk.services import entrants as es
from tournament_desk.services import forfeits as fs
from tournament_desk.services import results as rs
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.services.rounds import pair_next_round, round_view
from tournament_desk.services.standings import current_standings
from tournament_desk.userdata import backup_folder

pytestmark = pytest.mark.both_stores  # a file and a PostgreSQL database (tests/conftest.py)


@pytest.fixture
def desk(events: Events) -> Desk:
    d = events.create(name="服务测试", rounds=5)
    for name, unit in [("甲", "A"), ("乙", "B"), ("丙", "C"), ("丁", "D")]:
        es.add_entrant(d, name, unit=unit, players="张三、李四")
    es.draw(d, order=["甲", "乙", "丙", "丁"])
    yield d
    d.close()


def row(desk: Desk, name: str, after_round: int | None = None) -> dict[str, float]:
    for r in current_standings(desk, after_round).rows:
        if r.entrant.name == name:
            return {"mp": r.mp, "vp": r.vp, "played": r.played, "rank": r.rank}
    raise KeyError(name)


def test_players_are_split_on_chinese_separators(desk: Desk) -> None:
    assert es.list_entrants(desk)[0].players == ("张三", "李四")


def test_withdrawal_turns_an_already_paired_table_into_a_forfeit(desk: Desk) -> None:
    pair_next_round(desk)  # 甲 v 乙, 丙 v 丁
    rs.record_result(desk, 1, 1, "9", "9")
    rs.record_result(desk, 1, 2, "9", "9")
    pair_next_round(desk)
    r2 = round_view(desk, 2)
    t = next(t for t in r2.tables if "甲" in (t.home, t.away))
    info = es.withdraw(desk, "甲", reason="生病")
    assert info.withdrawn_after_round == 1
    after = next(x for x in round_view(desk, 2).tables if x.table == t.table)
    assert after.kind == "forfeit"
    opponent = t.away if t.home == "甲" else t.home
    assert row(desk, opponent, 2)["mp"] == 1.5 + 2.5 and row(desk, opponent, 2)["vp"] == 10 + 12
    # Results played stand; the withdrawn entrant is not paired again (three left: a bye).
    other = next(x for x in r2.tables if x.table != t.table)
    rs.record_result(desk, 2, other.table, "J", "10")
    r3 = pair_next_round(desk)
    seated = {n for x in r3.tables for n in (x.home, x.away)} | {r3.bye}
    assert "甲" not in seated and len(seated) == 3
    assert row(desk, "甲", 2)["played"] == 2 and row(desk, "甲", 2)["mp"] == 1.5


def test_withdrawal_cannot_erase_a_played_result(desk: Desk) -> None:
    pair_next_round(desk)
    rs.record_result(desk, 1, 1, "9", "9")
    with pytest.raises(BadInput, match="already has a result in round 1"):
        es.withdraw(desk, "甲", after_round=0)
    with pytest.raises(BadInput, match="has not been paired"):
        es.withdraw(desk, "甲", after_round=3)


def test_late_scoresheet_keeps_the_other_sides_result(desk: Desk) -> None:
    pair_next_round(desk)
    with pytest.raises(BadInput, match="no played result to keep"):
        fs.forfeit(desk, 1, 1, "home", late=True)
    rs.record_result(desk, 1, 1, "Q", "9")  # 甲 13:7, 3:0
    view = fs.forfeit(desk, 1, 1, "home", late=True, reason="记分表迟交 8 分钟")
    assert (view.outcome.home_mp, view.outcome.home_vp, view.outcome.away_mp, view.outcome.away_vp) == (
        0,
        0,
        0,
        7,
    )


def test_loss_by_ruling_with_the_fixed_award(desk: Desk) -> None:
    pair_next_round(desk)
    view = fs.rule_loss(desk, 1, 2, "away", reason="传递非法信息")
    assert view.kind == "ruling"
    assert (view.outcome.home_mp, view.outcome.home_vp, view.outcome.away_mp, view.outcome.away_vp) == (
        2.5,
        12,
        0,
        0,
    )


def test_a_correction_is_audited_old_to_new_with_station_and_reason(desk: Desk) -> None:
    pair_next_round(desk)
    rs.record_result(desk, 1, 1, "9", "8")
    rs.record_result(desk, 1, 1, "8", "9", reason="主客队填反")
    entries = audit_trail(desk, round_no=1, table_no=1)
    last = entries[-1]
    assert last.action == "result" and last.station == "test-station" and last.reason == "主客队填反"
    assert last.old["home_level"] == "9" and last.new["home_level"] == "8"
    assert last.old["home_mp"] == 2.0 and last.new["home_mp"] == 1.0


def test_every_kind_of_change_is_in_the_audit_trail(desk: Desk, tmp_path: Path) -> None:
    sheet = tmp_path / "more.csv"
    sheet.write_text("队名,单位\n戊,E\n己,F\n", encoding="utf-8")
    es.import_entrants(desk, sheet)
    es.draw(desk, seed=5)
    pair_next_round(desk)
    rs.record_result(desk, 1, 1, "A", "2")
    fs.forfeit(desk, 1, 2, "both", reason="均未到场")
    ds.deduct(desk, 1, "丙", 0.5, reason="喧哗")
    es.withdraw(desk, "丁", reason="退赛")
    actions = [e.action for e in audit_trail(desk)]
    for action in (
        "create",
        "entrant-add",
        "entrant-import",
        "draw",
        "pair",
        "result",
        "forfeit",
        "deduct",
        "withdraw",
    ):
        assert action in actions
    assert audit_trail(desk, entrant="丙")[-1].reason == "喧哗"


@pytest.mark.file_only("backups of the file")
def test_a_backup_is_taken_before_every_pairing(desk: Desk) -> None:
    pair_next_round(desk)
    path = desk.db.path
    assert path is not None
    backups = sorted(p.name for p in backup_folder(path).iterdir())
    assert len(backups) == 1 and backups[0].startswith(f"{path.stem}-before-round-1-")
    assert not path.with_name(path.name + ".backups").exists()  # nothing beside the file


def test_same_unit_relaxed_only_when_unavoidable_and_reported(events: Events) -> None:
    with events.create(name="同单位") as d:
        for name, unit in [("一", "X"), ("二", "X"), ("三", "X"), ("四", "Y")]:
            es.add_entrant(d, name, unit=unit)
        r1 = pair_next_round(d)
        relaxed = [t.relaxed for t in r1.tables]
        assert sorted(relaxed) == [(), ("same-unit",)]


def test_the_draw_is_fixed_once_round_one_is_paired(desk: Desk) -> None:
    pair_next_round(desk)
    with pytest.raises(BadInput, match="cannot change"):
        es.draw(desk, seed=3)


def test_draw_order_must_name_every_entrant_once(desk: Desk) -> None:
    with pytest.raises(BadInput, match="leaves out"):
        es.draw(desk, order=["甲", "乙", "丙"])
    with pytest.raises(BadInput, match="more than once"):
        es.draw(desk, order=["甲", "乙", "丙", "丙"])
    with pytest.raises(BadInput, match="no entrant called"):
        es.draw(desk, order=["甲", "乙", "丙", "戊"])


def test_seeded_draw_is_repeatable(events: Events) -> None:
    orders = []
    for _ in range(2):
        with events.create(name="抽签") as d:
            for n in "甲乙丙丁戊己":
                es.add_entrant(d, n)
            orders.append([e.name for e in es.draw(d, seed=42)])
    assert orders[0] == orders[1] and sorted(orders[0]) == sorted("甲乙丙丁戊己")


def test_gbk_csv_and_xlsx_sign_up_sheets(tmp_path: Path, events: Events) -> None:
    from openpyxl import Workbook

    gbk = tmp_path / "报名表.csv"
    gbk.write_bytes("参赛队,单位,队员\n东风队,一厂,张三，李四\n红旗队,二厂,王五/赵六\n".encode("gbk"))
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Name", "Unit", "Players"])
    sheet.append(["长城队", "三厂", "甲,乙"])
    xlsx = tmp_path / "signup.xlsx"
    book.save(xlsx)
    with events.create(name="导入") as d:
        es.import_entrants(d, gbk)
        es.import_entrants(d, xlsx)
        got = [(e.name, e.unit, e.players, e.draw_no) for e in es.list_entrants(d)]
    assert got == [
        ("东风队", "一厂", ("张三", "李四"), 1),
        ("红旗队", "二厂", ("王五", "赵六"), 2),
        ("长城队", "三厂", ("甲", "乙"), 3),
    ]


def test_demo_event(events: Events) -> None:
    with events.demo(entrants=30, units=8, played=4, seed=3) as d:
        people = es.list_entrants(d)
        assert (
            len(people) == 30 and len({e.name for e in people}) == 30 and len({e.unit for e in people}) == 8
        )
        assert all("\u4e00" <= e.name[0] <= "\u9fff" and len(e.players) == 4 for e in people)
        result = current_standings(d)
        assert result.after_round == 4 and result.complete
        assert sum(r.played for r in result.rows) == 30 * 4


def test_demo_refuses_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "x.tdesk"
    path.write_text("keep me")
    with pytest.raises(BadInput, match="already exists"):
        create_demo(path)
    assert path.read_text() == "keep me"


def test_database_url_instead_of_a_file(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'via-url.db'}"
    with create_tournament(None, url=url, name="URL") as d:
        es.add_entrant(d, "甲")
    with Desk.open(url=url) as d:
        assert [e.name for e in es.list_entrants(d)] == ["甲"]
