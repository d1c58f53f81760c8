"""Catalogue: English message → Simplified Chinese (简体中文), gathered from one module per part of the program."""

from __future__ import annotations

from tournament_desk.i18n.zh_cn_cli import CLI
from tournament_desk.i18n.zh_cn_faces import FACES
from tournament_desk.i18n.zh_cn_faults import FAULTS
from tournament_desk.i18n.zh_cn_files import FILES
from tournament_desk.i18n.zh_cn_live import LIVE
from tournament_desk.i18n.zh_cn_pictures import PICTURES
from tournament_desk.i18n.zh_cn_players import PLAYERS
from tournament_desk.i18n.zh_cn_reports import REPORTS
from tournament_desk.i18n.zh_cn_rule_notes import RULE_NOTES, RULE_WORDS
from tournament_desk.i18n.zh_cn_rules import RULES
from tournament_desk.i18n.zh_cn_series import SERIES
from tournament_desk.i18n.zh_cn_series_output import SERIES_OUTPUT
from tournament_desk.i18n.zh_cn_services import SERVICES
from tournament_desk.i18n.zh_cn_tables import TABLES

CATALOGUE: dict[str, str] = {
    "; ": "；",
    **LIVE,  # the live results from the tables
    **FILES,  # a file holds data, never code; results that differ from the audit trail
    **CLI,  # results already recorded, corrections, the phones' entries in tdesk
    **RULES,  # the rules, the event and the file
    **SERVICES,  # the desk's actions
    **REPORTS,  # printed words, the audit trail as sentences
    **FACES,  # the window's and tdesk's own sentences
    **TABLES,  # what a table of a round is (domain.table_state)
    **FAULTS,  # servers that refuse or go away, damaged files, full disks (issue 28)
    **PICTURES,  # pictures to share (issue 30)
    **PLAYERS,  # players as people, the registry of players on this computer (issue 30)
    **RULE_WORDS,  # the rules in words, shared by the window and tdesk rules (issue 31)
    **SERIES,  # series and sports meets (issue 30)
    **SERIES_OUTPUT,  # a series exported as PDF, workbook, page and picture (issue 30)
    **RULE_NOTES,  # what each rule means, the regulation it follows, an example (issue 31)
}


def catalogue() -> dict[str, str]:
    """The catalogue, for the registry of languages (``i18n.CATALOGUES``: imported when Chinese is first asked for)."""
    return CATALOGUE
