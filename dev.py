#!/usr/bin/env python3
"""The README's commands, on any machine with Python 3.11+ (no make needed).

    python3 dev.py app        install what is needed into .venv and start Tournament Desk (demo event ready)
    python3 dev.py test       install what is needed into .venv and run the whole test suite, linters included,
                              then build the installer and run the built program's --self-test
    python3 dev.py test --quick
                              the loop while you work (under a minute): install the Python packages into .venv
                              (no system packages), ``ruff check``, and the tests not marked ``slow`` (over half a
                              second of CPU each) or ``system`` (PostgreSQL's server, chromium, poppler, zbarimg)
    python3 dev.py installer  build this platform's installer (installer/build.py) and run its --self-test
    python3 dev.py lock       after a change to pyproject.toml's dependencies: write requirements/*.lock again

Extra arguments after ``test`` go to pytest, and then only pytest runs: no system packages are installed, no
linters, no installer build (``python3 dev.py test tests/domain/test_rules.py -k bye``); after ``test --quick``
they go to pytest as well (``python3 dev.py test --quick tests/domain``); extra arguments after ``installer`` go
to installer/build.py (``--no-self-test``).

The Python packages come from requirements/*.lock, every file pinned by its SHA-256 (``pip install
--require-hashes``), the same on every machine and in CI; the project itself is then installed without its
dependencies. TDESK_VENV=/some/folder uses another virtual environment than .venv.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("TDESK_VENV") or ROOT / ".venv").absolute()
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def run(*cmd: str | Path, **kw: object) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT, **kw)  # type: ignore[call-overload]


# The locks (``python3 dev.py lock`` writes them): every package of each set, for Python 3.11+ on Windows, macOS
# and Linux, with the hashes of all its files. test.lock holds the installer's packages too (the whole test run
# builds the installer), so the three agree on every version they share.
REQUIREMENTS = ROOT / "requirements"
# Each lock and pyproject.toml's extras in it (besides the dependencies and requirements/build.in).
LOCKS = {"app": (), "installer": ("installer",), "test": ("test", "installer")}

# What the last pip run installed: the locks (and pyproject.toml) as they were. (pip takes 10-20 s even when
# there is nothing to do, a third of the quick loop.)
INSTALLED = VENV / "dev-py-installed.json"


def fingerprint() -> str:
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    for lock in sorted(LOCKS):
        digest.update((REQUIREMENTS / f"{lock}.lock").read_bytes())
    return digest.hexdigest()


def installed() -> tuple[str, set[str]]:
    try:
        found = json.loads(INSTALLED.read_text(encoding="utf-8"))
        return str(found["fingerprint"]), set(found["locks"])
    except (OSError, ValueError, KeyError, TypeError):
        return "", set()


def ensure_venv(lock: str, reuse: bool = False) -> None:
    """Install requirements/``lock``.lock and the project into the venv; with ``reuse``, not again if it is there."""
    if sys.version_info < (3, 11):  # noqa: UP036 - this script is what runs on the user's old Python
        sys.exit(f"Tournament Desk needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    current = fingerprint()
    done, done_locks = installed()
    if reuse and PYTHON.exists() and done == current and lock in done_locks:
        return
    if not PYTHON.exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    pip = (PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check")
    run(*pip, "--require-hashes", "-r", REQUIREMENTS / f"{lock}.lock")
    # Its build backend (setuptools, wheel) came from the lock: nothing is fetched unhashed.
    run(*pip, "--no-deps", "--no-build-isolation", "-e", ".")
    kept = done_locks if done == current else set()
    INSTALLED.write_text(
        json.dumps({"fingerprint": current, "locks": sorted(kept | {lock})}), encoding="utf-8"
    )


def lock(args: list[str]) -> int:
    """Write requirements/*.lock again with uv, installed for the purpose into a throw-away environment."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="tdesk-lock-") as tmp:
        tool = Path(tmp)
        venv.EnvBuilder(with_pip=True).create(tool)
        tool_bin = tool / ("Scripts" if os.name == "nt" else "bin")
        run(tool_bin / "python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "uv")
        for name in sorted(LOCKS, key=lambda name: name != "test"):  # the others are constrained by test.lock
            extras = [arg for extra in LOCKS[name] for arg in ("--extra", extra)]
            constraint = ["--constraint", "requirements/test.lock"] if name != "test" else []
            run(tool_bin / "uv", "pip", "compile", "pyproject.toml", "requirements/build.in", *extras,
                *constraint, "--universal", "--python-version", "3.11", "--generate-hashes", "--quiet",
                "--custom-compile-command", "python3 dev.py lock", *args,
                "-o", f"requirements/{name}.lock")  # fmt: skip
    return 0


def app(args: list[str]) -> int:
    ensure_venv("app")
    demo = ROOT / "demo" / "金秋杯-demo.tdesk"
    if not demo.exists():
        demo.parent.mkdir(exist_ok=True)
        run(BIN / "tdesk", "demo", demo, "--entrants", "24", "--played", "3")
    print(f"Opening the demo tournament {demo}; File ▸ New or Open for your own.")
    return subprocess.call([str(BIN / "tournament-desk"), *(args or [str(demo)])], cwd=ROOT)


# What the tests need from the system: poppler renders and reads back the printed PDFs; PostgreSQL's server
# runs the multi-station tests (a throw-away cluster on a loopback port: tests/postgres.py).
SYSTEM_PACKAGES = {
    "pdftotext": "poppler-utils",
    "chromium": "chromium",
    "initdb": "postgresql",
    "zbarimg": "zbar-tools",  # reads back the QR codes printed on scoresheets
}


def postgres_bin() -> Path | None:
    """Where PostgreSQL's server programs are (Debian keeps them off PATH, in /usr/lib/postgresql/N/bin)."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    if found:
        return found[-1].parent
    which = shutil.which("initdb")
    return Path(which).parent if which else None


def have_tool(tool: str) -> bool:
    return postgres_bin() is not None if tool == "initdb" else shutil.which(tool) is not None


# Libraries Qt's X11 plugin needs that a desktop may lack: present at build time, PyInstaller puts them
# into the bundle, so the Linux app starts on a machine without them. (Only checked for, not required.)
BUNDLED_LIBRARIES = {
    "xcb-icccm": "libxcb-icccm4",
    "xcb-keysyms": "libxcb-keysyms1",
    "xcb-cursor": "libxcb-cursor0",
}


def apt_install(packages: list[str]) -> bool:
    if os.name != "posix" or os.geteuid() != 0 or shutil.which("apt-get") is None:
        return False
    run("apt-get", "update", "-qq")
    run(
        "apt-get",
        "install",
        "-y",
        "-qq",
        "--no-install-recommends",
        *packages,
        env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
    )
    return True


def ensure_system_packages(tools: bool = True) -> None:
    """The tests' tools (if ``tools``) and, on Linux, the libraries the installer bundles."""
    from ctypes.util import find_library

    missing_tools = sorted({pkg for tool, pkg in SYSTEM_PACKAGES.items() if not have_tool(tool)})
    missing_tools = missing_tools if tools else []
    missing_libs: list[str] = []
    if sys.platform.startswith("linux"):
        missing_libs = sorted({pkg for lib, pkg in BUNDLED_LIBRARIES.items() if find_library(lib) is None})
    if not (missing_tools or missing_libs) or apt_install(missing_tools + missing_libs):
        return
    if missing_libs:
        print(f"Note: without {', '.join(missing_libs)} here, the Linux bundle needs them where it runs.")
    if missing_tools:
        sys.exit(
            f"The tests need {', '.join(missing_tools)}: install them with your system's package manager."
        )


def installer(args: list[str]) -> int:
    ensure_system_packages(tools=False)
    ensure_venv("installer")
    return subprocess.call([str(PYTHON), str(ROOT / "installer" / "build.py"), *args], cwd=ROOT)


SOURCES = ("tournament_desk", "tests", "bench", "installer", "tools", "dev.py")


def run_pytest(args: list[str], **env: str) -> int:
    """pytest on both cores. Bytecode is written (a machine may say PYTHONDONTWRITEBYTECODE): without it each
    pytest process, and each of the hundreds of `tdesk` processes the tests start, compiles every module again.
    ``worksteal``: a worker that runs out takes tests the other was given, so the few minute-long tests at the end
    of the collection do not leave one core idle."""
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen", **env}
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    command = [str(PYTHON), "-m", "pytest", "-n", "2", "--dist", "worksteal", *args]
    return subprocess.call(command, cwd=ROOT, env=environment)


def quick_test(args: list[str]) -> int:
    """What catches most mistakes in under a minute, on a machine with nothing but Python (pyproject.toml's
    markers: ``slow`` and ``system`` are left out)."""
    ensure_venv("test", reuse=True)
    run(BIN / "ruff", "check", *SOURCES)
    return run_pytest(["-m", "not slow and not system", *args])


def test(args: list[str]) -> int:
    if args[:1] == ["--quick"]:
        return quick_test(args[1:])
    if args:  # the tests named, as they are: a test whose system tool is missing skips (no TDESK_FULL_SUITE)
        ensure_venv("test", reuse=True)
        return run_pytest(args)
    ensure_system_packages()
    ensure_venv("test")
    run(BIN / "ruff", "check", *SOURCES)
    run(BIN / "ruff", "format", "--check", *SOURCES)
    run(BIN / "mypy")
    run(BIN / "lint-imports")
    # TDESK_FULL_SUITE: what this command installed must be there; a test may not skip for want of it.
    # --durations: the slowest tests at the end of every run's log, where the suite's time goes (target: 15 min).
    code = run_pytest(["--durations=25"], TDESK_FULL_SUITE="1")
    if code != 0:
        return code
    # The installer is part of what is tested: build it from scratch and run the built program.
    return subprocess.call([str(PYTHON), str(ROOT / "installer" / "build.py")], cwd=ROOT)


def main() -> int:
    commands = {"app": app, "test": test, "installer": installer, "lock": lock}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print(__doc__)
        return 2
    try:
        return commands[sys.argv[1]](sys.argv[2:])
    except subprocess.CalledProcessError as exc:
        return exc.returncode or 1


if __name__ == "__main__":
    sys.exit(main())
