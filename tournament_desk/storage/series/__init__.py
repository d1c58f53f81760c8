"""A series file (``.tdseries``, rules.md §13): its own models, migrations and opening, beside a tournament's."""
