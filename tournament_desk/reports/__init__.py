"""Printing and export: PDF (reportlab) and Excel (openpyxl) builders fed plain data (``reports.model``).

One module per document, each taking the plain data of whichever format prints it: ``pairings`` (a round's,
a knockout round's), ``guide_cards`` (a Mitchell movement's pairing sheet), ``scoresheets`` (levels, duplicate
boards), ``travellers`` (a movement's scoresheets), ``standings`` (standings and ranking, by direction for a
movement), ``crosstable`` (Swiss, round robin), ``group_tables``, ``board_recap`` (a movement's cross-table),
``bracket``, ``placing``, ``certificates``, ``cards`` (entry cards), ``excel`` (the workbook) and ``html`` (the
public pages). Shared drawing: ``layout``, ``grid``, ``fonts``; shared words: ``words``, ``directions``; the
audit trail in words: ``audit_text``, ``audit_changes``.

The builders never touch the database; ``tournament_desk.services.output.export`` reads the event and calls them.
"""

# The reports ``tdesk export`` and the window can make (without importing reportlab or openpyxl).
REPORTS = ("pairings", "scoresheets", "standings", "ranking", "crosstable", "certificates")
