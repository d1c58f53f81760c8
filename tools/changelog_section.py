"""Print one version's section of CHANGELOG.md: what the release page says (.github/workflows/release.yml).

    python tools/changelog_section.py 0.9.0                 the section's text, without its heading
    python tools/changelog_section.py v0.9.0 -o notes.md    a tag works too; written to a file
    python tools/changelog_section.py --check v0.9.0        only check that the release may be made
    python tools/changelog_section.py v0.9.0 --assets dist  the release page: the section, then a table of
                                                            the installers in dist/ with their SHA-256, and
                                                            what SmartScreen and Gatekeeper will say

A version's section is the text under its heading ``## 0.9.0 — 2026-11-27`` down to the next ``## `` heading.
Refused (exit status 1, one sentence on standard error): a version with no section, a section without its
date or with nothing in it, and, with ``--check``, a tag that is not the program's own version
(tournament_desk.__version__): the installers would carry another number than the release page.
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHANGELOG = ROOT / "CHANGELOG.md"
# "## 0.9.0 — 2026-11-27": an em dash as written, an en dash or a hyphen as typed by hand.
HEADING = re.compile(r"^## +v?(?P<version>[0-9][^\s]*)(?: +[—–-] +(?P<date>\S+))? *$")


class ChangelogError(Exception):
    """Why no release text can be taken from the changelog: one sentence."""


def plain_version(version: str) -> str:
    """``v0.9.0`` (a tag) or ``0.9.0`` → ``0.9.0``."""
    return version[1:] if version[:1] in "vV" else version


def section(text: str, version: str) -> str:
    """The body of ``version``'s section of the changelog ``text`` (headings ``## VERSION — YYYY-MM-DD``)."""
    wanted = plain_version(version)
    lines = text.splitlines()
    for number, line in enumerate(lines):
        heading = HEADING.match(line)
        if heading is None or heading["version"] != wanted:
            continue
        if heading["date"] is None:
            raise ChangelogError(f"CHANGELOG.md's section {wanted} has no date (## {wanted} — YYYY-MM-DD).")
        try:
            date.fromisoformat(heading["date"])
        except ValueError:
            raise ChangelogError(
                f"CHANGELOG.md's section {wanted} is dated '{heading['date']}', not like 2026-11-27."
            ) from None
        body: list[str] = []
        for following in lines[number + 1 :]:
            if following.startswith("## "):
                break
            body.append(following)
        result = "\n".join(body).strip()
        if not result:
            raise ChangelogError(f"CHANGELOG.md's section {wanted} says nothing.")
        return result + "\n"
    raise ChangelogError(f"CHANGELOG.md has no section for {wanted} (## {wanted} — YYYY-MM-DD).")


def program_version() -> str:
    sys.path.insert(0, str(ROOT))
    from tournament_desk import __version__

    return __version__


def check_tag(tag: str, version: str) -> None:
    if plain_version(tag) != version:
        raise ChangelogError(
            f"The tag {tag} is not the program's version {version} (tournament_desk/__init__.py): "
            f"tag v{version} or change the version first."
        )


# What each installer is for, by the end of its name (installer/build.py names them).
PLATFORMS = {
    "-windows-x64-setup.exe": "Windows 10/11 (64-bit) · Windows 10/11（64 位）",
    "-macos-arm64.dmg": "macOS 12+, Apple silicon (M1…) · 苹果芯片 Mac",
    "-macos-x86_64.dmg": "macOS 12+, Intel · 英特尔芯片 Mac",
    "-linux-x86_64.tar.gz": "Linux x86-64 (`./install.sh`) · Linux（解压后运行 install.sh）",
}
FIRST_OPEN = """\
### The first time you open it · 第一次打开

- **Windows**: if SmartScreen says “Windows protected your PC”, click **More info**, then **Run anyway**.
  若出现“Windows 已保护你的电脑”，点 **更多信息**，再点 **仍要运行**。
- **macOS**: if macOS says “Apple could not verify ‘Tournament Desk’ is free of malware” (or “cannot be opened”),
  click **Done**, open **System Settings ▸ Privacy & Security**, click **Open Anyway** beside the app's name and
  confirm with your password. 若提示“Apple 无法验证……是否包含恶意软件”：点 **完成**，打开 **系统设置 ▸ 隐私与安全性**，
  在该应用名旁点 **仍要打开**，再输入密码确认。
- Check a download against `SHA256SUMS.txt`: `certutil -hashfile FILE SHA256` (Windows), `shasum -a 256 FILE`
  (macOS), `sha256sum FILE` (Linux). 核对下载：用以上命令算出的值应与 SHA256SUMS.txt 相同。
"""


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def platform_of(name: str) -> str:
    return next((what for ending, what in PLATFORMS.items() if name.endswith(ending)), "")


def release_notes(text: str, assets: Path) -> str:
    """The release page: the CHANGELOG's ``text``, the installers in ``assets`` and how to open them."""
    files = sorted(path for path in assets.iterdir() if path.is_file() and platform_of(path.name))
    if not files:
        raise ChangelogError(f"{assets} holds no installer (TournamentDesk-…-windows-x64-setup.exe, …).")
    rows = "\n".join(f"| `{path.name}` | {platform_of(path.name)} | `{sha256(path)}` |" for path in files)
    downloads = f"## Download · 下载\n\n| file · 文件 | for · 适用于 | SHA-256 |\n|---|---|---|\n{rows}\n"
    return f"{downloads}\n{FIRST_OPEN}\n## Changes · 更新内容\n\n{text}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("version", help="the version or its tag: 0.9.0 or v0.9.0")
    parser.add_argument("--changelog", type=Path, default=CHANGELOG, help="default: the repository's")
    parser.add_argument("-o", "--output", type=Path, help="write the section here instead of printing it")
    parser.add_argument(
        "--check", action="store_true", help="also that the version is the program's; print nothing"
    )
    parser.add_argument("--assets", type=Path, help="the folder of the installers: the whole release page")
    args = parser.parse_args(argv)
    try:
        text = section(args.changelog.read_text(encoding="utf-8"), args.version)
        if args.check:
            check_tag(args.version, program_version())
        if args.assets is not None:
            text = release_notes(text, args.assets)
    except (ChangelogError, OSError) as exc:
        print(exc, file=sys.stderr)
        return 1
    if args.check:
        return 0
    if args.output is not None:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]  # Chinese on any console
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
