"""Build this platform's Tournament Desk installer, then prove it by running the built program.

    python3 dev.py installer                  installs PyInstaller into .venv, then runs this
    .venv/bin/python installer/build.py [--no-self-test]

Linux    dist/tournament-desk/  (the app folder)  and  dist/tournament-desk-VERSION-linux-ARCH.tar.gz
Windows  dist/tournament-desk/  and  dist/TournamentDesk-VERSION-windows-setup.exe  (Inno Setup 6's ISCC.exe)
macOS    dist/Tournament Desk.app  and  dist/TournamentDesk-VERSION-macos-ARCH.dmg  (hdiutil)

Every build starts from nothing (build/pyinstaller and the app folder are removed first), as on a fresh
clone. Then the built program runs ``--self-test`` in a clean environment, with no Python on the PATH (on
Linux and macOS only HOME is set), and the build time and sizes are printed. Exit status 0 only if the
build and its self-test both succeeded.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "tournament-desk.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
NAME = "tournament-desk"
APP_NAME = "Tournament Desk"
MACOS = sys.platform == "darwin"
WINDOWS = sys.platform == "win32"

sys.path.insert(0, str(ROOT))
from tournament_desk import __version__ as VERSION  # noqa: E402


def arch() -> str:
    machine = platform.machine().lower()
    return {"amd64": "x86_64", "aarch64": "arm64"}.get(machine, machine)


def app_folder() -> Path:
    return DIST / (f"{APP_NAME}.app" if MACOS else NAME)


def executable() -> Path:
    """What the self-test runs: on Windows the console twin of the windowed program, which can print."""
    if MACOS:
        return app_folder() / "Contents" / "MacOS" / NAME
    if WINDOWS:
        return app_folder() / f"{NAME}-console.exe"
    return app_folder() / NAME


def disk_usage(path: Path) -> int:
    """Bytes on disk, as ``du`` counts them (links not followed)."""
    if path.is_file():
        return path.stat().st_size
    total = 0
    for folder, _dirs, files in os.walk(path):
        for name in files:
            st = os.lstat(os.path.join(folder, name))
            total += st.st_blocks * 512 if hasattr(st, "st_blocks") else st.st_size
    return total


def megabytes(size: int) -> str:
    return f"{size / 1024 / 1024:.0f} MB"


# --- freezing ------------------------------------------------------------------------------------------------


def freeze() -> None:
    for stale in (WORK, DIST / NAME, DIST / f"{APP_NAME}.app"):
        shutil.rmtree(stale, ignore_errors=True)
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--distpath", str(DIST), "--workpath", str(WORK), str(SPEC)]  # fmt: skip
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True, cwd=ROOT)


# --- packing -------------------------------------------------------------------------------------------------


def package_linux() -> Path:
    """The app folder with install.sh (menu entry, icon, *.tdesk file type), packed as one .tar.gz."""
    folder = app_folder()
    shutil.copy2(HERE / "linux" / "install.sh", folder / "install.sh")
    (folder / "share").mkdir(exist_ok=True)
    for name in ("tournament-desk.desktop", "tournament-desk.xml"):
        shutil.copy2(HERE / "linux" / name, folder / "share" / name)
    archive = DIST / f"{NAME}-{VERSION}-linux-{arch()}.tar.gz"
    archive.unlink(missing_ok=True)

    def anonymous(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        return info

    with tarfile.open(archive, "w:gz", compresslevel=6) as tar:
        tar.add(folder, arcname=NAME, filter=anonymous)
    return archive


def find_iscc() -> Path:
    candidates = [shutil.which("ISCC"), shutil.which("iscc")]
    for base in (
        os.environ.get("PROGRAMFILES(X86)"),
        os.environ.get("PROGRAMFILES"),
        os.environ.get("LOCALAPPDATA"),
    ):
        if base:
            candidates.append(str(Path(base) / "Inno Setup 6" / "ISCC.exe"))
            candidates.append(str(Path(base) / "Programs" / "Inno Setup 6" / "ISCC.exe"))
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    sys.exit("Inno Setup 6 is needed for the Windows installer: https://jrsoftware.org/isdl.php "
             "(or `choco install innosetup`).")  # fmt: skip


def package_windows() -> Path:
    iss = HERE / "windows" / "tournament-desk.iss"
    command = [str(find_iscc()), "/Qp", f"/DAppVersion={VERSION}", f"/DBundleDir={app_folder()}",
               f"/DOutputDir={DIST}", str(iss)]  # fmt: skip
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True, cwd=iss.parent)
    return DIST / f"TournamentDesk-{VERSION}-windows-setup.exe"


def package_macos() -> Path:
    """The .app beside a link to /Applications in a compressed disk image: drag, drop, done."""
    staging = WORK / "dmg"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    subprocess.run(["ditto", str(app_folder()), str(staging / app_folder().name)], check=True)
    (staging / "Applications").symlink_to("/Applications")
    image = DIST / f"TournamentDesk-{VERSION}-macos-{arch()}.dmg"
    image.unlink(missing_ok=True)
    subprocess.run(["hdiutil", "create", "-volname", f"{APP_NAME} {VERSION}", "-srcfolder", str(staging),
                    "-fs", "HFS+", "-format", "UDZO", "-ov", str(image)], check=True)  # fmt: skip
    return image


# --- proving -------------------------------------------------------------------------------------------------


def clean_environment() -> dict[str, str]:
    """Only what the operating system itself needs: no PATH to a Python, no PYTHON* variables."""
    if WINDOWS:
        keep = ("SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "TEMP", "TMP", "USERPROFILE", "APPDATA", "LOCALAPPDATA",
                "HOMEDRIVE", "HOMEPATH", "USERNAME", "COMPUTERNAME", "PROGRAMDATA")  # fmt: skip
        env = {key: os.environ[key] for key in keep if key in os.environ}
        windir = os.environ.get("SYSTEMROOT", r"C:\Windows")
        env["PATH"] = f"{windir}\\System32;{windir}"
        return env
    return {"HOME": os.environ.get("HOME", str(Path.home()))}


def self_test() -> int:
    program = executable()
    shown = "env -i HOME=$HOME " if not WINDOWS else ""
    print(f"+ {shown}{program.relative_to(ROOT)} --self-test", flush=True)
    return subprocess.call([str(program), "--self-test"], env=clean_environment(), cwd=DIST)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--no-self-test", action="store_true", help="build and pack only")
    args = parser.parse_args(argv)

    if WINDOWS:
        find_iscc()  # before a minute of freezing, not after
    started = time.perf_counter()
    freeze()
    frozen = time.perf_counter() - started
    package = package_macos() if MACOS else package_windows() if WINDOWS else package_linux()
    built = time.perf_counter() - started
    folder_size, package_size = disk_usage(app_folder()), disk_usage(package)
    print(
        f"Built Tournament Desk {VERSION} in {built:.0f} s (PyInstaller {frozen:.0f} s, packing {built - frozen:.0f} s):"
    )
    print(f"  {app_folder().relative_to(ROOT)}  {megabytes(folder_size)}")
    print(f"  {package.relative_to(ROOT)}  {megabytes(package_size)}", flush=True)
    if args.no_self_test:
        return 0
    code = self_test()
    print(
        "The built program passed its self-test."
        if code == 0
        else f"The built program FAILED its self-test ({code})."
    )
    return code


if __name__ == "__main__":
    sys.exit(main())
