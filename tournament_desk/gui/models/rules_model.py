"""A rule set in words: the level table as a table model, and one sentence for every other rule."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)

from tournament_desk.domain.rule_options import team_pairs_text
from tournament_desk.domain.rules import LEVEL_TABLES, Award, Band, LevelTable, MpStep, RuleSet
from tournament_desk.domain.scoring_modes.base import ScoringMode
from tournament_desk.gui.models.common import LEFT, RIGHT, RowsModel, format_number
from tournament_desk.gui.models.standings_model import tiebreak_name
from tournament_desk.i18n import render

Index = QModelIndex | QPersistentModelIndex
DISPLAY = Qt.ItemDataRole.DisplayRole
CONTEXT = "RulesText"

PRESET_NAMES = {
    "one-deck-40": QT_TRANSLATE_NOOP(CONTEXT, "One deck, 40 points"),
    "two-deck-80-by-20": QT_TRANSLATE_NOOP(CONTEXT, "Two decks, 80 points, a level per 20 points"),
    "two-deck-80-by-40": QT_TRANSLATE_NOOP(CONTEXT, "Two decks, 80 points, a level per 40 points"),
    "two-deck-80-35": QT_TRANSLATE_NOOP(CONTEXT, "Two decks, 80 points, Xiyangyang Cup table"),
}
RULING_MODES = {
    "own-average": QT_TRANSLATE_NOOP(CONTEXT, "its own average VP so far"),
    "twenty-minus-offender-average": QT_TRANSLATE_NOOP(CONTEXT, "20 minus the offender's average VP"),
    "fixed": QT_TRANSLATE_NOOP(CONTEXT, "a fixed number of VP"),
    "recorded": QT_TRANSLATE_NOOP(CONTEXT, "the score already recorded"),
}


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def preset_name(preset: str) -> str:
    return _tr(str(PRESET_NAMES[preset])) if preset in PRESET_NAMES else preset


def ruling_mode_name(mode: str) -> str:
    return _tr(str(RULING_MODES[mode])) if mode in RULING_MODES else mode


def table_name(table: LevelTable) -> str:
    """The preset's name, marked when the bands were edited away from the preset."""
    name = preset_name(table.preset)  # the name in the user's language; the id is for tdesk rules only
    preset = LEVEL_TABLES.get(table.preset)
    if preset is None or preset.bands != table.bands:
        return _tr("{name}, edited").format(name=name)
    return name


def band_points(band: Band) -> str:
    if band.high is None:
        return _tr("{low} and more").format(low=band.low)
    if band.high == band.low:
        return str(band.low)
    return f"{band.low}–{band.high}"


def band_change(band: Band) -> str:
    if band.change > 0:
        text = (
            _tr("declarer goes up 1 level")
            if band.change == 1
            else _tr("declarer goes up {n} levels").format(n=band.change)
        )
    elif band.change == 0:
        text = _tr("defenders take the stage")
    else:
        text = (
            _tr("defenders take the stage and go up 1 level")
            if band.change == -1
            else _tr("defenders take the stage and go up {n} levels").format(n=-band.change)
        )
    if band.step is not None:
        text += _tr(", one more for every further {step} points").format(step=band.step)
    return text


def band_sentence(band: Band) -> str:
    """E.g. "0 points → declarer goes up 3 levels", "80–115 points → defenders take the stage"."""
    return _tr("{points} points → {change}").format(points=band_points(band), change=band_change(band))


def vp_text(cap: int) -> str:
    return _tr(
        "Winner 10+N : loser 10−N, N = level difference up to {cap} ({high} : {low} from a difference of {cap})"
    ).format(cap=cap, high=10 + cap, low=10 - cap)


def mp_text(scale: Sequence[MpStep]) -> str:
    steps = sorted(scale, key=lambda s: s.min_difference, reverse=True)
    parts = []
    for i, step in enumerate(steps):
        upper = steps[i - 1].min_difference - 1 if i else None
        if upper is None:
            diff = f"≥ {step.min_difference}"
        elif upper <= step.min_difference:
            diff = str(step.min_difference)
        else:
            diff = f"{step.min_difference}–{upper}"
        parts.append(f"{diff} → {format_number(step.winner)} : {format_number(step.loser)}")
    return _tr("By level difference: {steps}").format(steps=", ".join(parts))


def award_text(award: Award) -> str:
    return _tr("{mp} MP and {vp} VP").format(mp=format_number(award.mp), vp=format_number(award.vp))


def ruling_text(rules: RuleSet) -> str:
    if rules.ruling_award == "fixed":
        award = _tr("a fixed {vp} VP").format(vp=format_number(rules.ruling_fixed_vp))
    else:
        award = ruling_mode_name(rules.ruling_award)
    return _tr("The offender gets 0; the opponent gets {award}").format(award=award)


def describe_rules(
    rules: RuleSet, mode: ScoringMode | None = None, *, withdrawal: str | None = None
) -> list[tuple[str, str]]:
    """(label, sentence) for every rule but the level table's bands, in the order the page shows them; with
    the event's ``mode``, what only that mode has (a team match of pairs: the pairs a team sends, SPEC §5.8);
    ``withdrawal``: what a withdrawal does in the event's format, as the format says it (SPEC §5.7; the rule
    set's award to later opponents matters only where the format gives one: a round robin)."""
    if mode is not None and mode.team_pairs(rules) is not None:
        return team_match_rules(rules, mode, withdrawal)
    return [
        (_tr("Level table"), table_name(rules.level_table)),
        (_tr("Victory points (VP)"), vp_text(rules.vp_cap)),
        (_tr("Match points (MP)"), mp_text(rules.mp_scale)),
        (
            _tr("Forfeit"),
            _tr("{award} to the opponent; the side that forfeits gets 0").format(
                award=award_text(rules.forfeit_win)
            ),
        ),
        (_tr("Bye"), award_text(rules.bye)),
        (_tr("Loss by ruling"), ruling_text(rules)),
        (_tr("Deductions"), _tr("{mp} MP per violation").format(mp=format_number(rules.deduction_step))),
        (
            _tr("Late arrival"),
            _tr("More than {minutes} minutes late is a forfeit").format(minutes=rules.late_arrival_minutes),
        ),
        (
            _tr("Late arrival award"),
            _tr("the opponent gets the forfeit award")
            if rules.late_award == "forfeit"
            else _tr("the opponent gets the loss-by-ruling award"),
        ),
        *([(_tr("Withdrawal"), withdrawal)] if withdrawal else []),
        (_tr("Tiebreaks"), " → ".join(tiebreak_name(t) for t in rules.tiebreaks)),
    ]


# The steps of a ranking chain a scoring mode brings (``ScoringMode.ranking``), as the Rules page names them.
RANKING_STEPS = {
    "points": QT_TRANSLATE_NOOP(CONTEXT, "total points"),
    "h2h_points": QT_TRANSLATE_NOOP(CONTEXT, "the result between the tied teams"),
    "game_ratio": QT_TRANSLATE_NOOP(CONTEXT, "game ratio (pair games won ÷ lost)"),
}


def team_match_rules(rules: RuleSet, mode: ScoringMode, withdrawal: str | None) -> list[tuple[str, str]]:
    """The rules a team match of pairs uses (SPEC §5.8), each as the mode scores it: no VP, no MP scale, no
    tiebreaks of the level-scored events; its ranking chain instead."""
    ruled = mode.ruling_outcome("home", 0.0, rules)  # the home team offends: the away team wins the match
    chain = mode.ranking()
    steps = [_tr(str(RANKING_STEPS.get(key, key))) for key in chain.keys] if chain is not None else []
    return [
        (_tr("Level table"), table_name(rules.level_table)),
        (_tr("Team match"), render(team_pairs_text(rules))),
        (
            _tr("Pair game"),
            _tr(
                "won by the pair that passes A first; else by the higher level; on equal levels by the declarer "
                "(庄家); a pair that does not show loses its game"
            ),
        ),
        (_tr("Bye"), _tr("{points} points").format(points=format_number(mode.bye_outcome(rules).home_mp))),
        (
            _tr("Loss by ruling"),
            _tr("the opponent wins the match {won} : {lost}").format(
                won=format_number(ruled.away_mp), lost=format_number(ruled.home_mp)
            ),
        ),
        (
            _tr("Deductions"),
            _tr("{points} points per violation").format(points=format_number(rules.deduction_step)),
        ),
        (
            _tr("Late arrival"),
            _tr("More than {minutes} minutes late is a forfeit").format(minutes=rules.late_arrival_minutes),
        ),
        *([(_tr("Withdrawal"), withdrawal)] if withdrawal else []),
        (_tr("Ranking"), " → ".join([*steps, _tr("shared rank")])),
    ]


class LevelTableModel(RowsModel[Band]):
    COLUMNS = 2
    """The bands of a level table: defenders' points → what happens to the levels."""

    COL_POINTS, COL_RESULT = range(2)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = DISPLAY) -> Any:
        if orientation != Qt.Orientation.Horizontal or role != DISPLAY or not 0 <= section < 2:
            return None
        return (_tr("Defenders' points"), _tr("Result"))[section]

    def data(self, index: Index, role: int = DISPLAY) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        band = self.rows[index.row()]
        if role == DISPLAY:
            return band_points(band) if index.column() == self.COL_POINTS else band_change(band)
        if role == Qt.ItemDataRole.ToolTipRole:
            return band_sentence(band)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(RIGHT if index.column() == self.COL_POINTS else LEFT)
        return None
