"""The Windows version resource of the bundle's programs (Explorer's Properties ▸ Details, SmartScreen's and
the installer's "publisher/version" lines), made at build time from tournament_desk.__version__.

The spec (tournament-desk.spec) writes it, as PyInstaller's version-file text, into the build folder and gives
it to each Windows executable: ``python installer/windows_version.py`` prints it, to look at.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

COMPANY = "Tournament Desk"
PRODUCT = "Tournament Desk 赛事编排台"
COPYRIGHT = "Tournament Desk · 赛事编排台"
# Language 0x0409 (U.S. English) in code page 1200 (Unicode): what Explorer shows whatever the system language.
LANGUAGE, CODEPAGE = 0x0409, 1200


def version_numbers(version: str) -> tuple[int, int, int, int]:
    """``0.9.0`` → (0, 9, 0, 0); ``1.2.3rc1`` → (1, 2, 3, 0): Windows wants four numbers below 65536."""
    numbers = [int(part) for part in re.findall(r"\d+", version.split("+")[0])[:3]]
    if not numbers or any(number > 0xFFFF for number in numbers):
        raise ValueError(f"'{version}' is not a version Windows can carry (like 0.9.0)")
    return (*numbers, 0, 0, 0, 0)[:4]  # type: ignore[return-value]


def version_file_text(version: str, program: str, description: str) -> str:
    """PyInstaller's version-file text (``VSVersionInfo(...)``) of ``program``.exe at ``version``."""
    numbers = version_numbers(version)
    strings = {
        "CompanyName": COMPANY,
        "FileDescription": description,
        "FileVersion": version,
        "InternalName": program,
        "LegalCopyright": COPYRIGHT,
        "OriginalFilename": f"{program}.exe",
        "ProductName": PRODUCT,
        "ProductVersion": version,
    }
    table = ",\n".join(f"          StringStruct({key!r}, {value!r})" for key, value in strings.items())
    return f"""# UTF-8
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={numbers},
    prodvers={numbers},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '{LANGUAGE:04x}{CODEPAGE:04x}',
        [
{table}
        ])
    ]),
    VarFileInfo([VarStruct('Translation', [{LANGUAGE}, {CODEPAGE}])])
  ]
)
"""


def write_version_file(folder: Path, version: str, program: str, description: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{program}-version.txt"
    path.write_text(version_file_text(version, program, description), encoding="utf-8")
    return path


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tournament_desk import __version__

    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    print(version_file_text(__version__, "tournament-desk", "Tournament Desk 赛事编排台"), end="")
