"""services/players: an event's players as records — the one writer of an entrant's line of names, silent links
to the registry on this computer, proposals the director confirms, idents, remembering an event's players."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select

from tournament_desk.domain.errors import BadInput
from tournament_desk.services import entrants as es
from tournament_desk.services import players as ps
from tournament_desk.services import players_registry as registry
from tournament_desk.services.audit import audit_trail
from tournament_desk.services.demo import create_demo
from tournament_desk.services.desk import Desk
from tournament_desk.services.event import create_tournament
from tournament_desk.storage import models as m


@pytest.fixture(autouse=True)
def own_registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test its own user-data folder: the registry of one test is never another's."""
    folder = tmp_path / "userdata"
    monkeypatch.setenv("TDESK_DATA_DIR", str(folder))
    return folder


def lines_agree(desk: Desk) -> None:
    """Every entrant's line of names is its player records' names, in their order."""
    with desk.db.transaction() as session:
        for entrant in session.scalars(select(m.Entrant)):
            names = session.scalars(
                select(m.Player.name)
                .join(m.EntrantPlayer, m.EntrantPlayer.player_id == m.Player.id)
                .where(m.EntrantPlayer.entrant_id == entrant.id)
                .order_by(m.EntrantPlayer.position)
            ).all()
            assert ",".join(names) == entrant.players, entrant.name


def first_event(path: Path) -> None:
    """An event whose players the director remembers on this computer."""
    with create_tournament(path, name="月赛一", rounds=3) as desk:
        es.add_entrant(desk, "甲", unit="北京大学", players="张三,李四")
        es.add_entrant(desk, "乙", unit="清华", players="王五,赵六")
        ps.set_ident(desk, 3, "1234")
        assert ps.remember_players(desk) == registry.Remembered(4, 0)


def test_every_writer_keeps_the_line_and_the_records_in_agreement(tmp_path: Path) -> None:
    sheet = tmp_path / "报名.csv"
    sheet.write_text("队名,单位,队员\n丙,复旦,钱七、孙八\n丁,,周九\n", encoding="utf-8")
    with create_tournament(tmp_path / "e.tdesk", name="杯", rounds=3) as desk:
        es.add_entrant(desk, "甲", unit="北京大学", players="张三，李四")
        es.import_entrants(desk, sheet)
        es.update_entrant(desk, 1, name="甲", unit="北大", players=["李四", "张三", "吴十"])
        lines_agree(desk)
        by_entrant = [(p.entrant, p.position, p.name, p.unit) for p in ps.list_players(desk)]
    assert by_entrant == [("甲", 1, "李四", "北大"), ("甲", 2, "张三", "北大"), ("甲", 3, "吴十", "北大"),
                          ("丙", 1, "钱七", "复旦"), ("丙", 2, "孙八", "复旦"), ("丁", 1, "周九", None)]  # fmt: skip
    with create_demo(tmp_path / "demo.tdesk", entrants=8, units=2, played=1, seed=3) as demo:
        lines_agree(demo)
        assert len(ps.list_players(demo)) == 8 * 4


def test_a_corrected_line_keeps_the_players_it_keeps(tmp_path: Path) -> None:
    with create_tournament(tmp_path / "e.tdesk", name="杯", rounds=3) as desk:
        es.add_entrant(desk, "甲", unit="北京大学", players="张三,李四")
        ps.set_ident(desk, 1, "１２３４")  # normal form: half-width
        before = {p.name: (p.id, p.uid) for p in ps.list_players(desk)}
        es.update_entrant(desk, 1, name="甲", unit="北京大学", players="李斯,张 三")
        after = {p.name: (p.id, p.uid, p.ident) for p in ps.list_players(desk)}
        lines_agree(desk)
    assert after["张三"] == (*before["张三"], "1234")
    assert after["李斯"][1] not in {uid for _, uid in before.values()}  # a new person
    assert set(after) == {"张三", "李斯"}  # 李四 has left the event


def test_a_known_name_and_unit_is_linked_without_asking(tmp_path: Path) -> None:
    first_event(tmp_path / "a.tdesk")
    known = {k.name: k for k in registry.known_players()}
    with create_tournament(tmp_path / "b.tdesk", name="月赛二", rounds=3) as desk:
        es.add_entrant(desk, "A", unit="北京 大学", players="张三,李四")
        es.add_entrant(desk, "B", unit="清华", players="王五,钱七")
        players = {p.name: p for p in ps.list_players(desk)}
        assert ps.proposals(desk) == []
    assert players["张三"].uid == known["张三"].uid and players["张三"].known
    assert (
        players["王五"].uid == known["王五"].uid and players["王五"].ident == "1234"
    )  # the registry's ident
    assert not players["钱七"].known


def test_a_likely_match_is_proposed_and_merged_only_when_confirmed(tmp_path: Path) -> None:
    first_event(tmp_path / "a.tdesk")
    known = {k.name: k for k in registry.known_players()}
    sheet = tmp_path / "报名.csv"
    sheet.write_text("队名,单位,队员\nC,北京大学队,张三、李四\nD,清华大学,王五、赵六\n", encoding="utf-8")
    with create_tournament(tmp_path / "b.tdesk", name="月赛二", rounds=3) as desk:
        es.add_entrant(desk, "E", unit="复旦", players="钱七")
        es.import_entrants(desk, sheet)
        found = ps.proposals(desk, ["C", "D"])
        assert [(p.player.name, p.known.name, p.why) for p in found] == [
            ("张三", "张三", "unit-spelling"), ("李四", "李四", "unit-spelling"),
            ("王五", "王五", "unit-spelling"), ("赵六", "赵六", "unit-spelling")]  # fmt: skip
        assert ps.proposals(desk, ["E"]) == []
        merged = ps.merge_players(desk, [(found[0].player.id, found[0].known.id)], reason="同一人")
        assert merged[0].uid == known["张三"].uid and merged[0].known
        assert [p.player.name for p in ps.proposals(desk)] == ["李四", "王五", "赵六"]  # the others: left
        entry = audit_trail(desk)[-1]
        assert (entry.action, entry.reason, entry.new["uid"]) == ("player-merge", "同一人", known["张三"].uid)
    # the registry keeps the spelling: the next sheet that writes 张三 of 北京大学队 links him without asking
    assert ("张三", "北京大学队") in {s for k in registry.known_players() for s in k.spellings}
    with create_tournament(tmp_path / "c.tdesk", name="月赛三", rounds=3) as desk:
        es.add_entrant(desk, "F", unit="北京大学队", players="张三")
        assert ps.list_players(desk)[0].uid == known["张三"].uid


def test_merges_that_cannot_be_are_refused_and_change_nothing(tmp_path: Path) -> None:
    first_event(tmp_path / "a.tdesk")
    known = {k.name: k for k in registry.known_players()}
    with create_tournament(tmp_path / "b.tdesk", name="月赛二", rounds=3) as desk:
        es.add_entrant(desk, "A", unit="北京大学", players="张三")  # linked at once
        es.add_entrant(desk, "B", unit="北大", players="张三")
        es.add_entrant(desk, "C", unit="清华大学", players="王五")
        ps.set_ident(desk, 3, "9999")
        before = (ps.list_players(desk), len(audit_trail(desk)))
        for pairs, words in [
            ([(2, known["张三"].id)], "already plays in this event as '张三'"),
            ([(1, known["张三"].id)], "already linked"),
            ([(3, known["王五"].id)], "different idents"),
            ([(2, 999)], "no player number 999 in the registry"),
            ([(99, known["李四"].id)], "no player number 99 in this event"),
            ([(2, known["李四"].id), (2, known["张三"].id)], "tick one of them"),
            ([], "at least one"),
        ]:
            with pytest.raises(BadInput, match=words):
                ps.merge_players(desk, pairs)
        assert (ps.list_players(desk), len(audit_trail(desk))) == before


def test_an_ident_is_checked_and_audited(tmp_path: Path) -> None:
    with create_tournament(tmp_path / "e.tdesk", name="杯", rounds=3) as desk:
        es.add_entrant(desk, "甲", players="张三")
        with pytest.raises(BadInput, match="longer than 40"):
            ps.set_ident(desk, 1, "9" * 41)
        with pytest.raises(BadInput, match="no player number 7"):
            ps.set_ident(desk, 7, "1")
        assert ps.set_ident(desk, 1, " 0123 ").ident == "0123"
        assert ps.set_ident(desk, 1, None).ident is None
        assert [(e.action, e.old, e.new) for e in audit_trail(desk) if e.action == "player-ident"] == [
            ("player-ident", {"player": "张三", "ident": None}, {"player": "张三", "ident": "0123"}),
            ("player-ident", {"player": "张三", "ident": "0123"}, {"player": "张三", "ident": None}),
        ]


def test_remembering_twice_adds_nobody_twice(tmp_path: Path) -> None:
    first_event(tmp_path / "a.tdesk")
    with Desk.open(tmp_path / "a.tdesk") as desk:
        assert ps.remember_players(desk) == registry.Remembered(0, 0)
    with (
        create_tournament(tmp_path / "empty.tdesk", name="空", rounds=3) as desk,
        pytest.raises(BadInput, match="no players to remember"),
    ):
        ps.remember_players(desk)
    assert len(registry.known_players()) == 4


def test_a_proposal_refused_is_not_made_again(tmp_path: Path) -> None:
    first_event(tmp_path / "a.tdesk")
    sheet = tmp_path / "报名.csv"
    sheet.write_text("队名,单位,队员\nC,北京大学队,张三、李四\n", encoding="utf-8")
    with create_tournament(tmp_path / "b.tdesk", name="月赛二", rounds=3) as desk:
        es.import_entrants(desk, sheet)
        zhang, li = ps.proposals(desk, ["C"])
        before = len(audit_trail(desk))
        with pytest.raises(BadInput, match="no player number 999 in the registry"):
            ps.settle_proposals(desk, [(zhang.player.id, zhang.known.id)], [(li.player.id, 999)])
        assert len(audit_trail(desk)) == before and len(ps.proposals(desk)) == 2  # nothing half-done
        merged = ps.settle_proposals(
            desk, [(zhang.player.id, zhang.known.id)], [(li.player.id, li.known.id)], reason="问过本人"
        )
        assert [p.name for p in merged] == ["张三"] and ps.proposals(desk) == []
        assert [(e.action, e.reason) for e in audit_trail(desk)[before:]] == [
            ("player-merge", "问过本人"), ("player-apart", "问过本人")]  # fmt: skip
        ps.keep_apart(desk, [(li.player.id, li.known.id)])  # said before: nothing new recorded
        assert len(audit_trail(desk)) == before + 2
        with pytest.raises(BadInput, match="already linked"):
            ps.keep_apart(desk, [(zhang.player.id, zhang.known.id)])
        with pytest.raises(BadInput, match="Name a player"):
            ps.keep_apart(desk, [])
        es.update_entrant(
            desk, 1, name="C", unit="北京大学队", players="张三"
        )  # 李四 leaves: so does the refusal
        with desk.db.transaction() as session:
            assert session.scalars(select(m.PlayerApart)).all() == []


def test_idents_from_the_sheet_link_the_same_name_whatever_the_unit(tmp_path: Path) -> None:
    first_event(tmp_path / "a.tdesk")  # 王五 of 清华 has the ident 1234
    sheet = tmp_path / "报名.csv"
    sheet.write_text(
        '队名,单位,队员,识别号\nC,北京科技大学,王五、孙八,"1234, 5678"\nD,,钱七,\n', encoding="utf-8"
    )
    with create_tournament(tmp_path / "b.tdesk", name="月赛二", rounds=3) as desk:
        es.import_entrants(desk, sheet)
        players = {p.name: p for p in ps.list_players(desk)}
        assert ps.proposals(desk) == []
        added = next(e for e in audit_trail(desk) if e.action == "entrant-add")
    known = {k.name: k for k in registry.known_players()}
    assert players["王五"].uid == known["王五"].uid and players["王五"].known  # the same name and ident
    assert (players["孙八"].ident, players["钱七"].ident) == ("5678", None)
    assert added.new["idents"] == ["1234", "5678"]
    wrong = tmp_path / "错.csv"
    wrong.write_text("队名,队员,会员号\nE,周九、吴十,1234\n", encoding="utf-8")
    with create_tournament(tmp_path / "c.tdesk", name="月赛三", rounds=3) as desk:
        with pytest.raises(BadInput, match="1 idents for 2 players"):
            es.import_entrants(desk, wrong)
        assert ps.list_players(desk) == []
