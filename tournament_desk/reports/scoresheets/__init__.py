"""Scoresheets (记分表), one A4 page per table of a round (two, one per room, for duplicate boards): each scoring
mode's in its module (``levels``, ``duplicate``), drawn in the frame they share (``frame``)."""
