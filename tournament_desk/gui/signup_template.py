"""File ▸ Save sign-up template…: a copy of the sign-up sheet the program reads, for the director to send out.

The template (``resources/registration-template.xlsx``, written by ``tools/make_registration_template.py``) has
one row per team or pair: name, unit, players. Filled in, it goes back in through the Entrants page's Import.
The menu action is there with or without an event open; a new event's wizard points at it in the status bar.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QWidget

from tournament_desk import userdata
from tournament_desk.gui import boxes
from tournament_desk.resources import resource_path

CONTEXT = "SignupTemplate"
TEMPLATE = ("registration-template.xlsx",)
SUFFIX = ".xlsx"


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def template_path() -> Path:
    return resource_path(*TEMPLATE)


def default_target() -> Path:
    """Where the save dialog starts: the tournaments folder, under a name the director recognises."""
    return userdata.tournaments_dir() / (_tr("sign-up sheet") + SUFFIX)


def choose_target(parent: QWidget | None) -> Path | None:
    """Ask where to save the copy; None when the director cancels. An ``.xlsx`` suffix is added if missing."""
    name, _ = QFileDialog.getSaveFileName(
        parent, _tr("Save the sign-up template"), str(default_target()), _tr("Excel workbook (*.xlsx)")
    )
    if not name:
        return None
    path = Path(name)
    return path if path.suffix.lower() == SUFFIX else path.with_name(path.name + SUFFIX)


def save_signup_template(parent: QWidget | None) -> Path | None:
    """Copy the template where the director chooses, then say what to do with it; the copy, or None when
    cancelled or when it could not be written (the director is told why, nothing else changes)."""
    target = choose_target(parent)
    if target is None:
        return None
    try:
        shutil.copyfile(template_path(), target)
    except OSError as exc:
        boxes.tell(
            parent,
            _tr("The template was not saved"),
            _tr("It could not be written as {path}: {reason}. Choose another folder and try again.").format(
                path=str(target), reason=exc.strerror or str(exc)
            ),
        )
        return None
    boxes.tell(
        parent,
        _tr("Sign-up template saved"),
        _tr(
            "Saved as {path}.\n\nSend it to the teams, or fill it in yourself: one row per team or pair with its "
            "name, unit and players. Then bring it in with Import… on the Entrants page."
        ).format(path=str(target)),
    )
    return target


def new_event_hint() -> str:
    """The status bar's line after the wizard created an event."""
    return _tr("To collect the entrants: File ▸ Save sign-up template… gives the sheet that Import reads.")
