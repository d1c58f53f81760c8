"""The seams of issue 10 stay where they are: formats and scoring modes are reached through their modules, and
the faces reach the database only through the services (import-linter really refuses a face that does not)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import tournament_desk
from tournament_desk.domain.formats import FORMATS, PLANNED, creatable
from tournament_desk.domain.scoring_modes import SCORING_MODES

PACKAGE = Path(tournament_desk.__file__).parent
ROOT = PACKAGE.parent
# The modules that own a format's or scoring mode's name: the registries and the modules named after them.
OWNERS = {
    "domain/formats",
    "domain/scoring_modes",
    "services/modes.py",
    # Each layer's registry of formats (issue 24): one module per format, found by the stage's format name.
    "services/formats",
    "services/documents",
    "gui/formats",
}
# Spelled out for ``tdesk --help`` (checked against the registries below) and in the migration that wrote the
# chain of existing files.
LISTS = {"services/choices.py", "storage/migrations"}


def test_no_code_compares_a_format_or_scoring_mode_name() -> None:
    names = "|".join(re.escape(n) for n in (*FORMATS, *PLANNED, *SCORING_MODES))
    compared = re.compile(rf"""(==|!=)\s*["']({names})["']|["']({names})["']\s*(==|!=)""")
    found = []
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE).as_posix()
        if any(relative.startswith(owner) for owner in OWNERS):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if compared.search(line):
                found.append(f"{relative}:{number}: {line.strip()}")
    assert not found, "compare through domain.formats / domain.scoring_modes instead:\n" + "\n".join(found)


def test_no_lookup_table_is_keyed_by_a_format_name_outside_the_registries() -> None:
    """A table keyed by format name (``{"groups-knockout": …}``, ``X["mitchell"]``, ``.get("knockout")``) outside
    a layer's registry is how a new format ended in a KeyError (issue 24)."""
    names = "|".join(re.escape(n) for n in FORMATS)
    keyed = re.compile(
        rf"""["']({names})["']\s*:(?!\S)|\[\s*["']({names})["']\s*\]|\.get\(\s*["']({names})["']"""
    )
    found = []
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE).as_posix()
        if any(relative.startswith(owner) for owner in OWNERS | LISTS):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if keyed.search(line):
                found.append(f"{relative}:{number}: {line.strip()}")
    assert not found, "key by format name only in a layer's registry:\n" + "\n".join(found)


def test_formats_carry_no_capability_flags_read_across_the_tree() -> None:
    """``board_scored`` ("is Mitchell") and ``knockout`` were read in 15 places (issue 24): a format answers
    through its methods and each layer's module for it, never through a flag the other layers test."""
    from tournament_desk.domain.formats.base import Format

    for flag in ("board_scored", "knockout"):
        assert not hasattr(Format, flag), flag
        assert not any(hasattr(f, flag) for f in FORMATS.values()), flag
    read = re.compile(r"\.(board_scored)\b")
    found = [
        f"{path.relative_to(PACKAGE).as_posix()}:{number}"
        for path in PACKAGE.rglob("*.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if read.search(line)
    ]
    assert not found, found


PROBES = {
    "gui/_probe_storage.py": "from tournament_desk.storage import models\n",
    "gui/_probe_sqlalchemy.py": "import sqlalchemy\n",
    "cli/_probe_storage.py": "from tournament_desk.storage.database import open_database\n",
    "cli/_probe_sqlalchemy.py": "from sqlalchemy import select\n",
    "reports/_probe_storage.py": "import tournament_desk.storage.models\n",
    "reports/_probe_sqlalchemy.py": "import sqlalchemy.orm\n",
    "reports/_probe_services.py": "from tournament_desk.services import desk\n",
    "domain/_probe_storage.py": "from tournament_desk.storage import models\n",
    "domain/_probe_qt.py": "import PySide6\n",
    "services/_probe_gui.py": "from tournament_desk.gui import app\n",
}


@pytest.mark.slow
def test_import_linter_refuses_every_forbidden_import(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    shutil.copytree(PACKAGE, tree / "tournament_desk", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tree / "pyproject.toml")
    for name, text in PROBES.items():
        (tree / "tournament_desk" / name).write_text(text, encoding="utf-8")
    linter = Path(sys.executable).with_name("lint-imports")
    run = subprocess.run(
        [str(linter), "--no-cache"], cwd=tree, capture_output=True, text=True, env={"PYTHONPATH": str(tree)},
        timeout=300,
    )  # fmt: skip
    assert run.returncode != 0
    caught = {name for name in PROBES if f"tournament_desk.{name[:-3].replace('/', '.')}" in run.stdout}
    assert caught == set(PROBES), f"not caught: {sorted(set(PROBES) - caught)}\n{run.stdout[-3000:]}"


def test_the_command_lines_choices_are_the_registries() -> None:
    """``services.choices`` spells the names out so that ``tdesk --help`` imports nothing heavy; they must
    stay the registries' names."""
    from tournament_desk.services.choices import FORMATS as CHOSEN_FORMATS
    from tournament_desk.services.choices import SCORINGS

    assert set(CHOSEN_FORMATS) == {*creatable(), *PLANNED}
    assert set(SCORINGS) == set(SCORING_MODES)
