"""A release's text and number (tools/changelog_section.py, .github/workflows/release.yml): the release page is
the CHANGELOG's section of the tagged version, and the tag, the program and pyproject.toml carry one number."""

from __future__ import annotations

import hashlib
import importlib.util
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament_desk import __version__
from tournament_desk.cli.parser import build_parser

ROOT = Path(__file__).resolve().parent.parent


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "changelog_section", ROOT / "tools" / "changelog_section.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("changelog_section", module)  # dataclasses and pickling look a module up by name
    spec.loader.exec_module(module)
    return module


tool = load_tool()

CHANGELOG = """# Changelog

## Unreleased

- Something not released yet.

## 1.2.0 — 2026-12-01

### Pairing
- A bye goes to the lowest entrant.

## 1.1.10 - 2026-10-02
- Hyphen as typed by hand.

## 1.1.1 — 2026-09-30
- The one before.
"""


def test_a_section_is_its_text_down_to_the_next_version() -> None:
    assert tool.section(CHANGELOG, "1.2.0") == "### Pairing\n- A bye goes to the lowest entrant.\n"
    assert tool.section(CHANGELOG, "v1.1.1") == "- The one before.\n"  # a tag, and the last section


def test_a_version_is_matched_whole_not_by_its_beginning() -> None:
    assert tool.section(CHANGELOG, "1.1.10") == "- Hyphen as typed by hand.\n"
    assert tool.section(CHANGELOG, "1.1.1") == "- The one before.\n"
    with pytest.raises(tool.ChangelogError, match=r"^CHANGELOG.md has no section for 1.1 "):
        tool.section(CHANGELOG, "1.1")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (CHANGELOG, "has no section for 2.0.0"),
        ("## 2.0.0\n- no date\n", "section 2.0.0 has no date"),
        ("## 2.0.0 — 27.11.2026\n- a date of another kind\n", "section 2.0.0 is dated '27.11.2026'"),
        ("## 2.0.0 — 2026-11-27\n\n\n## 1.0.0 — 2026-01-01\n- old\n", "section 2.0.0 says nothing"),
    ],
)
def test_no_release_text_is_one_sentence(text: str, says: str) -> None:
    with pytest.raises(tool.ChangelogError, match=says):
        tool.section(text, "2.0.0")


LINE = st.text(st.characters(codec="utf-8", exclude_characters="\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"))


@pytest.mark.slow  # a hundred changelogs
@given(
    bodies=st.lists(
        st.lists(LINE.filter(lambda line: not line.startswith("## ")), min_size=1, max_size=4).filter(
            lambda lines: "\n".join(lines).strip()
        ),
        min_size=1,
        max_size=4,
    )
)
def test_each_version_gets_back_exactly_its_own_text(bodies: list[list[str]]) -> None:
    versions = [f"1.{minor}.0" for minor in range(len(bodies), 0, -1)]
    text = "# Changelog\n\n## Unreleased\n\n" + "".join(
        f"## {version} — 2026-11-{27 - n:02d}\n" + "\n".join(body) + "\n\n"
        for n, (version, body) in enumerate(zip(versions, bodies, strict=True))
    )
    for version, body in zip(versions, bodies, strict=True):
        assert tool.section(text, version) == "\n".join(body).strip() + "\n"


def test_the_check_refuses_a_tag_that_is_not_the_programs_version() -> None:
    tool.check_tag(f"v{__version__}", __version__)
    with pytest.raises(tool.ChangelogError, match=r"^The tag v0.0.1 is not the program's version"):
        tool.check_tag("v0.0.1", __version__)


def test_the_command_writes_the_section_or_says_why_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    changelog, notes = tmp_path / "CHANGELOG.md", tmp_path / "notes.md"
    changelog.write_text(CHANGELOG, encoding="utf-8")
    assert tool.main(["v1.2.0", "--changelog", str(changelog), "-o", str(notes)]) == 0
    assert notes.read_text(encoding="utf-8") == "### Pairing\n- A bye goes to the lowest entrant.\n"
    assert tool.main(["v9.9.9", "--changelog", str(changelog)]) == 1
    assert capsys.readouterr().err == "CHANGELOG.md has no section for 9.9.9 (## 9.9.9 — YYYY-MM-DD).\n"


# --- this repository, as a release would take it ------------------------------------------------------------


def test_the_changelog_has_a_dated_section_for_this_version_below_unreleased() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert tool.section(text, __version__).strip()
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert headings[0] == "## Unreleased"
    assert tool.HEADING.match(headings[1])["version"] == __version__
    assert tool.main(["--check", f"v{__version__}"]) == 0


def test_the_version_is_written_once_and_read_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in pyproject["project"] and "version" in pyproject["project"]["dynamic"]
    assert pyproject["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "tournament_desk.__version__"}
    with pytest.raises(SystemExit) as exited:
        build_parser().parse_args(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out == f"tdesk (Tournament Desk · 赛事编排台) {__version__}\n"


def test_the_release_page_lists_each_installer_with_its_platform_and_sum(tmp_path: Path) -> None:
    made = {
        "TournamentDesk-1.2.0-windows-x64-setup.exe": b"windows",
        "TournamentDesk-1.2.0-macos-arm64.dmg": b"apple silicon",
        "TournamentDesk-1.2.0-macos-x86_64.dmg": b"intel",
        "tournament-desk-1.2.0-linux-x86_64.tar.gz": b"linux",
    }
    for name, content in made.items():
        (tmp_path / name).write_bytes(content)
    (tmp_path / "SHA256SUMS.txt").write_text("not an installer\n", encoding="utf-8")
    page = tool.release_notes(tool.section(CHANGELOG, "1.2.0"), tmp_path)
    rows = [line for line in page.splitlines() if line.startswith("| `")]
    assert len(rows) == len(made)  # the sums file is not an installer
    for name, content in made.items():
        (row,) = [row for row in rows if f"`{name}`" in row]
        assert f"`{hashlib.sha256(content).hexdigest()}`" in row
    assert "Apple silicon" in page and "Intel" in page and "Windows 10/11 (64-bit)" in page
    assert "More info" in page and "Open Anyway" in page and "仍要运行" in page  # unsigned: how to go on
    assert page.endswith("## Changes · 更新内容\n\n### Pairing\n- A bye goes to the lowest entrant.\n")


def test_a_release_without_installers_is_refused(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    with pytest.raises(tool.ChangelogError, match="holds no installer"):
        tool.release_notes("text\n", tmp_path)
