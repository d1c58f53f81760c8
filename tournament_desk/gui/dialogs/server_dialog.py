"""File ▸ Connect to a server and File ▸ Move this event to a server (issue 18): where the PostgreSQL server is,
who logs in, and the password kept in the system keyring (never in the settings).

The dialog builds the SQLAlchemy URL from host, port, database and user (or takes a URL as typed), runs the
action it was given with that URL, and stays open with a sentence when the action is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tournament_desk.domain.errors import TournamentError
from tournament_desk.gui import session as gui_session
from tournament_desk.gui import settings
from tournament_desk.i18n import render

KEYRING_SERVICE = "Tournament Desk"
SETTINGS_KEY = "server/last"


@dataclass(frozen=True)
class ServerLogin:
    host: str
    port: int
    database: str
    user: str

    @property
    def key(self) -> str:
        """What the keyring stores the password under."""
        return f"{self.user}@{self.host}:{self.port}/{self.database}"

    def url(self, password: str) -> str:
        secret = f":{quote(password, safe='')}" if password else ""
        return f"postgresql+psycopg://{quote(self.user, safe='')}{secret}@{self.host}:{self.port}/{self.database}"


def stored_password(login: ServerLogin) -> str | None:
    try:
        import keyring

        found = keyring.get_password(KEYRING_SERVICE, login.key)
        return str(found) if found is not None else None
    except Exception:  # no keyring on this system (a bare Linux desk): nothing remembered
        return None


def store_password(login: ServerLogin, password: str) -> bool:
    """Keep the password in the system keyring; False when this system has none."""
    try:
        import keyring

        keyring.set_password(KEYRING_SERVICE, login.key, password)
    except Exception:
        return False
    return True


class ServerDialog(QDialog):
    """Host, port, database, user and password (or a whole URL); ``action(url)`` runs on OK."""

    def __init__(self, parent: QWidget | None, title: str, action: Callable[[str], object]) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setMinimumWidth(480)
        self.action = action
        self.result_value: object = None
        layout = QVBoxLayout(self)
        explain = QLabel(
            self.tr(
                "The event lives on a PostgreSQL server that every scoring desk reaches. Ask whoever set it up "
                "for these; the password is kept in this computer's keyring, not in the settings."
            ),
            wordWrap=True,
        )
        layout.addWidget(explain)
        form = QFormLayout()
        last = settings.store().value(SETTINGS_KEY, "") or ""
        host, port, database, user = [*str(last).split("|"), "", "", "", ""][:4]
        self.host = QLineEdit(host or "127.0.0.1")
        self.port = QSpinBox(minimum=1, maximum=65535, value=int(port) if port.isdigit() else 5432)
        self.database = QLineEdit(database)
        self.user = QLineEdit(user or "desk")
        self.password = QLineEdit(echoMode=QLineEdit.EchoMode.Password)
        self.remember = QCheckBox(self.tr("Remember the password in the system keyring"))
        self.remember.setChecked(True)
        self.url = QLineEdit()
        self.url.setPlaceholderText("postgresql+psycopg://user@host:5432/database")
        for label, widget in (
            (self.tr("Server"), self.host),
            (self.tr("Port"), self.port),
            (self.tr("Database"), self.database),
            (self.tr("User"), self.user),
            (self.tr("Password"), self.password),
            ("", self.remember),
            (self.tr("Or a whole URL"), self.url),
        ):
            form.addRow(label, widget)
        layout.addLayout(form)
        saved = stored_password(self.login())
        if saved is not None:
            self.password.setText(saved)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def login(self) -> ServerLogin:
        return ServerLogin(
            self.host.text().strip(),
            self.port.value(),
            self.database.text().strip(),
            self.user.text().strip(),
        )

    def chosen_url(self) -> str:
        return self.url.text().strip() or self.login().url(self.password.text())

    def accept(self) -> None:
        login = self.login()
        if not self.url.text().strip() and not (login.host and login.database and login.user):
            gui_session.show_error(
                self, self.tr("Give the server, the database and the user (or a whole URL).")
            )
            return
        try:
            self.result_value = self.action(self.chosen_url())
        except TournamentError as exc:
            gui_session.show_error(self, render(exc))
            return
        if not self.url.text().strip():
            settings.store().setValue(
                SETTINGS_KEY, f"{login.host}|{login.port}|{login.database}|{login.user}"
            )
            if self.remember.isChecked() and self.password.text():
                store_password(login, self.password.text())
        super().accept()
