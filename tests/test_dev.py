"""dev.py, the README's commands: ``dev.py test ARGS`` runs pytest on what it is given without installing system
packages (on Windows and macOS it cannot), and every install comes from a lock, hashes checked."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def load_dev() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("dev", module)
    spec.loader.exec_module(module)
    return module


dev = load_dev()


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """What dev.test did, without doing it: installs, system packages, commands, pytest runs."""
    done: list[tuple[str, Any]] = []
    monkeypatch.setattr(dev, "ensure_system_packages", lambda tools=True: done.append(("system", tools)))
    monkeypatch.setattr(dev, "ensure_venv", lambda lock, reuse=False: done.append(("venv", (lock, reuse))))
    monkeypatch.setattr(dev, "run", lambda *cmd, **kw: done.append(("run", Path(str(cmd[0])).name)))

    def pytest_run(args: list[str], **env: str) -> int:
        done.append(("pytest", (args, env)))
        return 0

    monkeypatch.setattr(dev, "run_pytest", pytest_run)
    monkeypatch.setattr(dev.subprocess, "call", lambda *a, **kw: done.append(("build", a[0][-1])) or 0)
    return done


def test_tests_named_run_alone_without_system_packages(calls: list[tuple[str, Any]]) -> None:
    assert dev.test(["tests/domain/test_rules.py", "-k", "bye"]) == 0
    assert calls == [
        ("venv", ("test", True)),
        (
            "pytest",
            (["tests/domain/test_rules.py", "-k", "bye"], {}),
        ),  # no TDESK_FULL_SUITE: a missing tool skips
    ]


def test_the_whole_run_installs_the_system_packages_lints_tests_and_builds(
    calls: list[tuple[str, Any]],
) -> None:
    assert dev.test([]) == 0
    assert calls[:2] == [("system", True), ("venv", ("test", False))]
    assert [name for kind, name in calls if kind == "run"] == ["ruff", "ruff", "mypy", "lint-imports"]
    assert ("pytest", (["--durations=25"], {"TDESK_FULL_SUITE": "1"})) in calls
    assert calls[-1][0] == "build"


def test_every_lock_dev_installs_is_there() -> None:
    for lock in dev.LOCKS:
        assert (dev.REQUIREMENTS / f"{lock}.lock").is_file()
    assert len(dev.fingerprint()) == 64


def test_an_install_is_from_the_lock_with_hashes_then_the_project_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    commands: list[list[str]] = []
    python = tmp_path / "python"
    python.touch()
    monkeypatch.setattr(dev, "PYTHON", python)
    monkeypatch.setattr(dev, "INSTALLED", tmp_path / "installed.json")
    monkeypatch.setattr(dev, "run", lambda *cmd, **kw: commands.append([str(part) for part in cmd]))
    dev.ensure_venv("installer")
    assert commands[0][-3:] == ["--require-hashes", "-r", str(dev.REQUIREMENTS / "installer.lock")]
    assert commands[1][-4:] == ["--no-deps", "--no-build-isolation", "-e", "."]
    dev.ensure_venv("installer", reuse=True)  # the same locks: nothing to do
    dev.ensure_venv("app", reuse=True)  # another lock: installed
    assert len(commands) == 4 and commands[2][-1].endswith("app.lock")
