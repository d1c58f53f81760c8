"""domain/players: who is who — the same person without asking, a likely one to confirm, or two people."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tournament_desk.domain.players import Match, Person, compare, key, match_players, merge_candidates

NAMES = st.sampled_from(["张三", "张 三", "ＺＨＡＮＧ", "zhang", "李四", "Li Si", "li-si", "王五", ""])
UNITS = st.sampled_from(["北京大学", "北京 大学", "北大", "北京大学队", "清华", "ＱＨ", "qh", "", None])
IDENTS = st.sampled_from([None, "", "1234", "１２３４", "5678"])
PEOPLE = st.builds(Person, st.integers(1, 5), NAMES, UNITS, IDENTS)


@given(st.text(max_size=30).filter(lambda t: not any(ord(c) < 32 or 127 <= ord(c) < 160 for c in t)))
def test_the_key_is_idempotent(text: str) -> None:
    assert key(key(text)) == key(text)


@given(PEOPLE, PEOPLE)
def test_comparing_is_symmetric(a: Person, b: Person) -> None:
    assert compare(a, b) == compare(b, a)


@given(PEOPLE.filter(lambda p: bool(key(p.name))))
def test_a_person_with_a_name_is_the_same_as_themselves(a: Person) -> None:
    assert compare(a, a)[0] is Match.SAME
    assert [(x.ref, y.ref) for x, y in match_players([a], [a]).linked] == [(a.ref, a.ref)]


def test_full_width_half_width_and_spaces_do_not_make_two_people() -> None:
    assert compare(Person(1, "张 三", "北京 大学"), Person(2, "张三", "北京大学")) == (Match.SAME, "")
    assert compare(Person(1, "ＬＩ Ｓｉ", "ＱＨ"), Person(2, "li si", "qh"))[0] is Match.SAME
    assert (
        compare(Person(1, "张三", "北京大学", "１２３４"), Person(2, "张三", "北京大学", "1234"))[0]
        is Match.SAME
    )


def test_a_unit_spelt_otherwise_is_likely_and_another_unit_is_not() -> None:
    assert compare(Person(1, "张三", "北京大学"), Person(2, "张三", "北大")) == (
        Match.LIKELY,
        "unit-spelling",
    )
    assert compare(Person(1, "张三", "北京大学"), Person(2, "张三", "清华大学")) == (Match.NONE, "")
    assert compare(Person(1, "张三", None), Person(2, "张三", "清华")) == (Match.LIKELY, "unit-missing")


def test_idents_decide() -> None:
    # the same ident and the same name under another unit: the same person (a member number outlives a change of
    # club); the same ident and unit with a name spelt otherwise: likely; two idents: two people, whatever else
    assert compare(Person(1, "张三", "清华", "1234"), Person(2, "张三", "复旦", "1234")) == (
        Match.SAME,
        "ident",
    )
    found = match_players([Person(1, "张三", "清华", "1234")], [Person(9, "张三", "复旦", "1234")])
    assert [(a.ref, b.ref) for a, b in found.linked] == [(1, 9)] and not found.proposals
    assert (
        compare(Person(1, "张三", "北京大学", "1234"), Person(2, "张三", "北京大学", "5678"))[0] is Match.NONE
    )
    assert compare(Person(1, "张三", "北京大学", "1234"), Person(2, "张叁", "北京大学", "1234")) == (
        Match.LIKELY,
        "ident",
    )
    assert compare(Person(1, "张三", "北京大学", "1234"), Person(2, "李四", "复旦", "1234"))[0] is Match.NONE


def test_matching_links_one_exact_match_and_proposes_the_rest() -> None:
    known = [Person(10, "张三", "北京大学"), Person(11, "李四", "清华"), Person(12, "王五", "复旦"),
             Person(13, "王五", "复旦")]  # fmt: skip
    new = [
        Person(1, "张 三", "北京大学"),
        Person(2, "李四", "清华大学"),
        Person(3, "王五", "复旦"),
        Person(4, "赵六"),
    ]
    found = match_players(new, known)
    assert [(a.ref, b.ref) for a, b in found.linked] == [(1, 10)]
    assert [(p.new.ref, p.known.ref, p.why) for p in found.proposals] == [
        (2, 11, "unit-spelling"),
        (3, 12, "several"),  # two known records of one name and unit: the director says which
        (3, 13, "several"),
    ]


def test_a_known_person_under_several_spellings_is_still_one_exact_match() -> None:
    known = [
        Person(10, "张三", "北京大学"),
        Person(10, "张三", "北大"),
    ]  # the record and a confirmed spelling
    assert [(a.ref, b.ref) for a, b in match_players([Person(1, "张三", "北大")], known).linked] == [(1, 10)]


def test_merge_candidates_pair_records_that_share_a_name_or_an_ident() -> None:
    people = [Person(1, "张三", "北京大学"), Person(2, "张三", "北大"), Person(3, "张三", "复旦"),
              Person(4, "李四", "复旦", "99"), Person(5, "李四", "复旦大学", "99"), Person(6, "王五", "清华"),
              Person(7, "王五", "清华")]  # fmt: skip
    assert [(p.new.ref, p.known.ref, p.why) for p in merge_candidates(people)] == [
        (1, 2, "unit-spelling"),
        (4, 5, "ident"),
        (6, 7, "same"),
    ]
