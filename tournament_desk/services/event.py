"""Creating a tournament and reading its settings."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path

from tournament_desk.domain.errors import BadInput, Message
from tournament_desk.domain.formats import creatable, format_named
from tournament_desk.domain.names import TOURNAMENT_MAX, checked_name
from tournament_desk.domain.rule_options import check_rules, parse_pairs
from tournament_desk.domain.rules import DEFAULT_PRESET, RuleSet, preset_rules
from tournament_desk.domain.scoring_modes import scoring_mode
from tournament_desk.services.choices import ENTRANT_KINDS
from tournament_desk.services.desk import (
    Desk,
    audit,
    default_station,
    now,
    paired_rounds,
    rules_of,
    tournament,
)
from tournament_desk.services.modes import MODE_SERVICES
from tournament_desk.services.stages import add_stage, current_stage, stage_formats
from tournament_desk.storage import models as m
from tournament_desk.storage.opening import create_database


@dataclass(frozen=True)
class EventInfo:
    name: str
    format: str
    entrants_kind: str
    scoring: str
    rounds_planned: int | None
    rules: RuleSet
    venue: str | None = None
    starts_on: date | None = None
    ends_on: date | None = None
    settings: dict[str, object] | None = None  # the (current) stage's format settings, e.g. {"double": True}
    adjustable: bool = True  # the director may swap, lock and re-pair draft rounds (not a fixed schedule)
    scheduled: bool = False  # every round is known in advance (round robin)
    stage_format: str = "swiss"  # the format of the stage the next round belongs to
    stage_formats: tuple[str, ...] = ()  # every stage's format, started or to come, in order
    withdrawal: Message | None = None  # what withdrawing an entrant does in the current stage (rules.md §5.7)


def create_tournament(
    path: Path | None,
    *,
    name: str,
    format: str = "swiss",
    entrants: str | None = None,
    scoring: str = "levels",
    rules: str = DEFAULT_PRESET,
    rounds: int | None = None,
    venue: str | None = None,
    starts_on: date | None = None,
    ends_on: date | None = None,
    url: str | None = None,
    station: str | None = None,
    double: bool = False,
    group_size: int | None = None,
    knockout_size: int | None = None,
    snake: bool = False,
    third_place: bool = False,
    finalists: int | None = None,
    boards_per_round: int | None = None,
    even: str | None = None,
    pairs: int | str | None = None,
) -> Desk:
    """Create a new tournament file (nothing is created when any setting is refused).

    ``double``: a double round robin (every pair meets twice, home and away swapped). Groups then knockout:
    ``group_size`` (default 4), ``knockout_size`` (default from the group count), ``snake`` (the draw order is
    a seeding, spread over the groups), ``third_place`` (a third-place match is played). Mitchell:
    ``boards_per_round``, ``even`` ("skip" or "relay"), and ``rounds`` (fewer than the whole movement).
    Team matches of pairs (``scoring`` "team-match", rules.md §5.8): ``pairs``, the pairs a team sends (odd, 3–9,
    default 5), kept in the rule set as ``team_pairs``.
    """
    name = checked_name(name, what="tournament name", most=TOURNAMENT_MAX)
    if not name:
        raise BadInput("The tournament needs a name.")
    if starts_on is not None and ends_on is not None and ends_on < starts_on:
        raise BadInput("The last day of the event cannot come before the first.")
    engine = format_named(format, creating=True)
    mode = scoring_mode(scoring)
    check_carried(format, scoring)
    if entrants is None:
        entrants = mode.default_entrants
    if entrants not in ENTRANT_KINDS:
        raise BadInput("Entrants must be pairs or teams, not '{kind}'.", kind=entrants)
    if entrants not in mode.entrants_kinds:
        if mode.team_pairs(preset_rules(rules)) is not None:
            raise BadInput("A team match of pairs is played by teams: use --entrants teams.")
        raise BadInput("Duplicate events are played by teams of four (two pairs): use --entrants teams.")
    if pairs is not None and mode.team_pairs(preset_rules(rules)) is None:
        raise BadInput("Only a team match of pairs (--scoring team-match) sends a number of pairs.")
    if rounds is not None and "rounds" not in engine.settings_names:
        if engine.scheduled:
            raise BadInput("A round robin's rounds follow from the number of entrants; leave out the rounds.")
        if engine.planned_rounds(16, {}) is not None:
            raise BadInput("A knockout's rounds follow from the number of entrants; leave out the rounds.")
    given = {"double": double, "group_size": group_size, "knockout_size": knockout_size, "snake": snake,
             "third_place": third_place, "finalists": finalists, "boards_per_round": boards_per_round, "even": even}  # fmt: skip
    if "rounds" in engine.settings_names:
        given["rounds"], rounds = rounds, None
    given = {k: v for k, v in given.items() if v not in (None, False)}
    if "double" in given and "double" not in engine.settings_names:
        raise BadInput("Only a round robin can be played double.")
    for key in sorted(set(given) - set(engine.settings_names)):
        raise BadInput(
            "The format '{format}' has no setting '{setting}'.", format=format, setting=key.replace("_", "-")
        )
    if rounds is not None and not 1 <= rounds <= 30:
        raise BadInput("The number of rounds must be between 1 and 30, not {rounds}.", rounds=rounds)
    settings = engine.check_settings(given, entrants)
    rule_set = engine.default_rules(preset_rules(rules))
    if pairs is not None:
        rule_set = replace(rule_set, team_pairs=parse_pairs(pairs))
    db = create_database(path, url)
    desk = Desk(db, station or default_station())
    try:
        with db.transaction(write=True) as session:
            session.add(
                m.Tournament(
                    name=name,
                    format=format,
                    entrants_kind=entrants,
                    scoring=scoring,
                    rules_json=json.dumps(rule_set.to_dict(), ensure_ascii=False),
                    stages_json=json.dumps([p.to_dict() for p in engine.chain(settings)]),
                    rounds_planned=rounds,
                    venue=(venue or "").strip() or None,
                    starts_on=starts_on,
                    ends_on=ends_on,
                    created_at=now(),
                )
            )
            add_stage(session, 1, engine, settings)
            MODE_SERVICES[scoring].created(session)
            audit(
                session,
                desk,
                "create",
                new={
                    "name": name,
                    "format": format,
                    "entrants": entrants,
                    "scoring": scoring,
                    "rules": rules,
                    "rounds": rounds,
                    **({"settings": settings} if settings else {}),
                },
            )
    except BaseException:
        desk.close()
        if path is not None:
            path.unlink(missing_ok=True)
        raise
    return desk


def formats_carrying(scoring: str) -> tuple[str, ...]:
    """The formats an event scored by the mode named ``scoring`` can be created with, in the registry's order."""
    return tuple(name for name in creatable() if format_named(name).carries(scoring))


def check_carried(format: str, scoring: str) -> None:
    """Refuse a format that cannot carry the scoring mode (rules.md §5.8: a team match of pairs is played in a
    Swiss, a round robin or groups → knockout), naming the formats that can."""
    if not format_named(format).carries(scoring):
        raise BadInput(
            "The scoring '{scoring}' cannot be played in the format '{format}': choose {formats}.",
            scoring=scoring,
            format=format,
            formats=", ".join(formats_carrying(scoring)),
        )


def update_rules(desk: Desk, rules: RuleSet, *, reason: str | None = None) -> RuleSet:
    """Replace the event's rule set with an edited copy; only before round 1 is paired (audited)."""
    check_rules(rules)
    with desk.db.transaction(write=True) as session:
        if paired_rounds(session):
            raise BadInput("The rules cannot change once round 1 has been paired.")
        event = tournament(session)
        old = json.loads(event.rules_json)
        event.rules_json = json.dumps(rules.to_dict(), ensure_ascii=False)
        audit(session, desk, "rules", old=old, new=rules.to_dict(), reason=reason)
        return rules


def event_info(desk: Desk) -> EventInfo:
    with desk.db.transaction() as session:
        t = tournament(session)
        stage = current_stage(session)
        rules = rules_of(session)
        return EventInfo(
            t.name,
            t.format,
            t.entrants_kind,
            t.scoring,
            t.rounds_planned,
            rules,
            t.venue,
            t.starts_on,
            t.ends_on,
            dict(stage.settings),
            stage.format.adjustable,
            stage.format.scheduled,
            stage.format.name,
            tuple(f.name for f in stage_formats(session)),
            stage.format.withdrawal_note(rules, scoring_mode(t.scoring)),
        )
