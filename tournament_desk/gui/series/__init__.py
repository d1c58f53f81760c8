"""The series page of the window (issue 30): a series or a sports meet over many events, its standings, merges
and exports (``window.SeriesWindow``)."""
