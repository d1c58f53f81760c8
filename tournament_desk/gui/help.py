"""F1: what the page in front of the director does, its keys, the rules in force, and what those rules mean.

The page texts are ordinary translated strings (the .ts carries their Chinese), kept short: a few sentences per
page, the keys that work there and everywhere, and, with an event open, the event's rules as the Rules page
words them (``describe_rules``) and, for the options the page deals with, what each means, the regulation it
follows and an example (``domain/rule_notes.py``, shared with ``tdesk rules --explain``).
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QCoreApplication

from tournament_desk.domain.rule_notes import NOTES, RuleNote, note_lines
from tournament_desk.i18n import render

CONTEXT = "Help"
ALL_OPTIONS = tuple(NOTES)
# The rule-set options each page deals with (``domain/rule_notes.py`` keys), explained under its help.
PAGE_OPTIONS: dict[str, tuple[str, ...]] = {
    "EntrantsPage": ("withdrawal_award", "withdrawal_vp", "bye"),
    "RoundsPage": ("mp_scale", "bye", "tiebreaks", "withdrawal_award"),
    "ResultsPage": (
        "vp_cap",
        "mp_scale",
        "forfeit_win",
        "ruling_award",
        "ruling_fixed_vp",
        "late_arrival_minutes",
        "late_award",
        "deduction_step",
        "team_pairs",
    ),
    "DuplicateResultsPage": ("level_table", "duplicate_conversion", "points_table", "vp_cap", "mp_scale"),
    "PairBoardsPage": ("level_table", "deduction_step"),
    "GroupsPage": ("mp_scale", "tiebreaks", "level_table"),
    "KnockoutPage": ("level_table", "late_arrival_minutes"),
    "TeamMatchPage": ("team_pairs", "level_table", "late_arrival_minutes"),
    "StandingsPage": ("tiebreaks", "mp_scale", "vp_cap", "deduction_step", "bye"),
    "RulesPage": ALL_OPTIONS,
    "RulesDialog": ALL_OPTIONS,
}


def page_options(topic: str) -> tuple[str, ...]:
    """The rule-set options a page's help explains (none on the start and audit pages)."""
    return PAGE_OPTIONS.get(topic, ())


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def topic_title(topic: str) -> str:
    return {
        "StartPage": _tr("Getting started"),
        "EntrantsPage": _tr("Entrants"),
        "RoundsPage": _tr("Rounds"),
        "ResultsPage": _tr("Results"),
        "DuplicateResultsPage": _tr("Duplicate boards"),
        "PairBoardsPage": _tr("Board results (Mitchell)"),
        "TeamMatchPage": _tr("Team matches"),
        "GroupsPage": _tr("Groups"),
        "KnockoutPage": _tr("Knockout"),
        "StandingsPage": _tr("Standings"),
        "AuditPage": _tr("Audit"),
        "RulesPage": _tr("Rules"),
        "RulesDialog": _tr("Editing the rules"),
    }.get(topic, _tr("Tournament Desk"))


def topic_text(topic: str) -> list[str]:
    """The paragraphs of one page's help."""
    texts = {
        "StartPage": [
            _tr(
                "Start a new tournament (the wizard asks for the format, scoring and rules), open a .tdesk "
                "file, or open the demo tournament to try everything without risk."
            ),
            _tr(
                "Every change is saved the moment it is made; there is no Save. Automatic backups are kept "
                "before every pairing (File ▸ Backups)."
            ),
        ],
        "EntrantsPage": [
            _tr(
                "Register every team or pair before round 1: Add, or Import a sign-up sheet (.xlsx or .csv). "
                "Double-click a name, unit or players to correct it; the audit trail keeps the old value."
            ),
            _tr("Draw fixes the order of round 1 (at random with a seed, or the director's order)."),
            _tr(
                "Withdraw takes an entrant out of the rounds still to be paired. With a withdrawn entrant "
                "selected the same button takes the withdrawal back, as long as no later round has results."
            ),
        ],
        "RoundsPage": [
            _tr(
                "Pair next round pairs by the rules in force; the window stays usable meanwhile. The new "
                "round is a draft until you publish it."
            ),
            _tr(
                "In a draft: select two names and Swap; select tables and Lock them (a padlock marks them), "
                "then Re-pair the unlocked tables. Every change asks for a reason for the audit trail."
            ),
            _tr(
                "A swap that makes a rematch or puts two entrants of one unit together asks first and is "
                "recorded as an exception."
            ),
        ],
        "ResultsPage": [
            _tr(
                "Type the home level, Enter, the away level, Enter: the table is saved, its VP and MP appear "
                "and the cursor goes to the next table still missing its result. Levels: 2–10, J, Q, K, A, 过A."
            ),
            _tr(
                "Right-click a table for a forfeit, a loss by ruling, a late scoresheet or a 0.5-MP deduction; "
                "Delete clears a result. Such tables are marked: the status in red, a padlock on a locked table."
            ),
            _tr(
                "Ctrl+Z undoes the last entry, even right after Enter; Ctrl+Y does it again. Changing a round "
                "once a later round has been paired asks first."
            ),
        ],
        "DuplicateResultsPage": [
            _tr(
                "Pick a table on the left, then type each board's defenders' points: open room, Enter, closed "
                "room, Enter. The board's levels and the match's running total follow every key."
            ),
            _tr(
                "Penalty points are on the boards' context menu; forfeits, rulings, late scoresheets and "
                "deductions on the tables' context menu. Ctrl+Z undoes, Ctrl+Y redoes."
            ),
        ],
        "PairBoardsPage": [
            _tr(
                "Type each board's defenders' points by table, or by board in traveller order; Enter moves on. "
                "The match points of the board follow every key."
            ),
            _tr(
                "Penalty points: NS:10 or EW:10 in the penalty column; empty takes them back. A correction of "
                "a board already entered asks first."
            ),
        ],
        "TeamMatchPage": [
            _tr(
                "Pick a team match on the left, then type each board's pair game: the home level, Enter, the "
                "away level, Enter (equal levels: h or a for the declarer). 缺 in a level: that pair did not "
                "show and loses its game. The games won and the points follow every key."
            ),
            _tr(
                "Line-up… sets which pair plays at which board before a game is typed; forfeits, rulings, late "
                "scoresheets and deductions are on the matches' context menu. Ctrl+Z undoes, Ctrl+Y redoes."
            ),
        ],
        "GroupsPage": [
            _tr(
                "One table per group: results, points, level difference and rank. The banner says what the "
                "knockout waits for; a tie that the rules cannot break is settled by a lot (摸牌)."
            ),
        ],
        "KnockoutPage": [
            _tr(
                "The bracket, and the results of a knockout round typed like on the Results page. Equal levels: "
                "say which side was on stage at the end; that side wins."
            ),
        ],
        "StandingsPage": [
            _tr(
                "The standings after any round; hover over a place to see the tiebreak that decided it. While "
                "results are missing the standings are marked provisional."
            ),
        ],
        "AuditPage": [
            _tr(
                "Every change, newest first, in a sentence: who changed what, where and why. Filter by round, "
                "table or entrant. Non-standard actions (a swap that breaks a rule, a lock, a re-pairing, a "
                "restore from a backup) are marked; hover over a line for the values stored."
            ),
        ],
        "RulesPage": [
            _tr("The event's rules in words. They can be changed (on a copy) until round 1 is paired."),
        ],
        "RulesDialog": [
            _tr(
                "Every option of the event's rules, on a copy: choose the level table your regulations print "
                "(or edit its bands), the awards, the late-arrival limit and the tiebreaks, then Save. The "
                "change is kept in the audit trail with the reason you give. Hover over an option for a short "
                "explanation; each is explained below with the regulation it follows and an example."
            ),
        ],
    }
    return texts.get(topic, texts["StartPage"])


def keys() -> list[tuple[str, str]]:
    """The keys that work on every page of an open event."""
    return [
        ("F1", _tr("this help")),
        ("Ctrl+F", _tr("find a team on the page")),
        ("Ctrl+1 … Ctrl+9, Ctrl+PgUp / Ctrl+PgDn", _tr("go to another page")),
        ("Ctrl+Z / Ctrl+Y", _tr("undo / redo an entry (results pages)")),
        ("Ctrl+Q", _tr("quit")),
    ]


def notes_html(notes: list[RuleNote]) -> str:
    """What each option means: its title, what it does, the regulation it follows and an example, escaped."""
    if not notes:
        return ""
    title = _tr("What the rules mean")
    parts = [f"<h3>{escape(title)}</h3>"]
    for note in notes:
        lines = "<br>".join(escape(render(line)) for line in note_lines(note))
        parts.append(f"<p><b>{escape(render(note.title))}</b><br>{lines}</p>")
    return "".join(parts)


def help_html(
    topic: str, rules: list[tuple[str, str]] | None = None, notes: list[RuleNote] | None = None
) -> str:
    """The help of one page as HTML; ``rules``: (label, sentence) of the rules in force, if an event is open;
    ``notes``: what the options the page deals with mean (``page_options``)."""
    parts = [f"<h2>{escape(topic_title(topic))}</h2>"]
    parts += [f"<p>{escape(text)}</p>" for text in topic_text(topic)]
    keys_title = _tr("Keys")
    parts.append(f"<h3>{escape(keys_title)}</h3><table cellpadding='3'>")
    parts += [f"<tr><td><b>{escape(k)}</b></td><td>{escape(what)}</td></tr>" for k, what in keys()]
    parts.append("</table>")
    if rules:
        rules_title = _tr("The rules in force")
        parts.append(f"<h3>{escape(rules_title)}</h3><table cellpadding='3'>")
        parts += [f"<tr><td><b>{escape(label)}</b></td><td>{escape(text)}</td></tr>" for label, text in rules]
        parts.append("</table>")
    parts.append(notes_html(notes or []))
    return "".join(parts)
