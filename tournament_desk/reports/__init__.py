"""Printing and export: PDF (reportlab) and Excel (openpyxl) builders fed plain data (``reports.model``).

The builders never touch the database; ``tournament_desk.services.export`` reads the event and calls them.
"""

# The reports ``tdesk export`` and the window can make (without importing reportlab or openpyxl).
REPORTS = ("pairings", "scoresheets", "standings", "ranking", "crosstable", "certificates")
