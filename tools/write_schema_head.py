"""Write ``tournament_desk/storage/schema_head.py``: the SQL this program's models create, at the head revision.

    .venv/bin/python tools/write_schema_head.py          # after a migration and its models change
    .venv/bin/python tools/write_schema_head.py --check  # change nothing; exit 1 if the file is not the models'

Every opening of a file compares its schema with the program's (``storage.schema_guard``); compiling the models'
DDL for that cost about 30 ms of every `tdesk` command (issue 29), so the statements are written down here, by this
tool, from the models. tests/storage/test_schema_guard.py fails while its statements or revision differ from the models'.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TARGET = ROOT / "tournament_desk" / "storage" / "schema_head.py"


def text() -> str:
    from tournament_desk.storage.revisions import head_revision
    from tournament_desk.storage.schema_guard import statements_from_models

    lines = [
        '"""The SQL the models create at the head revision. Written by tools/write_schema_head.py; do not edit."""',
        "",
        f"REVISION = {head_revision()!r}",
        "STATEMENTS = (",
        *(f"    {statement!r}," for statement in statements_from_models()),
        ")",
        "",
    ]
    return "\n".join(lines)


def behind() -> bool:
    """The written statements or their revision are not the models' (what tests/storage checks)."""
    from tournament_desk.storage import schema_head
    from tournament_desk.storage.revisions import head_revision
    from tournament_desk.storage.schema_guard import statements_from_models

    return (head_revision(), tuple(statements_from_models())) != (
        schema_head.REVISION,
        schema_head.STATEMENTS,
    )


def main() -> int:
    if "--check" in sys.argv[1:]:
        if behind():
            print(f"{TARGET.relative_to(ROOT)} is not the models' schema: run tools/write_schema_head.py")
            return 1
        return 0
    TARGET.write_text(text(), encoding="utf-8")
    # The repository's formatter, so the file stays as ruff leaves it.
    ruff = Path(sys.executable).with_name("ruff")
    if ruff.exists():
        subprocess.run([str(ruff), "format", "--quiet", str(TARGET)], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
