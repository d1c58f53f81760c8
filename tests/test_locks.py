"""requirements/*.lock, what dev.py, CI and the installer build install (``pip install --require-hashes``): each
pins every package with its files' hashes, agrees with pyproject.toml's pins, and the three agree with each other.
A dependency changed in pyproject.toml without ``python3 dev.py lock`` fails here, not on a fresh machine."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = ROOT / "requirements"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
# The locks dev.py installs and the extras each holds (dev.py's LOCKS).
LOCKS = {"app": (), "installer": ("installer",), "test": ("test", "installer")}
ENTRY = re.compile(r"^(?P<name>[A-Za-z0-9._-]+)==(?P<version>\S+)(?: ;(?P<marker>[^\\]*))?(?P<rest>.*)$")


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def entries(lock: str) -> list[tuple[str, str, str, list[str]]]:
    """(name, version, marker, hashes) of each package of requirements/``lock``.lock."""
    found: list[tuple[str, str, str, list[str]]] = []
    for line in (REQUIREMENTS / f"{lock}.lock").read_text(encoding="utf-8").splitlines():
        if line.startswith("    --hash=") and found:
            found[-1][3].append(line.strip().removeprefix("--hash=").rstrip(" \\"))
        elif line and not line.startswith((" ", "#")):
            match = ENTRY.match(line)
            assert match is not None, f"{lock}.lock: {line!r} is not name==version"
            found.append((normal(match["name"]), match["version"], (match["marker"] or "").strip(), []))
    return found


def pins(requirements: list[str]) -> dict[str, str]:
    """``name[extra]==version`` of pyproject.toml → {name: version}."""
    result = {}
    for requirement in requirements:
        name, _, version = requirement.partition("==")
        result[normal(name.split("[")[0])] = version
    return result


@pytest.mark.parametrize("lock", LOCKS)
def test_every_package_is_pinned_with_its_hashes(lock: str) -> None:
    found = entries(lock)
    assert found
    for name, _version, _marker, hashes in found:
        assert hashes and all(re.fullmatch(r"sha256:[0-9a-f]{64}", digest) for digest in hashes), name


@pytest.mark.parametrize(("lock", "extras"), LOCKS.items())
def test_the_lock_holds_pyprojects_pins_as_they_are(lock: str, extras: tuple[str, ...]) -> None:
    wanted = pins(PYPROJECT["project"]["dependencies"])
    for extra in extras:
        wanted |= pins(PYPROJECT["project"]["optional-dependencies"][extra])
    locked = {name: version for name, version, _marker, _hashes in entries(lock)}
    assert {name: locked.get(name) for name in wanted} == wanted, (
        "pyproject.toml changed: python3 dev.py lock"
    )
    # What installs the project itself with --no-build-isolation (requirements/build.in).
    assert {"setuptools", "wheel"} <= locked.keys()


def test_the_locks_agree_on_every_version_they_share() -> None:
    versions: dict[str, set[str]] = {}
    for name, version, _marker, _hashes in entries("test"):  # numpy: one version per Python, by marker
        versions.setdefault(name, set()).add(version)
    for lock in ("app", "installer"):
        for name, version, _marker, _hashes in entries(lock):
            assert version in versions.get(name, set()), (
                f"{lock}.lock: {name} {version}, test.lock: {versions.get(name)}"
            )


def test_what_nothing_imports_is_not_installed() -> None:
    for lock in LOCKS:
        assert "networkx" not in {name for name, *_ in entries(lock)}
