from tournament_desk.domain.sorting import chinese_number, name_key


def test_pinyin_order() -> None:
    names = ["赵四", "张三", "阿飞", "李雷", "韩梅梅"]
    assert sorted(names, key=name_key) == ["阿飞", "韩梅梅", "李雷", "张三", "赵四"]


def test_numbered_teams_sort_by_number() -> None:
    names = ["复旦四队", "复旦十一队", "复旦一队", "复旦二队", "复旦十队", "复旦三队"]
    assert sorted(names, key=name_key) == [
        "复旦一队",
        "复旦二队",
        "复旦三队",
        "复旦四队",
        "复旦十队",
        "复旦十一队",
    ]
    assert sorted(["Team 10", "Team 2", "Team 1"], key=name_key) == ["Team 1", "Team 2", "Team 10"]


def test_chinese_numerals() -> None:
    assert [chinese_number(t) for t in ("一", "十", "十二", "二十", "二十三", "一百零五", "两", "12")] == [
        1, 10, 12, 20, 23, 105, 2, 12,
    ]  # fmt: skip
    assert chinese_number("队") is None


def test_same_pinyin_different_characters_stay_apart_and_ordered() -> None:
    assert name_key("李雷") != name_key("里雷")
    assert sorted(["里雷", "李雷"], key=name_key) == sorted(["李雷", "里雷"], key=name_key)
