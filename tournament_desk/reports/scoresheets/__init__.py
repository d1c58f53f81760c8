"""Scoresheets (记分表), one A4 page per table of a round (two, one per room, for duplicate boards; one per team
match of pairs, its pair games board by board): each scoring mode's in its module (``levels``, ``duplicate``,
``team_match``), chosen by ``services.documents.MODE_DOCUMENTS``, drawn in the frame they share (``frame``)."""
