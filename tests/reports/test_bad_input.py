"""Refused exports raise BadInput and leave nothing behind, not even a temporary file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournament_desk.domain.errors import BadInput
from tournament_desk.services.desk import Desk
from tournament_desk.services.documents import base as documents_base
from tournament_desk.services.entrants import add_entrant
from tournament_desk.services.event import create_tournament
from tournament_desk.services.output.export import export


def nothing_written(folder: Path) -> bool:
    return not any(folder.iterdir())


@pytest.mark.parametrize(
    ("what", "name", "round_no", "template"),
    [
        ("pairings", "p.pdf", 9, "Round {round} has not been paired yet."),
        ("scoresheets", "s.pdf", 4, "Round {round} has not been paired yet."),
        ("pairings", "p.pdf", 0, "Round {round} has not been paired yet."),
        ("all", "a.pdf", 7, "Round {round} has not been paired yet."),
        (
            "standings",
            "s.pdf",
            5,
            "There are standings after rounds 0–{last} only; round {round} has not been paired.",
        ),
        ("standings", "s.docx", None, "'{path}' must end in .pdf or .xlsx."),
        ("all", "noext", None, "'{path}' must end in .pdf or .xlsx."),
        ("medals", "m.pdf", None, "Unknown report '{what}': choose one of {choices}."),
    ],
)
def test_refused(
    event: Desk, tmp_path: Path, what: str, name: str, round_no: int | None, template: str
) -> None:
    with pytest.raises(BadInput) as caught:
        export(event, what, tmp_path / name, round_no=round_no)
    assert caught.value.message.template == template
    assert nothing_written(tmp_path)


def test_missing_folder(event: Desk, tmp_path: Path) -> None:
    with pytest.raises(BadInput) as caught:
        export(event, "standings", tmp_path / "nowhere" / "s.pdf")
    assert caught.value.message.template == "The folder '{folder}' does not exist."
    assert nothing_written(tmp_path)


@pytest.mark.slow
def test_no_round_paired_yet(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    with create_tournament(tmp_path / "t.tdesk", name="新赛事") as desk:
        add_entrant(desk, "甲队")
        add_entrant(desk, "乙队")
        for what in ("pairings", "scoresheets", "all"):
            with pytest.raises(BadInput) as caught:
                export(desk, what, folder / "x.pdf")
            assert caught.value.message.template == "No round has been paired yet."
        with pytest.raises(BadInput) as caught:
            export(desk, "certificates", folder / "c.pdf")
        assert (
            caught.value.message.template == "Certificates need at least one round with all its results in."
        )
        assert nothing_written(folder)
        export(desk, "standings", folder / "s.pdf")  # standings after round 0 are fine
        assert [p.name for p in folder.iterdir()] == ["s.pdf"]


@pytest.mark.slow
def test_a_failing_builder_leaves_the_old_file_and_no_partial_set(
    event: Desk, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(path: Path, data: object, **options: object) -> None:
        path.write_bytes(b"half a certificate")
        raise RuntimeError("disk full")

    monkeypatch.setattr(documents_base, "build_certificates", broken)
    old = tmp_path / "e-standings.pdf"
    old.write_bytes(b"yesterday")
    with pytest.raises(RuntimeError):
        export(event, "all", tmp_path / "e.pdf")
    assert [p.name for p in tmp_path.iterdir()] == ["e-standings.pdf"]
    assert old.read_bytes() == b"yesterday"


def test_a_new_file_gets_ordinary_permissions(event: Desk, tmp_path: Path) -> None:
    (out,) = export(event, "standings", tmp_path / "s.pdf")
    assert out.stat().st_mode & 0o044  # readable by others, as with any file the user saves
