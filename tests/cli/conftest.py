import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tournament_desk.cli import main
from tournament_desk.userdata import backup_folder


@dataclass
class Run:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


Tdesk = Callable[..., Run]


@pytest.fixture
def tdesk(capsys: pytest.CaptureFixture[str]) -> Tdesk:
    def run(*args: object) -> Run:
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


def fingerprint(path: Path) -> str:
    """The file's bytes and its automatic backups: what 'nothing was written' means."""
    h = hashlib.sha256(path.read_bytes() if path.exists() else b"<missing>")
    backups = backup_folder(path)
    if backups.exists():
        for b in sorted(backups.iterdir()):
            h.update(b.name.encode())
    return h.hexdigest()
