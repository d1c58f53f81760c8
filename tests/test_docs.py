"""The documentation points where the code says: every rule the code cites is a section of docs/rules.md, and
every picture or page the user guide links to exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CITED = re.compile(r"(?:SPEC|rules\.md) §(\d+(?:\.\d+)?)")
HEADING = re.compile(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", re.MULTILINE)
LINK = re.compile(r"\]\(([^)#\s]+)|src=\"([^\"]+)\"")


def test_every_rule_the_code_cites_is_a_section_of_docs_rules() -> None:
    sections = set(HEADING.findall((ROOT / "docs" / "rules.md").read_text(encoding="utf-8")))
    cited = {
        number
        for folder in ("tournament_desk", "tests")
        for path in (ROOT / folder).rglob("*.py")
        for number in CITED.findall(path.read_text(encoding="utf-8"))
    }
    assert cited and cited <= sections, sorted(cited - sections)


def test_the_chinese_documents_link_to_what_exists() -> None:
    pages = [*(ROOT / "docs" / "guide").glob("*.md"), ROOT / "README.zh-CN.md", ROOT / "docs" / "server.zh-CN.md",
             ROOT / "CONTRIBUTING.md"]  # fmt: skip
    missing = [
        f"{page.name} → {target}"
        for page in pages
        for groups in LINK.findall(page.read_text(encoding="utf-8"))
        for target in groups
        if target and "://" not in target and not (page.parent / target).exists()
    ]
    assert not missing, missing
