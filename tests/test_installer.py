"""installer/'s pieces that run without building (the build itself: installer/build.py's self-test and checks).
The Windows version resource made from the version, and signing that is skipped, said, without certificates."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tournament_desk import __version__

INSTALLER = Path(__file__).resolve().parent.parent / "installer"


def load(name: str) -> ModuleType:
    """installer/NAME.py, as build.py and the spec import it (installer/ is no package)."""
    spec = importlib.util.spec_from_file_location(f"installer_{name}", INSTALLER / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(module)
    return module


signing = load("signing")
windows_version = load("windows_version")


@pytest.mark.parametrize(
    ("version", "numbers"),
    [("0.9.0", (0, 9, 0, 0)), ("1.2", (1, 2, 0, 0)), ("2.0.1rc1", (2, 0, 1, 0)), ("1.0.0+abc", (1, 0, 0, 0))],
)
def test_windows_gets_four_numbers(version: str, numbers: tuple[int, ...]) -> None:
    assert windows_version.version_numbers(version) == numbers


@pytest.mark.parametrize("version", ["", "dev", "70000.1"])
def test_a_version_windows_cannot_carry_is_refused(version: str) -> None:
    with pytest.raises(ValueError, match="is not a version Windows can carry"):
        windows_version.version_numbers(version)


def test_the_version_resource_carries_the_programs_version() -> None:
    """PyInstaller evaluates the text with its own classes; here each is a recorder of what it was given."""

    def recorder(kind: str) -> Any:
        return lambda *args, **kwargs: (kind, args, kwargs)

    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct", "VarFileInfo")
    text = windows_version.version_file_text(
        __version__, "tdesk", "Tournament Desk 赛事编排台 (command line)"
    )
    info = eval(text, {name: recorder(name) for name in (*names, "VarStruct")})  # the text PyInstaller reads
    fixed = info[2]["ffi"][2]
    assert fixed["filevers"] == fixed["prodvers"] == windows_version.version_numbers(__version__)
    (string_file,) = [kid for kid in info[2]["kids"] if kid[0] == "StringFileInfo"]
    (table,) = string_file[1][0]
    strings = dict(struct[1] for struct in table[1][1])
    assert strings["ProductVersion"] == strings["FileVersion"] == __version__
    assert strings["OriginalFilename"] == "tdesk.exe"
    assert strings["FileDescription"] == "Tournament Desk 赛事编排台 (command line)"


def test_without_certificates_signing_is_skipped_and_said(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for name in ("WINDOWS_CERTIFICATE", "MACOS_SIGNING_IDENTITY", "GITHUB_ACTIONS"):
        monkeypatch.delenv(name, raising=False)
    with signing.windows_certificate() as pfx:
        assert pfx is None
        signing.sign_windows_programs(pfx, [tmp_path / "tdesk.exe"])
        assert signing.inno_sign_arguments(pfx) == []
    signing.sign_and_notarize_dmg(tmp_path / "TournamentDesk.dmg")
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["Windows signing skipped", "macOS signing skipped"]
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    signing.sign_and_notarize_dmg(tmp_path / "TournamentDesk.dmg")
    assert capsys.readouterr().out.startswith("::notice::macOS signing skipped")  # on the run's page too


def test_with_a_certificate_inno_setup_signs_with_every_part_whole(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("WINDOWS_CERTIFICATE", "cGZ4")  # base64 of "pfx"
    monkeypatch.setenv("WINDOWS_CERTIFICATE_PASSWORD", "a $ecret")
    monkeypatch.setattr(signing, "find_signtool", lambda: Path("C:/Program Files (x86)/signtool.exe"))
    with signing.windows_certificate() as pfx:
        assert pfx is not None and pfx.read_bytes() == b"pfx"
        define, sign_tool = signing.inno_sign_arguments(pfx)
    assert not pfx.exists()  # the certificate does not outlive the build
    assert define == "/DSignSetup"
    assert sign_tool.startswith("/Stdesk=$qC:/Program Files (x86)/signtool.exe$q $qsign$q")
    assert "$q/p$q $qa $$ecret$q" in sign_tool and sign_tool.endswith(" $f")


# What the bundle leaves out (installer/tournament-desk.spec's excludes) that the program might come to import.
LEFT_OUT = ("numpy", "pygments", "PIL._avif", "PIL.AvifImagePlugin", "PIL._webp", "PIL.WebPImagePlugin")


def test_nothing_of_ours_imports_what_the_bundle_leaves_out() -> None:
    """The bundle would fail where the tests pass: an import of numpy needs the spec changed first."""
    import ast

    spec = (INSTALLER / "tournament-desk.spec").read_text(encoding="utf-8")
    assert all(f'"{name}",' in spec for name in LEFT_OUT)
    package = INSTALLER.parent / "tournament_desk"
    found = []
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if not any(left.split(".")[-1].lstrip("_") in text for left in LEFT_OUT):
            continue  # parsing every module takes seconds; a module naming none of them imports none
        for node in ast.walk(ast.parse(text)):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            found += [
                f"{path.relative_to(package)}: {name}"
                for name in names
                if any(name == left or name.startswith(f"{left}.") for left in LEFT_OUT)
            ]
    assert found == []
