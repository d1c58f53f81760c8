"""Printing and export: PDF (reportlab) and Excel (openpyxl) builders fed plain data (``reports.model``).

The builders never touch the database; ``tournament_desk.services.export`` reads the event and calls them.
"""
