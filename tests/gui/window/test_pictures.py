"""Print / Export ▸ pictures to share (gui/window/pictures.py): the standings of a 40-team Swiss event copied to
the clipboard as a 1080-pixel-wide image, another list chosen and copied, a picture saved as PNG."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QInputDialog

from tournament_desk.gui import boxes
from tournament_desk.gui.main_window import MainWindow
from tournament_desk.services.demo import create_demo

pytestmark = pytest.mark.slow  # a 40-team event drawn as a picture


@pytest.fixture
def forty(window: MainWindow, tmp_path: Path) -> MainWindow:
    path = tmp_path / "forty.tdesk"
    create_demo(path, entrants=40, played=3, seed=6).close()
    assert window.open_file(path)
    return window


def actions(window: MainWindow) -> dict[str, object]:
    return {a.objectName(): a for a in window.export_menu.actions() if a.objectName().startswith("picture-")}


def test_copy_standings_puts_a_1080_pixel_image_on_the_clipboard(
    forty: MainWindow, shown_errors: list[str]
) -> None:
    found = actions(forty)
    assert set(found) == {"picture-copy-standings", "picture-copy", "picture-save"}
    QGuiApplication.clipboard().clear()
    found["picture-copy-standings"].trigger()  # type: ignore[attr-defined]
    assert shown_errors == []
    image = QGuiApplication.clipboard().image()
    assert not image.isNull()
    assert image.width() == 1080 and image.height() > 40 * 90  # a row is 96 pixels
    assert "1080" in forty.statusBar().currentMessage()


def test_copy_as_picture_asks_which_list_and_round(
    forty: MainWindow, monkeypatch: pytest.MonkeyPatch, shown_errors: list[str]
) -> None:
    offered: list[list[str]] = []

    def choose(
        parent: object, title: str, label: str, items: list[str], current: int, editable: bool
    ) -> tuple[str, bool]:
        offered.append(items)
        return "Results of a round", True

    monkeypatch.setattr(QInputDialog, "getItem", choose)
    monkeypatch.setattr(QInputDialog, "getInt", lambda *args: (2, True))
    QGuiApplication.clipboard().clear()
    image = forty.copy_picture()
    assert shown_errors == [] and image is not None
    assert "Knockout bracket" not in offered[0]  # a Swiss event has none
    assert offered[0][:2] == ["Standings", "Final ranking"]
    clip = QGuiApplication.clipboard().image()
    assert (clip.width(), clip.height()) == (1080, image.height())
    assert clip.height() < 40 * 90  # 20 tables, not 40 rows


def test_a_list_split_in_several_pictures_copies_the_first_and_says_so(
    forty: MainWindow, monkeypatch: pytest.MonkeyPatch, shown_errors: list[str]
) -> None:
    from tournament_desk.services.output import pictures as service

    told: list[str] = []
    monkeypatch.setattr(boxes, "tell", lambda parent, title, text: told.append(text))
    real = service.render
    monkeypatch.setattr(service, "render", lambda data, most=25, **kw: real(data, 25, **kw))
    image = forty.copy_picture(("standings", None, None))
    assert image is not None and image.width() == 1080
    assert len(told) == 1 and "2 pictures" in told[0]


def test_save_picture_writes_the_png(forty: MainWindow, tmp_path: Path, shown_errors: list[str]) -> None:
    out = tmp_path / "名次.png"
    forty.choose_picture_file = lambda kind: out  # type: ignore[method-assign]
    assert forty.save_picture(("ranking", None, None)) == [out]
    assert shown_errors == []
    with Image.open(out) as image:
        assert image.width == 1080
    assert "名次.png" in forty.statusBar().currentMessage()
