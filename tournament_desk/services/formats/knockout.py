"""The knockout's services (rules.md §7.4, §7.6): a phone enters the levels and, when they are equal, the side on
stage that wins."""

from __future__ import annotations

from tournament_desk.services.formats.base import FormatServices


class KnockoutServices(FormatServices):
    entry = "levels-on-stage"
