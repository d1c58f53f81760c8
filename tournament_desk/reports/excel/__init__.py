"""The event workbook (.xlsx): ``workbook`` writes every format's (entrants, the rounds, the standings, the
format's own sheets, the audit trail), ``mitchell`` a Mitchell movement's; ``sheets`` is how a sheet is written.
"""
