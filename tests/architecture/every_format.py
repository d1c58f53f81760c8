"""A walk of one format through every ``tdesk`` command and export (issue 24), for any format in the registry.

The walk creates an event, registers entrants, draws, then pairs round after round until ``pair`` says every
round is paired (drawing the knockout when pairing asks for it). It enters each table's result the way the
table asks for it in ``round --json``: a knockout table (one with ``"winner"``) equal levels and the side on
stage; a table with ``"boards"`` its boards; any other the two levels, or its boards when it refuses levels.
Round 2 and 3 each decide a table by a forfeit and a ruling; round 1 is followed by undo, redo, a deduction
and a withdrawal taken back. Around the results of round 1 and of the first round of each later stage it reads
everything (standings, the round, entrants, audit trail, groups, bracket, disputes, cards, rules) and exports
every report the parser offers, to PDF and Excel; the other rounds read the round and the standings and export
their sheets. The finished event exports every report again, for round 1, for a round that does not exist and
to Excel, and the scoresheets and entry cards with their QR codes.

The rule (rules.md §12): every run exits 0, or exits 2 with one plain sentence on standard error (a refusal of what
does not apply to this format). Exit 1, "Unexpected error", a traceback or a usage message is a failure; so is
a step the walk needs (``new``, ``entrant add``, ``draw``) that does not succeed, and an event the walk could
not finish. Every failure is collected; ``Walk.report`` lists them all.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.cli.conftest import Run, Tdesk
from tournament_desk.cli.parser import build_parser
from tournament_desk.domain import formats
from tournament_desk.domain.formats.swiss import Swiss

# Settings an event of a format cannot be created without (keyed by setting, not by format name).
REQUIRED_SETTINGS = {"boards_per_round": ("--boards-per-round", "2")}
ENTRANTS = 8  # two groups of four in groups-knockout; four Mitchell tables; seven Berger rounds
ROUNDS = "3"  # the rounds of a format that pairs as it goes (Swiss)
MAX_ROUNDS = 40
LIVE_URL = "http://192.168.1.20:8765/"
FOLDER_KINDS = ("site",)  # exports written into a folder rather than a file


FIFTH = "fifth"


class Fifth(Swiss):
    """A fifth format as the smallest new module would be: Swiss pairing and ranking under its own name."""

    name = FIFTH


def register_fifth(monkeypatch: pytest.MonkeyPatch) -> str:
    """Register ``Fifth`` the way ``domain/formats/__init__.py`` registers a format, and nothing more: the
    registry, and the names the command line offers (``services.choices``, as ``cli/parser.py`` imported them)."""
    monkeypatch.setitem(formats.FORMATS, FIFTH, Fifth())
    for module in ("tournament_desk.services.choices", "tournament_desk.cli.parser"):
        monkeypatch.setattr(f"{module}.FORMATS", formats.creatable(), raising=False)
    return FIFTH


def export_kinds() -> tuple[str, ...]:
    """The reports ``tdesk export`` accepts, as its parser lists them (new ones join the walk by themselves)."""
    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    report = next(a for a in commands.choices["export"]._actions if a.dest == "report")
    return tuple(report.choices or ())


def plain_sentence(err: str) -> bool:
    """One plain sentence: a single non-empty line, no traceback, not the catch-all's "Unexpected error"."""
    text = err.strip()
    return bool(text) and "\n" not in text and "Traceback" not in text and "Unexpected error" not in text


@dataclass
class Walk:
    tdesk: Tdesk
    folder: Path
    format: str
    entrants: int = ENTRANTS
    failures: list[str] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)  # exit 2 with a sentence: fine, kept to read
    runs: int = 0

    def __post_init__(self) -> None:
        self.path = self.folder / f"{self.format}.tdesk"
        self.out = self.folder / "out"
        self.out.mkdir(parents=True, exist_ok=True)
        self.names = [f"E{i:02d}" for i in range(1, self.entrants + 1)]
        self.strength = {name: i for i, name in enumerate(self.names)}  # the earlier registered wins

    # --- running one command ---------------------------------------------------------------------------
    def run(self, *args: object, must: bool = False) -> Run:
        self.runs += 1
        try:
            done = self.tdesk(*args)
        except SystemExit as exc:  # argparse refused the words: a usage message, never a plain sentence
            captured = self.tdesk.capsys.readouterr()
            done = Run(int(exc.code or 0), captured.out, captured.err)
        line = "tdesk " + " ".join(str(a) for a in args).replace(str(self.folder), "$TMP")
        err = done.err.strip()
        if done.code not in (0, 2) or (done.code == 2 and not plain_sentence(err)) or "Traceback" in err:
            self.failures.append(f"{line}\n    exit {done.code}: {err[-800:] or '(nothing on stderr)'}")
        elif must and done.code != 0:
            self.failures.append(f"{line}\n    exit {done.code} where the walk needs success: {err}")
        elif done.code:
            self.refusals.append(f"{line}: {err}")
        return done

    def json(self, *args: object) -> Any:
        done = self.run(*args, "--json")
        return done.json() if done.code == 0 else None

    # --- the walk ---------------------------------------------------------------------------------------
    def create(self) -> bool:
        settings = getattr(formats.FORMATS[self.format], "settings_names", ())
        extra = [word for key, words in REQUIRED_SETTINGS.items() if key in settings for word in words]
        new = ("new", self.path, "--name", "Every format", "--format", self.format, *extra)
        # A format paired as it goes is given a number of rounds; one whose rounds follow from it refuses them.
        if self.run(*new, "--rounds", ROUNDS).code and self.run(*new, must=True).code:
            return False
        for i, name in enumerate(self.names):
            self.run("entrant", "add", self.path, name, "--unit", f"U{i % 3}", must=True)
        return self.run("draw", self.path, "--seed", 1, must=True).code == 0

    def play(self, rounds: int = MAX_ROUNDS, *, checks: bool = True) -> int:
        """Pair and play up to ``rounds`` rounds (the knockout draw when pairing asks for it); the rounds played.

        Everything is read and exported in round 1 and in the first round of each later stage, before and after
        its results; the other rounds read everything and export their pairing sheet and scoresheets."""
        played, stage = 0, None
        while played < rounds:
            paired = self.run("pair", self.path, "--json")
            if paired.code != 0:
                if self.run("draw", self.path, "--stage", "knockout", "--seed", 1).code == 0:
                    continue
                return played
            shown = paired.json()
            round_no, full = shown["round"], shown["round"] == 1 or shown.get("stage") != stage
            stage = shown.get("stage")
            if checks:
                self.check(round_no, f"r{round_no}-paired", full=full)
            self.enter_round(round_no)
            played += 1
            if checks:
                self.check(round_no, f"r{round_no}-entered", after=round_no, full=full)
                if round_no == 1:
                    self.side_steps()
        if rounds == MAX_ROUNDS:
            self.failures.append(f"pair still pairs after {MAX_ROUNDS} rounds: the walk stopped there")
        return played

    def walk(self) -> None:
        """Create, play every round with its checks, and export the finished event."""
        if not self.create():
            return
        self.check(None, "drawn")
        played = self.play()
        if played == 0:
            self.failures.append("no round could be paired")
            return
        view = self.json("round", self.path, played) or {"tables": []}
        missing = [t["table"] for t in view["tables"] if t.get("state") == "pending"]
        if missing:
            self.failures.append(
                f"round {played} still waits for tables {missing}: the walk could not enter them"
            )
        self.finish(played)

    # --- results ------------------------------------------------------------------------------------------
    def enter_round(self, round_no: int) -> None:
        view = self.json("round", self.path, round_no) or {"tables": []}
        tables = [t for t in view["tables"] if t.get("state", "pending") == "pending"]
        for k, t in enumerate(tables):
            last = k == len(tables) - 1
            if last and round_no in (2, 3) and self.decide(round_no, t, ("forfeit", "ruling")[round_no - 2]):
                continue
            self.enter(round_no, t)
            if round_no == 1 and k == 0:  # undo and redo the first result of the event
                self.run("undo", self.path)
                self.run("redo", self.path)

    def loser(self, t: dict[str, Any]) -> str:
        return "away" if self.strength[t["home"]] < self.strength[t["away"]] else "home"

    def decide(self, round_no: int, t: dict[str, Any], how: str) -> bool:
        """A forfeit or a ruling against the weaker side, where the format takes one."""
        side = self.loser(t)
        return self.run(how, self.path, round_no, t["table"], "--side", side, "--reason", "walk").code == 0

    def enter(self, round_no: int, t: dict[str, Any]) -> None:
        r, n, loser = round_no, t["table"], self.loser(t)
        boards = t.get("boards")
        if boards is None:
            winner = "home" if loser == "away" else "away"
            tries = [("9", "9", "--on-stage", winner)] if "winner" in t else []  # a knockout table
            tries.append(("J", "6") if loser == "away" else ("6", "J"))
            if any(self.run("result", self.path, r, n, *words).code == 0 for words in tries):
                return
            # A table scored board by board refuses levels. rules.md §12 promises its "boards" in round --json;
            # while they are missing there, the refusal of a board it does not play names them.
            probe = self.run("result", self.path, r, n, "--board", 999, "--points", 0)
            found = re.search(r"boards? (\d+)(?:[–-](\d+))?", probe.err)
            boards = list(range(int(found[1]), int(found[2] or found[1]) + 1)) if found else []
        for number in boards:
            points = 5 * ((7 * n + 3 * number + r) % 17)
            self.run("result", self.path, r, n, "--board", number, "--points", points)

    def side_steps(self) -> None:
        """After round 1: a deduction, and a withdrawal taken back."""
        weakest, p = self.names[-1], self.path
        self.run("deduct", p, 1, weakest, "0.5", "--reason", "walk")
        if self.run("entrant", "withdraw", p, weakest, "--after-round", 1, "--reason", "walk").code == 0:
            self.run("entrant", "reinstate", p, weakest, "--reason", "walk", must=True)

    # --- reading and exporting --------------------------------------------------------------------------
    def check(self, round_no: int | None, tag: str, *, after: int | None = None, full: bool = True) -> None:
        """At one moment of the event: everything read and every report exported (``full``), or the round
        and the standings read and (before its results) the round's sheets exported."""
        p = self.path
        self.json("standings", p)
        if round_no:
            self.json("round", p, round_no)
        if not full:
            for kind in () if after else ("pairings", "scoresheets"):
                self.export(kind, tag)
            return
        if after:
            self.json("standings", p, "--after-round", after)
        if round_no:
            self.json("audit", p, "--round", round_no)
        for args in (("entrant", "list", p), ("audit", p), ("groups", p), ("bracket", p), ("disputes", p)):
            self.json(*args)
        self.json("cards", p)
        self.json("rules", p)
        for kind in export_kinds():
            self.export(kind, tag)
        self.export("all", tag, ".xlsx")

    def export(self, kind: str, tag: str, suffix: str = ".pdf", *extra: object) -> Run:
        name = f"{tag}-{kind}" if kind in FOLDER_KINDS else f"{tag}-{kind}{suffix}"
        return self.run("export", self.path, kind, "-o", self.out / name, *extra)

    def finish(self, played: int) -> None:
        """The finished event: every report now, for round 1 and for a round that does not exist, and to Excel."""
        self.check(played, "final", after=played)
        for kind in export_kinds():
            if kind not in FOLDER_KINDS:
                self.export(kind, "round1", ".pdf", "--round", 1)
                self.export(kind, "nosuchround", ".pdf", "--round", played + 5)
                self.export(kind, "final", ".xlsx")
        self.export("scoresheets", "live", ".pdf", "--live-url", LIVE_URL)
        self.export("cards", "url", ".pdf", "--url", LIVE_URL)
        self.run("audit", self.path, "--verify")
        self.run("pair", self.path)  # after the last round: a refusal

    def report(self) -> str:
        head = f"{len(self.failures)} of {self.runs} runs of the {self.format} walk failed ($TMP = {self.folder}):"
        return "\n".join((head, *self.failures))

    def assert_clean(self) -> None:
        if self.failures:
            pytest.fail(self.report(), pytrace=False)
