"""The user's language for messages outside Qt (the CLI, and error sentences the GUI shows).

Messages are written in English in the code and looked up in a catalogue per language; the language
follows ``TDESK_LANG``, then the usual locale variables (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, ``LANGUAGE``).
A test checks that every message template in the code has a Chinese entry.
"""

from __future__ import annotations

import os

from tournament_desk.domain.errors import Message, TournamentError
from tournament_desk.domain.registry import Registry

# A language's catalogue is imported the first time that language is asked for (``domain.registry``: an English
# command loads none).
CATALOGUES: Registry[dict[str, str]] = Registry({"zh": "tournament_desk.i18n.zh_cn:catalogue"})


_override: str | None = None


def set_language(lang: str | None) -> None:
    """Fix the language for this process (the GUI's menu); None goes back to the environment."""
    global _override
    _override = lang


def language() -> str:
    if _override:
        return _override
    for var in ("TDESK_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


def translator(lang: str | None = None) -> dict[str, str]:
    lang = lang or language()
    return CATALOGUES.get(lang, {})


def tr(template: str, lang: str | None = None, **params: object) -> str:
    """Translate and fill one message template."""
    return render(Message(template, params), lang)


def render(message: Message | TournamentError, lang: str | None = None) -> str:
    catalogue = translator(lang)
    if isinstance(message, TournamentError):
        message = message.message
    return message.render(lambda text: catalogue.get(text, text))
