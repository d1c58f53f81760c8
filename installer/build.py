"""Build this platform's Tournament Desk installer, then prove it by running the built program.

    python3 dev.py installer                  installs PyInstaller into .venv, then runs this
    .venv/bin/python installer/build.py [--no-self-test]

Linux    dist/tournament-desk/  (the app folder)  and  dist/tournament-desk-VERSION-linux-ARCH.tar.gz
Windows  dist/tournament-desk/  and  dist/TournamentDesk-VERSION-windows-x64-setup.exe  (Inno Setup 6's ISCC.exe)
macOS    dist/Tournament Desk.app  and  dist/TournamentDesk-VERSION-macos-ARCH.dmg  (hdiutil)

VERSION is tournament_desk.__version__. With the certificates in the environment the programs and the
packages are signed (installer/signing.py: which variables, what is signed); without them the build says
so in one line and goes on, unsigned.

Every build starts from nothing (build/pyinstaller and the app folder are removed first), as on a fresh
clone. Then the built program runs ``--self-test`` in a clean environment, with no Python on the PATH (on
Linux and macOS only HOME is set), and the build time and sizes are printed. Then the bundle's command
line is tried the same way: the bundled ``tdesk`` answers ``--help`` and runs new, entrant add, pair,
result and standings on a new file, and the app started as the desk starts its LAN server
(``--cli serve FILE``) answers an HTTP GET on 127.0.0.1. Exit status 0 only if the build, its self-test
and these checks all succeeded.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import queue
import shutil
import socket
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
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
sys.path.insert(0, str(HERE))
import signing  # noqa: E402

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


def desk_program() -> Path:
    """The program directors start, which starts the LAN server as ``--cli serve`` (tournament_desk/launch.py):
    on Windows the windowed one, not the console twin."""
    return app_folder() / f"{NAME}.exe" if WINDOWS else executable()


def tdesk() -> Path:
    """The bundle's command line, beside the app (in the .app: Contents/MacOS)."""
    return executable().parent / ("tdesk.exe" if WINDOWS else "tdesk")


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
    """Both units: MiB as file managers on Linux and Windows count, MB (10⁶ bytes) as the issue's targets do."""
    return f"{size / 1024 / 1024:.0f} MiB ({size / 1e6:.1f} MB)"


# Issue 31: the Linux bundle unpacked, on disk.
LINUX_FOLDER_TARGET = 200_000_000


# --- freezing ------------------------------------------------------------------------------------------------


def freeze() -> None:
    for stale in (WORK, DIST / NAME, DIST / f"{APP_NAME}.app"):
        shutil.rmtree(stale, ignore_errors=True)
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN",
               "--distpath", str(DIST), "--workpath", str(WORK), str(SPEC)]  # fmt: skip
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True, cwd=ROOT)
    if not (MACOS or WINDOWS):
        write_linux_tdesk()


def write_linux_tdesk() -> None:
    """Linux's tdesk is a shell script (linux/tdesk) that runs the app with --cli: no second frozen program."""
    shutil.copy2(HERE / "linux" / "tdesk", tdesk())
    tdesk().chmod(0o755)


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
    """The programs signed (with a certificate), then packed by Inno Setup, which signs the setup too."""
    iss = HERE / "windows" / "tournament-desk.iss"
    with signing.windows_certificate() as pfx:
        programs = sorted(app_folder().glob("*.exe"))
        signing.sign_windows_programs(pfx, programs)
        command = [str(find_iscc()), "/Qp", f"/DAppVersion={VERSION}", f"/DBundleDir={app_folder()}",
                   f"/DOutputDir={DIST}", *signing.inno_sign_arguments(pfx), str(iss)]  # fmt: skip
        print("+", " ".join([*command[:5], "(signing)" if pfx else "", str(iss)]), flush=True)  # no password
        subprocess.run(command, check=True, cwd=iss.parent)
    return DIST / f"TournamentDesk-{VERSION}-windows-x64-setup.exe"


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
    if signing.macos_identity():  # PyInstaller signed the .app (the spec): prove it before the image goes out
        subprocess.run(["codesign", "--verify", "--deep", "--strict", str(app_folder())], check=True)
    signing.sign_and_notarize_dmg(image)
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


# --- the bundle's command line ---------------------------------------------------------------------------------
SERVER_WAIT = 60  # seconds for the server to say where it listens
ENTRANTS = ("张三", "李四", "王五", "赵六")  # Chinese names, as directors type them


class BundleCheckFailed(Exception):
    """What the bundled program did instead of what it must."""


def run_bundled(program: Path, *args: str | Path, env: dict[str, str], cwd: Path) -> str:
    """Run a bundled program to its end (bounded); its standard output, or the failure with its error output."""
    command = [str(program), *map(str, args)]
    try:
        done = subprocess.run(command, env=env, cwd=cwd, capture_output=True, timeout=180)
    except subprocess.TimeoutExpired as exc:
        raise BundleCheckFailed(
            f"{program.name} {' '.join(map(str, args))}: no answer in {exc.timeout:.0f} s"
        ) from exc
    # The bundle runs in UTF-8 mode (the spec), whatever the locale.
    out, err = (stream.decode("utf-8", "replace") for stream in (done.stdout, done.stderr))
    if done.returncode != 0:
        raise BundleCheckFailed(
            f"{program.name} {' '.join(map(str, args))} exited {done.returncode}: {err.strip()[-500:]}"
        )
    return out


def check_tdesk_help(folder: Path, env: dict[str, str]) -> str:
    started = time.perf_counter()
    out = run_bundled(tdesk(), "--help", env=env, cwd=folder)
    seconds = time.perf_counter() - started
    if not out.startswith("usage: tdesk") or "standings" not in out:
        raise BundleCheckFailed(f"tdesk --help printed {out[:200]!r}")
    return f"{tdesk().relative_to(DIST)} --help answered in {seconds:.2f} s"


def check_tdesk_commands(folder: Path, env: dict[str, str]) -> str:
    started = time.perf_counter()
    event = folder / "自检-cli.tdesk"
    run_bundled(tdesk(), "new", event, "--name", "打包自检", env=env, cwd=folder)
    for name in ENTRANTS:
        run_bundled(tdesk(), "entrant", "add", event, name, env=env, cwd=folder)
    paired = json.loads(run_bundled(tdesk(), "pair", event, "--json", env=env, cwd=folder))
    if paired.get("round") != 1 or len(paired.get("tables", [])) != len(ENTRANTS) // 2:
        raise BundleCheckFailed(f"tdesk pair --json: {paired}")
    for table, home, away in ((1, "Q", "9"), (2, "A", "2")):  # 13:7 VP and 3:0 MP; the home team wins both
        run_bundled(tdesk(), "result", event, "1", str(table), home, away, env=env, cwd=folder)
    standings = json.loads(run_bundled(tdesk(), "standings", event, "--json", env=env, cwd=folder))
    rows = standings.get("rows", [])
    winners = {table["home"] for table in paired["tables"]}
    if (
        standings.get("after_round") != 1
        or sorted(row["name"] for row in rows) != sorted(ENTRANTS)
        or {row["name"] for row in rows if row["mp"] == 3} != winners
    ):
        raise BundleCheckFailed(f"tdesk standings --json: {standings}")
    seconds = time.perf_counter() - started
    return f"new, entrant add ×{len(ENTRANTS)}, pair, result, standings ({len(rows)} rows) in {seconds:.1f} s"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def check_server(folder: Path, env: dict[str, str]) -> str:
    """The app as the Live dialog starts it: ``--cli serve FILE --json``, then a GET of the standings page."""
    event = folder / "自检-cli.tdesk"  # made by the commands check
    program = desk_program()
    started = time.perf_counter()
    server = subprocess.Popen(
        [str(program), "--cli", "serve", str(event), "--port", str(free_port()), "--host", "127.0.0.1", "--json"],
        env=env, cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    assert server.stdout is not None and server.stderr is not None
    lines: queue.Queue[bytes] = queue.Queue()

    def read_lines() -> None:  # the bounded wait below reads what this thread hands on
        for line in server.stdout or ():
            lines.put(line)

    threading.Thread(target=read_lines, daemon=True).start()
    try:
        try:
            info = json.loads(lines.get(timeout=SERVER_WAIT))
        except queue.Empty as exc:
            raise BundleCheckFailed(f"{program.name} --cli serve said nothing in {SERVER_WAIT} s") from exc
        except ValueError as exc:
            raise BundleCheckFailed(f"{program.name} --cli serve: {exc}") from exc
        listening = time.perf_counter() - started
        url = f"http://127.0.0.1:{int(info['port'])}/standings"
        with urllib.request.urlopen(url, timeout=30) as response:
            status, page = response.status, response.read().decode("utf-8", "replace")
        if status != 200 or not all(name in page for name in ENTRANTS):
            raise BundleCheckFailed(f"GET {url}: {status}, without the entrants: {page[:200]!r}")
    finally:
        server.kill()
        server.wait(timeout=30)
        error = server.stderr.read().decode("utf-8", "replace").strip()
        server.stdout.close()
        server.stderr.close()
    if error:
        print(f"        (the server's error output: {error[-300:]})", flush=True)
    return f"{program.name} --cli serve listened after {listening:.1f} s; GET /standings {status}, {len(page)} characters"


BUNDLE_CHECKS: list[tuple[str, Callable[[Path, dict[str, str]], str]]] = [
    ("tdesk --help", check_tdesk_help),
    ("tdesk commands", check_tdesk_commands),
    ("LAN server", check_server),
]


def bundle_checks() -> int:
    """The bundle's command line, in a clean environment and a folder of its own; 0 if every check passed."""
    print(
        f"+ the bundle's command line: {tdesk().relative_to(ROOT)}, {desk_program().relative_to(ROOT)} --cli",
        flush=True,
    )
    failed = 0
    with tempfile.TemporaryDirectory(prefix="tdesk-bundle-", ignore_cleanup_errors=True) as tmp:
        folder = Path(tmp)
        # Backups (tdesk pair takes one) and settings go to the check's own folder, not the director's.
        env = {**clean_environment(), "TDESK_DATA_DIR": str(folder / "user-data")}
        for name, check in BUNDLE_CHECKS:
            if failed:
                print(f"  skip  {name}")
                continue
            try:
                print(f"  ok    {name}: {check(folder, env)}", flush=True)
            except (BundleCheckFailed, OSError, ValueError, KeyError, subprocess.SubprocessError) as exc:
                print(f"  FAIL  {name}: {type(exc).__name__}: {exc}", flush=True)
                failed += 1
    return failed


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
    target = ""
    if not (MACOS or WINDOWS):
        verdict = "PASS" if folder_size < LINUX_FOLDER_TARGET else "MISSED"
        target = f"   target < {LINUX_FOLDER_TARGET / 1e6:.0f} MB unpacked: {verdict}"
    print(f"  {app_folder().relative_to(ROOT)}  {megabytes(folder_size)}{target}")
    print(f"  {package.relative_to(ROOT)}  {megabytes(package_size)}", flush=True)
    if args.no_self_test:
        return 0
    code = self_test()
    print(
        "The built program passed its self-test."
        if code == 0
        else f"The built program FAILED its self-test ({code})."
    )
    if code != 0:
        return code
    started = time.perf_counter()
    failed = bundle_checks()
    seconds = time.perf_counter() - started
    print(
        f"The bundle's command line passed its {len(BUNDLE_CHECKS)} checks in {seconds:.1f} s."
        if failed == 0
        else f"The bundle's command line FAILED ({failed} of {len(BUNDLE_CHECKS)} checks)."
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
