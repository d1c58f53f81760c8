"""A team match of pairs on its captains' phones (rules.md §5.8, issue 26): one block per board of the match with
the two pairs that meet there, and, by where the game stands, the form to enter it (two levels, 庄家 on equal
levels, or the pair that did not show), the other team's entry to agree with (同意) or answer, this team's own
entry waiting for the other's confirmation, or the game as recorded. One form per game, so a captain enters
each game as it finishes; no script needed (a small one hides 庄家 while the levels differ)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from html import escape
from typing import Protocol

from tournament_desk.domain.errors import Message
from tournament_desk.domain.levels import MIN_LEVEL, PASSED_ACE, format_level
from tournament_desk.domain.team_match import PairGame
from tournament_desk.i18n import render
from tournament_desk.reports.html.pages import tr

TEAM_GAMES_STYLE = """\
.game{border:1px solid #ccc;border-radius:8px;margin:10px 0;padding:8px}
.game h3{margin:0 0 4px;font-size:1.1em}.game .pairs{color:#333;margin-bottom:6px}
.game.confirmed,.game.desk{background:#f1f8f1}.game.disputed{border:2px solid #e37400;background:#fff4e5}
.game .result{font-size:1.2em;font-weight:700}.game .levels{display:grid;grid-template-columns:1fr 1fr;gap:6px}
.game label{display:block}.game select{width:100%;font-size:1.15em;min-height:48px;box-sizing:border-box}
.game fieldset{border:0;margin:4px 0;padding:0}.game fieldset label{display:inline-block;min-height:44px;
line-height:44px;margin-right:14px}.game .state{font-size:.9em;color:#555}
"""

# Shows 庄家 only while the two levels picked in a game's form are equal (without script it is always shown),
# and marks a game's form as one being filled in (``entry``) once anything in it is touched: the page reads
# itself again when the other team enters a game (``pages.SCRIPT``), unless a form is being filled in.
DECLARER_SCRIPT = """
(function(){document.querySelectorAll('form.game-entry').forEach(function(f){
var d=f.querySelector('fieldset.declarer');
function show(){if(!d)return;var h=f.elements.home_level.value,a=f.elements.away_level.value;d.hidden=!(h&&h===a);}
f.addEventListener('change',function(){f.classList.add('entry');show();});show();});})();
"""


class GameLike(Protocol):
    @property
    def game(self) -> int: ...
    @property
    def home_pair(self) -> Message | str: ...
    @property
    def away_pair(self) -> Message | str: ...
    @property
    def home(self) -> PairGame | None: ...
    @property
    def away(self) -> PairGame | None: ...
    @property
    def recorded(self) -> PairGame | None: ...
    @property
    def state(self) -> str: ...
    @property
    def seen(self) -> str: ...


class MatchLike(Protocol):
    @property
    def token(self) -> str: ...
    @property
    def home(self) -> str: ...
    @property
    def away(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def locked(self) -> bool: ...
    @property
    def result(self) -> tuple[int, int] | None: ...
    @property
    def games(self) -> Sequence[GameLike]: ...


def _name(lang: str, pair: Message | str) -> str:
    return escape(render(pair, lang) if isinstance(pair, Message) else pair)


def game_words(lang: str, table: MatchLike, game: PairGame) -> str:
    """``9 : 7``, ``J : J, 丁队坐庄``, ``甲队的对子缺席`` (escaped)."""
    team = {"home": table.home, "away": table.away}
    if game.absent == "both":
        return tr("both pairs absent", lang)
    if game.absent is not None:
        return tr("the pair of {team} absent", lang, team=team[game.absent])
    levels = f"{format_level(game.home_level or MIN_LEVEL)} : {format_level(game.away_level or MIN_LEVEL)}"
    if game.declarer is not None:
        return escape(levels) + " " + tr("({team} declaring)", lang, team=team[game.declarer])
    return escape(levels)


def _hidden(name: str, value: object) -> str:
    return f'<input type="hidden" name="{name}" value="{escape(str(value), True)}">'


def _fields(table: MatchLike, line: GameLike, nonce: str) -> str:
    return (
        _hidden("token", table.token)
        + _hidden("nonce", nonce)
        + _hidden("game", line.game)
        + _hidden("seen", line.seen)
    )


def _select(lang: str, name: str, label: str, chosen: str) -> str:
    options = '<option value="">—</option>' + "".join(
        f'<option value="{v}"{" selected" if chosen == str(v) else ""}>{escape(format_level(v))}</option>'
        for v in range(MIN_LEVEL, PASSED_ACE + 1)
    )
    return f'<label>{escape(label)}<select name="{name}">{options}</select></label>'


def _entry_form(lang: str, table: MatchLike, line: GameLike, nonce: str, posted: Mapping[str, str]) -> str:
    """The form of one game: the two levels, 庄家 on equal levels, or the pair absent."""
    mine = posted if posted.get("game") == str(line.game) else {}
    declarer = "".join(
        f'<label><input type="radio" name="declarer" value="{side}"'
        f"{' checked' if mine.get('declarer') == side else ''}> {escape(name)}</label>"
        for side, name in (("home", table.home), ("away", table.away))
    )
    absent = "".join(
        f'<option value="{v}"{" selected" if mine.get("absent") == v else ""}>{label}</option>'
        for v, label in (("", "—"), ("home", escape(table.home)), ("away", escape(table.away)),
                         ("both", tr("both pairs", lang)))
    )  # fmt: skip
    return (
        f'<form class="game-entry" method="post" action="/my">{_fields(table, line, nonce)}'
        f'<div class="levels">{_select(lang, "home_level", table.home, mine.get("home_level", ""))}'
        f"{_select(lang, 'away_level', table.away, mine.get('away_level', ''))}</div>"
        f'<fieldset class="declarer"><legend>{tr("Equal levels: which pair declared (庄家)?", lang)}</legend>'
        f"{declarer}</fieldset>"
        f'<label>{tr("A pair did not show", lang)}<select name="absent">{absent}</select></label>'
        f'<button class="send" type="submit">{tr("Send game {game}", lang, game=line.game)}</button></form>'
    )


def _agree_form(table: MatchLike, line: GameLike, game: PairGame, nonce: str, lang: str) -> str:
    values = _hidden("home_level", game.home_level or "") + _hidden("away_level", game.away_level or "")
    values += _hidden("declarer", game.declarer or "") + _hidden("absent", game.absent or "")
    return (
        f'<form class="game-agree" method="post" action="/my">{_fields(table, line, nonce)}{values}'
        f'<button class="yes" type="submit">{tr("Agree with game {game}", lang, game=line.game)}</button></form>'
    )


def _game_block(lang: str, table: MatchLike, line: GameLike, side: str, nonces: Iterator[str],
                posted: Mapping[str, str], *, open_: bool) -> str:  # fmt: skip
    mine, theirs = (line.home, line.away) if side == "home" else (line.away, line.home)
    other = table.away if side == "home" else table.home
    head = (
        f"<h3>{tr('Game {game}', lang, game=line.game)}</h3>"
        f'<div class="pairs">{_name(lang, line.home_pair)} – {_name(lang, line.away_pair)}</div>'
    )
    if line.recorded is not None:
        said = (
            tr("Confirmed by both teams", lang)
            if line.state == "confirmed"
            else tr("Recorded at the desk", lang)
        )
        body = f'<div class="result">{game_words(lang, table, line.recorded)}</div><div class="state">{said}</div>'
    elif not open_:
        body = f'<div class="state">{tr("Not entered yet.", lang)}</div>'
    elif theirs is not None and (mine is None or line.state == "disputed"):
        warn = ""
        if line.state == "disputed" and mine is not None:
            warn = (f'<div class="warn">{tr("The two teams entered different results: the director decides.", lang)}'
                    f"</div><p>{tr('You entered', lang)}: {game_words(lang, table, mine)}</p>")  # fmt: skip
        body = (
            f"{warn}<p>{tr('{side} entered', lang, side=other)}:</p>"
            f'<div class="result">{game_words(lang, table, theirs)}</div>'
            f"{_agree_form(table, line, theirs, next(nonces), lang)}"
            f'<details><summary class="no">{tr("Disagree: enter what we saw", lang)}</summary>'
            f"{_entry_form(lang, table, line, next(nonces), posted)}</details>"
        )
    elif mine is not None:
        body = (
            f'<p>{tr("You entered", lang)}: <span class="result">{game_words(lang, table, mine)}</span></p>'
            f'<div class="state">{tr("Waiting for the other team to confirm on its own phone.", lang)}</div>'
            f'<details><summary class="no">{tr("Correct my entry", lang)}</summary>'
            f"{_entry_form(lang, table, line, next(nonces), posted)}</details>"
        )
    else:
        body = _entry_form(lang, table, line, next(nonces), posted)
    return f'<section class="game {line.state}" id="game-{line.game}">{head}{body}</section>'


def team_match_html(
    lang: str,
    table: MatchLike,
    side: str | None,
    nonces: Iterator[str],
    posted: Mapping[str, str] | None = None,
) -> str:
    """The team match on a captain's phone (``side``: the team its card speaks for; None: anyone's view, no
    forms); ``nonces``: a fresh one for each form drawn; ``posted``: the game this phone sent last, kept after
    a refusal."""
    open_ = side is not None and table.source not in ("confirmed", "desk") and not table.locked
    said = ""
    if table.result is not None:
        said = tr("{home} {home_won} : {away_won} {away} in pair games.", lang, home=table.home,
                  away=table.away, home_won=table.result[0], away_won=table.result[1])  # fmt: skip
        said = f'<div class="words">{said}</div>'
    if side is not None and table.locked and table.source not in ("confirmed", "desk"):
        said += f'<div class="note">{tr("The director has closed phone entry for this table; hand the scoresheet to the desk.", lang)}</div>'
    elif open_:
        said += f"<p>{tr('Enter each game as it finishes; the other team confirms it on its own phone.', lang)}</p>"
    blocks = "".join(
        _game_block(lang, table, line, side or "home", nonces, posted or {}, open_=open_)
        for line in table.games
    )
    script = f"<script>{DECLARER_SCRIPT}</script>" if open_ else ""
    return f"{said}{blocks}{script}"
