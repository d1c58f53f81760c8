"""A dry run of the release workflow (.github/workflows/release.yml, issue 31): its own shell steps, read from the
file, run here on a copy of what they read, with installers standing in for the built ones and a ``gh`` that only
records what it was asked. The installers job is the CI's (installers.yml, built for real by the Linux job and by
``dev.py test``); what is checked here is what a tag does around it: the tag refused unless it is the program's
version, the release text, the sums, and the release command with every installer on it.

GitHub's own actions (checkout, setup-python, artifacts) are not run; no YAML library is needed to read the steps:
the workflow's ``run:`` blocks are plain block scalars, read by indentation.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tournament_desk import __version__

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
BASH = shutil.which("bash")
pytestmark = pytest.mark.skipif(BASH is None, reason="the workflow's steps are bash")


def run_steps(job: str) -> list[tuple[str, str]]:
    """The ``(name, script)`` of each ``run:`` step of ``job``, in order, as the workflow file has them."""
    lines = WORKFLOW.read_text(encoding="utf-8").splitlines()
    start = lines.index(f"  {job}:")
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i].startswith("  ") and lines[i][2] not in " #"),
        len(lines),
    )
    steps: list[tuple[str, str]] = []
    name = ""
    i = start
    while i < end:
        text = lines[i].strip()
        if text.startswith("- name:") or text.startswith("- uses:"):
            name = text.split(":", 1)[1].strip()
        if text.startswith("run:"):
            body = text[len("run:") :].strip()
            if body == "|":
                indent = len(lines[i + 1]) - len(lines[i + 1].lstrip())
                block = []
                i += 1
                while i < end and (not lines[i].strip() or lines[i].startswith(" " * indent)):
                    block.append(lines[i][indent:])
                    i += 1
                steps.append((name, "\n".join(block).strip() + "\n"))
                continue
            steps.append((name, body + "\n"))
        i += 1
    return steps


def workspace(tmp_path: Path) -> Path:
    """What the steps read of a checkout: the tools, the CHANGELOG and the program's version."""
    here = tmp_path / "checkout"
    (here / "tournament_desk").mkdir(parents=True)
    shutil.copytree(ROOT / "tools", here / "tools", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "CHANGELOG.md", here / "CHANGELOG.md")
    shutil.copy2(ROOT / "tournament_desk" / "__init__.py", here / "tournament_desk" / "__init__.py")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python").symlink_to(sys.executable)
    gh = bin_dir / "gh"
    gh.write_text('#!/bin/sh\nprintf "%s\\n" "$@" > "$GH_ARGS"\n', encoding="utf-8")
    gh.chmod(0o755)
    return here


def run(script: str, here: Path, tag: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PATH": f"{here.parent / 'bin'}{os.pathsep}{os.environ['PATH']}",
        "GITHUB_REF_NAME": tag,
        "GH_TOKEN": "dry-run",
        "GH_REPO": "fork/tournament-desk",
        "GH_ARGS": str(here.parent / "gh-args.txt"),
        "PYTHONPATH": str(here),
    }
    return subprocess.run(
        [str(BASH), "-e", "-c", script], cwd=here, env=env, capture_output=True, text=True, timeout=120
    )


def test_the_workflow_has_the_steps_this_dry_run_runs() -> None:
    assert [name for name, _ in run_steps("notes")] == [
        "The tag is the program's version and CHANGELOG.md has its dated section",
        "The CHANGELOG's section of this version",
    ]
    assert [name for name, _ in run_steps("release")] == [
        "SHA-256 sums and the release text",
        "The GitHub release",
    ]


def test_a_tag_of_another_version_stops_the_release_at_its_first_step(tmp_path: Path) -> None:
    here = workspace(tmp_path)
    (_, check), _ = run_steps("notes")
    refused = run(check, here, "v99.0.0")
    assert refused.returncode != 0
    assert "99.0.0" in refused.stdout + refused.stderr


def test_a_tag_of_this_version_publishes_every_installer_with_its_sum(tmp_path: Path) -> None:
    here = workspace(tmp_path)
    tag = f"v{__version__}"
    for _name, script in run_steps("notes"):
        done = run(script, here, tag)
        assert done.returncode == 0, done.stderr
    assert (here / "changelog-section.md").read_text(encoding="utf-8").strip()

    # What the installers job uploads and the release job downloads into assets/.
    made = {
        f"TournamentDesk-{__version__}-windows-x64-setup.exe": b"windows",
        f"TournamentDesk-{__version__}-macos-arm64.dmg": b"apple silicon",
        f"TournamentDesk-{__version__}-macos-x86_64.dmg": b"intel",
        f"tournament-desk-{__version__}-linux-x86_64.tar.gz": b"linux",
    }
    (here / "assets").mkdir()
    for name, content in made.items():
        (here / "assets" / name).write_bytes(content)
    for _name, script in run_steps("release"):
        done = run(script, here, tag)
        assert done.returncode == 0, done.stderr

    sums = (here / "assets" / "SHA256SUMS.txt").read_text(encoding="utf-8")
    for name, content in made.items():
        assert f"{hashlib.sha256(content).hexdigest()}  {name}" in sums
    notes = (here / "release-notes.md").read_text(encoding="utf-8")
    assert all(name in notes for name in made)
    asked = (tmp_path / "gh-args.txt").read_text(encoding="utf-8").splitlines()
    assert asked[:3] == ["release", "create", tag]
    assert sorted(a for a in asked if a.startswith("assets/")) == sorted(
        f"assets/{name}" for name in [*made, "SHA256SUMS.txt"]
    )
    assert "--verify-tag" in asked and asked[asked.index("--notes-file") + 1] == "release-notes.md"
    assert asked[asked.index("--title") + 1] == f"Tournament Desk {__version__} · 赛事编排台"
