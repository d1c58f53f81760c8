"""What a backup was taken before, in words (issue 27): never the file's label ("before-round-4")."""

from __future__ import annotations

from tournament_desk.i18n import render
from tournament_desk.services.backups import backup_words


def test_each_label_the_program_writes_is_said_in_both_languages() -> None:
    assert render(backup_words("before-round-4"), "en") == "Before pairing round 4"
    assert render(backup_words("before-round-4"), "zh") == "第 4 轮编排前"
    assert render(backup_words("before-import"), "zh") == "导入前"
    assert render(backup_words("before-withdrawal"), "zh") == "退赛前"
    assert render(backup_words("before-reinstatement"), "zh") == "撤销退赛前"
    assert render(backup_words("before-restore"), "zh") == "恢复备份前"
    assert render(backup_words("before-upgrade-0012"), "zh") == "文件升级前（0012）"


def test_a_label_it_does_not_know_is_shown_as_it_is() -> None:
    assert render(backup_words("赛前手动{备份}"), "zh") == "赛前手动{备份}"
