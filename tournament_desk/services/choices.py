"""The kinds of event the services accept, as plain constants.

They live apart from ``services.event`` so that ``tdesk`` can build its parser (and answer ``--help``)
without importing SQLAlchemy.
"""

FORMATS = ("swiss", "round-robin", "groups-knockout", "knockout", "knockout-round-robin", "mitchell")
ENTRANT_KINDS = ("pairs", "teams")
SCORINGS = ("levels", "duplicate", "team-match")
