"""Answering the stale question (``gui.boxes``: "keep theirs" or "put mine") from a test: the question is a real box
shown with a blocking ``exec()``, so it is answered from a timer (``Questions``), for the tests marked
``real_boxes`` (tests/conftest.py), which stops every ``Questions`` when its test ends."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton

KEEP, PUT = "stale-keep-theirs", "stale-put-mine"


@dataclass
class Answer:
    button: str  # KEEP or PUT
    before: Callable[[], None] | None = None  # run while the question is shown (a third station's change)


class Questions:
    """Answers the stale question each time it appears, in order, for as long as its test runs (``stop_all``) and
    at most ``seconds``. It used to stop after 15 s: on a loaded machine the second question of a three-station race
    came later, nobody answered it, and its exec() held the test until pytest-timeout ended the worker."""

    live: ClassVar[list[Questions]] = []

    def __init__(self, *answers: Answer, seconds: float = 120) -> None:
        self.answers = list(answers)
        self.texts: list[str] = []
        self.seen: set[int] = set()
        self.until = time.monotonic() + seconds
        Questions.live.append(self)
        QTimer.singleShot(0, self.poll)

    def poll(self) -> None:
        box = QApplication.activeModalWidget()
        asked = isinstance(box, QMessageBox) and box.objectName() == "stale-question" and box.isVisible()
        if asked and isinstance(box, QMessageBox) and id(box) not in self.seen and self.answers:
            self.seen.add(id(box))
            answer = self.answers.pop(0)
            self.texts.append(box.text())
            if answer.before is not None:
                answer.before()
            button = box.findChild(QPushButton, answer.button)
            assert button is not None
            button.click()
        if self.answers and time.monotonic() < self.until:
            QTimer.singleShot(20, self.poll)

    def stop(self) -> None:
        """No more answers (its test is over: they must never reach the next test's boxes)."""
        self.answers.clear()

    @property
    def done(self) -> bool:
        return not self.answers

    @classmethod
    def stop_all(cls) -> None:
        while cls.live:
            cls.live.pop().stop()
