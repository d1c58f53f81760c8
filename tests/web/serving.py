"""``tdesk serve`` started as a user starts it: its own process, loopback only, a port the system picks."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Served:
    info: dict[str, Any]  # what `tdesk serve --json` announced: event, port, urls
    proc: subprocess.Popen[str]
    errors: list[str] = field(default_factory=list)  # its stderr, once it has stopped

    @property
    def url(self) -> str:
        return str(self.info["urls"][0])


@contextmanager
def serve(path: Path) -> Iterator[Served]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    cmd = [sys.executable, "-m", "tournament_desk.cli", "serve", str(path), "--host", "127.0.0.1", "--port", "0",
           "--json"]  # fmt: skip
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env) as proc:
        served = Served({}, proc)
        try:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            assert line, proc.stderr.read() if proc.stderr else ""
            served.info = json.loads(line)
            yield served
        finally:
            proc.terminate()
            _, errors = proc.communicate(timeout=10)
            served.errors.append(errors or "")


def free_port() -> int:
    """A loopback port free at this moment."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
