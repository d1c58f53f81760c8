"""Swiss (rules.md §7.1, §7.2): the pairing sheet, scoresheets, standings, ranking, the cross-table of opponents and
results round by round, certificates: the standard set."""

from __future__ import annotations

from tournament_desk.services.documents.base import STANDARD, FormatDocuments

DOCUMENTS = FormatDocuments(STANDARD)
