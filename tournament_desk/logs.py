"""The log a director can send when something goes wrong in a hall (issue 28).

One rotating file in the user-data folder's log folder (``userdata.log_dir()``, which Help ▸ names):
``tournament-desk.log``, 1 MB, with five older ones beside it. The window, ``tdesk`` and the LAN server (a
``tdesk serve`` process) write to it: when each starts and stops, every error with its traceback, each
refusal as one line, the server's warnings. Never a secret: a password in a database address or option, a
table's or an entry card's code in a page address, a query string, a cookie — ``Secrets`` masks them in every
line, tracebacks included, before it is written.

Only Tournament Desk's own loggers (``tournament_desk.*``) write at INFO; everyone else's only warnings and
errors (SQLAlchemy at INFO would write every statement and its parameters). A log that cannot be written
never stops the director: the program runs on without it. This module imports nothing of ours but userdata.
"""

from __future__ import annotations

import logging
import os
import re
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path

from tournament_desk import userdata

LOG_NAME = "tournament-desk.log"
MAX_BYTES = 1024 * 1024
BACKUPS = 5
OURS = "tournament_desk"
FORMAT = "%(asctime)s %(levelname)s [%(process)d %(component)s] %(name)s: %(message)s"
MASK = "***"

log = logging.getLogger(OURS)

_SECRETS = [
    # a password in a database address: postgresql+psycopg://desk:SECRET@host/db
    (re.compile(r"(?P<keep>\b[a-z][a-z0-9+.-]*://[^\s:/@]*:)[^\s/]+(?=@)", re.IGNORECASE), MASK),
    # password=…, PGPASSWORD=…, "password": "…", --password …
    (
        re.compile(
            r"(?P<keep>\b(?:pg)?pass(?:word)?\b['\"]?\s*[=:]\s*['\"]?|--password[= ])[^\s'\",&]+",
            re.IGNORECASE,
        ),
        MASK,
    ),
    # a table's or an entry card's code in a page's address: /t/CODE, /c/CODE
    (re.compile(r"(?P<keep>/[tc]/)[A-Za-z0-9_\-]+"), MASK),
    # a query string (the codes and names the phones send): ?key=value…
    (re.compile(r"(?P<keep>\?)(?=[\w%.\-]+=)[^\s\"']+"), MASK),
    # cookies, as a header or as name=value
    (re.compile(r"(?P<keep>\b(?:set-)?cookie\b['\"]?\s*[:=]\s*).*", re.IGNORECASE), MASK),
    (re.compile(r"(?P<keep>\btdesk_[a-z]+=)[^\s;,'\"]+", re.IGNORECASE), MASK),
]


# What each of ``_SECRETS`` cannot match without (in the text made lower case): a pattern runs only on a text
# holding one of its words, which makes the LAN server's request lines (web/access.py) cheap to mask.
_NEEDS = (("://",), ("pass",), ("/t/", "/c/"), ("?",), ("cookie",), ("tdesk_",))


def mask(text: str) -> str:
    """``text`` with every secret ``_SECRETS`` knows replaced by ``***``."""
    lowered = text.lower()
    for (pattern, replacement), needs in zip(_SECRETS, _NEEDS, strict=True):
        if any(word in lowered for word in needs):
            text = pattern.sub(rf"\g<keep>{replacement}", text)
    return text


class Secrets(logging.Filter):
    """Masks the secrets of a record (its message, arguments and traceback) before any handler writes it."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = mask(record.getMessage()), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = mask(record.exc_text)
        if record.stack_info:
            record.stack_info = mask(record.stack_info)
        if not hasattr(record, "component"):
            record.component = _component
        return True


_component = "tdesk"
_handler: RotatingFileHandler | None = None


def log_file() -> Path:
    return userdata.log_dir() / LOG_NAME


def start(component: str) -> Path | None:
    """Write this process's log from now on (``component``: "window", "tdesk", "server"); returns the file,
    or None when it cannot be written (the program runs on). Once per process and log file."""
    global _component, _handler
    _component = component
    target = log_file()
    if _handler is not None and Path(_handler.baseFilename) == target.resolve():
        log.info("start %s (pid %s)", component, os.getpid())
        return target
    stop_writing()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handler = RotatingFileHandler(target, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8")
    except OSError:
        return None
    handler.setLevel(logging.INFO)
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(Secrets())
    logging.getLogger().addHandler(handler)
    if log.level == logging.NOTSET or log.level > logging.INFO:
        log.setLevel(logging.INFO)
    _handler = handler
    from tournament_desk import __version__

    log.info("start %s %s (pid %s, Python %s, %s)", component, __version__, os.getpid(),
             sys.version.split()[0], sys.platform)  # fmt: skip
    return target


def file_handler() -> RotatingFileHandler | None:
    """The handler writing the log in this process (None: not started, or it could not be written)."""
    return _handler


def stop(outcome: str = "") -> None:
    """Log this process's end (``outcome``: e.g. its exit status)."""
    log.info("stop %s%s", _component, f" ({outcome})" if outcome else "")
    if _handler is not None:
        _handler.flush()


def stop_writing() -> None:
    """Detach and close the file (a test, or the data folder changed)."""
    global _handler
    if _handler is not None:
        logging.getLogger().removeHandler(_handler)
        _handler.close()
        _handler = None


def refused(where: str, sentence: str) -> None:
    """A refusal, as one line (the sentence shown, in English)."""
    log.info("refused in %s: %s", where, " ".join(sentence.split()))


def error(where: str, exc: BaseException) -> None:
    """An unexpected error, with its traceback."""
    log.error(
        "error in %s: %s: %s", where, type(exc).__name__, exc, exc_info=(type(exc), exc, exc.__traceback__)
    )
