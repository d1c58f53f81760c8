"""kill -9 at random moments (issue 15): during `result --import`, during `pair` and during the backup step that
comes before a pairing, on a 2000-entrant event. After every kill the file passes `PRAGMA integrity_check`, holds
the data either all before or all after the command, and no backup that looks good is damaged or empty.

Each trial copies one prepared file, starts the real command in its own process, kills it after a random delay
(bounded by how long the command takes when left alone, measured first) and inspects the file with SQLite alone.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from tournament_desk.userdata import backup_folder

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

ENTRANTS = 2000
TRIALS = 12  # per command: 36 kills in all
COMMAND = [sys.executable, "-m", "tournament_desk.cli"]


def tdesk(*args: object, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [*COMMAND, *(str(a) for a in args)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env
    )


def run(*args: object) -> None:
    done = tdesk(*args)
    _, err = done.communicate(timeout=300)
    assert done.returncode == 0, err.decode()


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """A 2000-entrant event with round 1 played and round 2 paired, and a sheet of every round-2 result."""
    folder = tmp_path_factory.mktemp("kill")
    path = folder / "big.tdesk"
    run("demo", path, "--entrants", ENTRANTS, "--played", 1, "--rounds", 5, "--seed", 3)
    run("pair", path)
    with closing(sqlite3.connect(path)) as db:
        tables = db.execute("SELECT table_no FROM match WHERE round_no = 2 ORDER BY table_no").fetchall()
    sheet = folder / "round2.csv"
    rng = random.Random(5)
    sheet.write_text(
        "round,table,home,away\n"
        + "".join(f"2,{t},{rng.randint(2, 14)},{rng.randint(2, 14)}\n" for (t,) in tables),
        encoding="utf-8",
    )
    yield path, sheet


def state(path: Path) -> tuple[str, int, int, int]:
    """Integrity, rounds paired, round-2 tables with a result, round-3 tables: read by SQLite alone (which rolls a
    hot journal back first, as the program does when it opens the file)."""
    with closing(sqlite3.connect(path)) as db:
        integrity = db.execute("PRAGMA integrity_check").fetchone()[0]
        rounds = db.execute("SELECT count(*) FROM round").fetchone()[0]
        results = db.execute(
            "SELECT count(*) FROM match WHERE round_no = 2 AND kind != 'pending'"
        ).fetchone()[0]
        third = db.execute("SELECT count(*) FROM match WHERE round_no = 3").fetchone()[0]
    return integrity, rounds, results, third


def backups_are_sound(path: Path) -> None:
    """Every file named like a backup opens and passes quick_check (a cut-off one keeps its temporary name)."""
    folder = backup_folder(path)
    if not folder.exists():
        return
    for backup in folder.glob("*.tdesk"):
        assert backup.stat().st_size > 0, backup.name
        with closing(sqlite3.connect(f"file:{backup}?mode=ro", uri=True)) as db:
            assert db.execute("PRAGMA quick_check").fetchone()[0] == "ok", backup.name


def timed(args: list[object], env: dict[str, str] | None = None) -> float:
    started = time.perf_counter()
    done = tdesk(*args, env=env)
    _, err = done.communicate(timeout=300)
    assert done.returncode == 0, err.decode()
    return time.perf_counter() - started


def trials(
    prepared: tuple[Path, Path], tmp_path: Path, make_args: object, seed: int, whole: float | None = None
) -> list[tuple[str, int, int, int]]:
    """``whole``: how long the command takes left alone, when a fixture has already run it so (else measured)."""
    base, sheet = prepared
    rng = random.Random(seed)
    if whole is None:
        probe = tmp_path / "probe.tdesk"
        shutil.copy(base, probe)
        whole = timed(make_args(probe, sheet))  # type: ignore[operator]
    seen = []
    for i in range(TRIALS):
        path = tmp_path / f"trial{i}.tdesk"
        shutil.copy(base, path)
        process = tdesk(*make_args(path, sheet))  # type: ignore[operator]
        time.sleep(rng.uniform(0.05, whole))
        process.send_signal(signal.SIGKILL)
        process.communicate(timeout=60)
        seen.append(state(path))
        backups_are_sound(path)
        path.unlink()
        shutil.rmtree(backup_folder(path), ignore_errors=True)
    return seen


@pytest.fixture(scope="module")
def imported(prepared: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, float]:
    """A copy of the prepared event with round 2's results imported (ready to pair round 3), and how long that
    import took left alone: the bound of the import's kills. Every test copies the file before changing it."""
    base, sheet = prepared
    path = tmp_path_factory.mktemp("played") / "played.tdesk"
    shutil.copy(base, path)
    return path, timed(["result", path, "--import", sheet])


@pytest.fixture
def played(imported: tuple[Path, float]) -> Path:
    return imported[0]


def test_kills_during_a_result_import_leave_all_or_nothing(
    prepared: tuple[Path, Path], imported: tuple[Path, float], tmp_path: Path
) -> None:
    _, _, before, _ = state(prepared[0])
    assert before == 0
    tables = len(prepared[1].read_text(encoding="utf-8").splitlines()) - 1
    assert state(imported[0])[2] == tables  # the import left alone stores every row
    import_ = lambda path, sheet: ["result", path, "--import", sheet]  # noqa: E731
    seen = trials(prepared, tmp_path, import_, seed=1, whole=imported[1])
    for integrity, rounds, results, _ in seen:
        assert integrity == "ok"
        assert rounds == 2
        assert results in (0, tables)


def test_kills_during_pairing_and_its_backup_leave_all_or_nothing(
    prepared: tuple[Path, Path], played: Path, tmp_path: Path
) -> None:
    sheet = prepared[1]
    seen = trials((played, sheet), tmp_path, lambda path, _sheet: ["pair", path], seed=2)
    for integrity, rounds, _, third in seen:
        assert integrity == "ok"
        assert (rounds, third) == (2, 0) or (rounds == 3 and third == ENTRANTS // 2)


def test_kills_during_the_backup_step_leave_no_damaged_backup(played: Path, tmp_path: Path) -> None:
    """The backup is the first thing pairing does: kills early in `pair` land in it (its copy and check)."""
    rng = random.Random(3)
    for i in range(TRIALS):
        path = tmp_path / f"backup{i}.tdesk"
        shutil.copy(played, path)
        process = tdesk("pair", path)
        time.sleep(rng.uniform(0.3, 0.9))  # start-up takes ~0.3 s; the backup comes right after
        os.kill(process.pid, signal.SIGKILL)
        process.communicate(timeout=60)
        integrity, rounds, _, _ = state(path)
        assert integrity == "ok" and rounds in (2, 3)
        backups_are_sound(path)
        path.unlink()
        shutil.rmtree(backup_folder(path), ignore_errors=True)
