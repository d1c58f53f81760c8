"""Typed errors of the domain core, carrying messages the edges translate.

An error carries an English message template and its parameters, not a finished sentence: the edge that
shows it (CLI, GUI) renders it in the user's language through ``tournament_desk.i18n``. A parameter may
itself be a ``Message`` or a list of them (for example the bad rows of an import), so every fragment is
translatable. ``str(error)`` gives the English sentence, so logs and tracebacks stay readable.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field


def _identity(text: str) -> str:
    return text


@dataclass(frozen=True)
class Message:
    template: str
    params: Mapping[str, object] = field(default_factory=dict)

    def render(self, translate: Callable[[str], str] = _identity) -> str:
        return translate(self.template).format(
            **{k: _render_value(v, translate) for k, v in self.params.items()}
        )

    def __str__(self) -> str:
        return self.render()


def _render_value(value: object, translate: Callable[[str], str]) -> object:
    if isinstance(value, Message):
        return value.render(translate)
    if isinstance(value, list | tuple) and value and all(isinstance(v, Message) for v in value):
        return translate("; ").join(v.render(translate) for v in value)
    return value


def msg(template: str, **params: object) -> Message:
    return Message(template, params)


class TournamentError(Exception):
    """Base of every error a user should see as one plain sentence (exit status 1)."""

    exit_code = 1
    transient = False  # the same action may well succeed if tried again in a moment (the window offers Retry)

    def __init__(self, template: str, **params: object) -> None:
        self.message = Message(template, params)
        super().__init__(str(self.message))

    def __str__(self) -> str:
        return str(self.message)


class BadInput(TournamentError):
    """The user's input breaks a rule; nothing was changed (exit status 2)."""

    exit_code = 2


class PairingError(BadInput):
    """No pairing exists even after every permitted relaxation."""
