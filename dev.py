#!/usr/bin/env python3
"""The README's two commands, on any machine with Python 3.11+ (no make needed).

    python3 dev.py app     install what is needed into .venv and start Tournament Desk (demo event ready)
    python3 dev.py test    install what is needed into .venv and run the whole test suite, linters included

Extra arguments after ``test`` go to pytest.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def run(*cmd: str | Path, **kw: object) -> None:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT, **kw)  # type: ignore[call-overload]


def ensure_venv(extras: str) -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - this script is what runs on the user's old Python
        sys.exit(f"Tournament Desk needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    if not PYTHON.exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    run(
        PYTHON,
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
        "-e",
        f".[{extras}]" if extras else ".",
    )


def app(args: list[str]) -> int:
    ensure_venv("")
    demo = ROOT / "demo" / "金秋杯-demo.tdesk"
    if not demo.exists():
        demo.parent.mkdir(exist_ok=True)
        run(BIN / "tdesk", "demo", demo, "--entrants", "24", "--played", "3")
    print(f"Opening the demo tournament {demo}; File ▸ New or Open for your own.")
    return subprocess.call([str(BIN / "tournament-desk"), *(args or [str(demo)])], cwd=ROOT)


# What the tests need from the system: poppler renders and reads back the printed PDFs.
SYSTEM_PACKAGES = {"pdftotext": "poppler-utils"}


def ensure_system_packages() -> None:
    missing = sorted({pkg for tool, pkg in SYSTEM_PACKAGES.items() if shutil.which(tool) is None})
    if not missing:
        return
    if os.name != "posix" or os.geteuid() != 0 or shutil.which("apt-get") is None:
        sys.exit(f"The tests need {', '.join(missing)}: install them with your system's package manager.")
    run("apt-get", "update", "-qq")
    run(
        "apt-get",
        "install",
        "-y",
        "-qq",
        "--no-install-recommends",
        *missing,
        env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
    )


def test(args: list[str]) -> int:
    ensure_system_packages()
    ensure_venv("test")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONDONTWRITEBYTECODE": "1"}
    run(BIN / "ruff", "check", "tournament_desk", "tests", "bench", "dev.py")
    run(BIN / "ruff", "format", "--check", "tournament_desk", "tests", "bench", "dev.py")
    run(BIN / "mypy")
    run(BIN / "lint-imports")
    return subprocess.call([str(PYTHON), "-m", "pytest", "-n", "2", *args], cwd=ROOT, env=env)


def main() -> int:
    commands = {"app": app, "test": test}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print(__doc__)
        return 2
    try:
        return commands[sys.argv[1]](sys.argv[2:])
    except subprocess.CalledProcessError as exc:
        return exc.returncode or 1


if __name__ == "__main__":
    sys.exit(main())
