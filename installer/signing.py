"""Code signing of the installers, when the certificates are given; otherwise one line saying it was skipped.

Windows (Authenticode, signtool.exe of the Windows SDK):
    WINDOWS_CERTIFICATE            the .pfx file, base64-encoded
    WINDOWS_CERTIFICATE_PASSWORD   its password
  build.py signs the three programs of the bundle before Inno Setup packs them, and Inno Setup signs the
  setup program and its uninstaller (its SignTool, given as /S to ISCC.exe).
macOS (Developer ID, codesign and notarytool of Xcode):
    MACOS_SIGNING_IDENTITY         "Developer ID Application: NAME (TEAMID)", in a keychain the build can use
                                   (.github/workflows/installers.yml imports MACOS_CERTIFICATE into one)
    APPLE_ID, APPLE_TEAM_ID, APPLE_APP_PASSWORD
                                   the account that notarizes the disk image (an app-specific password)
  PyInstaller signs every binary and the .app with the identity, hardened runtime (the spec); build.py signs
  the .dmg, has Apple notarize it and staples the ticket, so Gatekeeper opens it without a warning.
Everywhere: TIMESTAMP_URL (default DigiCert's) stamps the Windows signatures.

Unsigned installers work: the README says what SmartScreen and Gatekeeper then show and how to go on.
"""

from __future__ import annotations

import base64
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

TIMESTAMP_URL = os.environ.get("TIMESTAMP_URL") or "http://timestamp.digicert.com"
DESCRIPTION = "Tournament Desk 赛事编排台"


def say(line: str) -> None:
    """A line in the build's log; in GitHub Actions a notice on the run's page too."""
    prefix = "::notice::" if os.environ.get("GITHUB_ACTIONS") == "true" else ""
    print(f"{prefix}{line}", flush=True)


def secret(name: str) -> str:
    return os.environ.get(name, "").strip()


# --- Windows -------------------------------------------------------------------------------------------------


def find_signtool() -> Path:
    found = shutil.which("signtool")
    if found:
        return Path(found)
    kits = (
        Path(os.environ.get("PROGRAMFILES(X86)", r"C:\Program Files (x86)")) / "Windows Kits" / "10" / "bin"
    )
    candidates = sorted(kits.glob("10.*/x64/signtool.exe"), key=lambda path: path.parent.parent.name)
    if not candidates:
        sys.exit("WINDOWS_CERTIFICATE is set but signtool.exe (Windows SDK) was not found.")
    return candidates[-1]


@contextmanager
def windows_certificate() -> Iterator[Path | None]:
    """The .pfx from WINDOWS_CERTIFICATE in a private temporary file while signing; None (said) without it."""
    encoded = secret("WINDOWS_CERTIFICATE")
    if not encoded:
        say(
            "Windows signing skipped: WINDOWS_CERTIFICATE is not set; SmartScreen will warn of an unknown publisher."
        )
        yield None
        return
    with tempfile.TemporaryDirectory(prefix="tdesk-sign-") as folder:
        pfx = Path(folder) / "certificate.pfx"
        pfx.write_bytes(base64.b64decode(encoded))
        yield pfx


def signtool_arguments(pfx: Path) -> list[str]:
    return ["sign", "/f", str(pfx), "/p", secret("WINDOWS_CERTIFICATE_PASSWORD"), "/fd", "sha256",
            "/tr", TIMESTAMP_URL, "/td", "sha256", "/d", DESCRIPTION]  # fmt: skip


def sign_windows_programs(pfx: Path | None, programs: Sequence[Path]) -> None:
    if pfx is None:
        return
    signtool = find_signtool()
    for program in programs:
        print(f"+ signtool sign (certificate, password, timestamp) {program.name}", flush=True)  # no password
        subprocess.run([str(signtool), *signtool_arguments(pfx), str(program)], check=True)
        subprocess.run([str(signtool), "verify", "/pa", "/q", str(program)], check=True)
    say(f"Windows: signed {', '.join(program.name for program in programs)}.")


def inno_sign_arguments(pfx: Path | None) -> list[str]:
    """ISCC.exe's arguments that make Inno Setup sign the setup and the uninstaller (the .iss: SignSetup).

    In Inno Setup's sign command ``$`` starts a parameter (``$f`` the file, ``$q`` a quote): each part is
    quoted with ``$q`` and its own ``$`` doubled, so a path with spaces or a password with ``$`` arrive whole."""
    if pfx is None:
        return []
    parts = [str(find_signtool()), *signtool_arguments(pfx)]
    command = " ".join("$q" + part.replace("$", "$$") + "$q" for part in parts)
    return ["/DSignSetup", f"/Stdesk={command} $f"]


# --- macOS ---------------------------------------------------------------------------------------------------


def macos_identity() -> str | None:
    """What the spec gives PyInstaller as codesign_identity (None: PyInstaller's ad-hoc signature)."""
    return secret("MACOS_SIGNING_IDENTITY") or None


def sign_and_notarize_dmg(image: Path) -> None:
    identity = macos_identity()
    if identity is None:
        say(
            "macOS signing skipped: MACOS_SIGNING_IDENTITY is not set; Gatekeeper will ask to allow it in Privacy & Security."
        )
        return
    subprocess.run(["codesign", "--force", "--timestamp", "--sign", identity, str(image)], check=True)
    account = {name: secret(name) for name in ("APPLE_ID", "APPLE_TEAM_ID", "APPLE_APP_PASSWORD")}
    if not all(account.values()):
        say("macOS notarization skipped: APPLE_ID, APPLE_TEAM_ID or APPLE_APP_PASSWORD is not set.")
        return
    print(f"+ xcrun notarytool submit {image.name} --wait (Apple ID, team, password)", flush=True)
    subprocess.run(["xcrun", "notarytool", "submit", str(image), "--apple-id", account["APPLE_ID"],
                    "--team-id", account["APPLE_TEAM_ID"], "--password", account["APPLE_APP_PASSWORD"],
                    "--wait"], check=True)  # fmt: skip
    subprocess.run(["xcrun", "stapler", "staple", str(image)], check=True)
    say(f"macOS: {image.name} signed, notarized and stapled.")
