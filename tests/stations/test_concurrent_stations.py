"""Several scoring stations at once on one PostgreSQL server (issue 18), as real processes: two stations
registering at the same moment both succeed, two stations pairing at the same moment pair the round once (the
other is told why in one sentence), and every station's changes are in the audit trail under its name."""

from __future__ import annotations

import subprocess
import sys

import psycopg
import pytest

from tests.postgres import Cluster

pytestmark = pytest.mark.slow  # every test here takes over 0.4 s of CPU (pyproject.toml)

TDESK = [sys.executable, "-m", "tournament_desk.cli"]
REGISTER = """
import sys
from tournament_desk.services.desk import Desk
from tournament_desk.services.entrants import add_entrant
with Desk.open(url=sys.argv[1], station=sys.argv[2]) as desk:
    for i in range(int(sys.argv[3])):
        add_entrant(desk, f"{sys.argv[2]}-{i:02d}", unit=sys.argv[2])
"""


def tdesk(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*TDESK, *(str(a) for a in args)], capture_output=True, text=True, timeout=300, check=False
    )


def rows(url: str, query: str) -> list[tuple[object, ...]]:
    with psycopg.connect(url.replace("postgresql+psycopg", "postgresql")) as db:
        return db.execute(query).fetchall()


def test_two_stations_registering_at_once_both_succeed(postgres: Cluster) -> None:
    url = postgres.fresh_url()
    assert tdesk("new", "--db", url, "--name", "多站报名").returncode == 0
    stations = [
        subprocess.Popen(
            [sys.executable, "-c", REGISTER, url, station, "25"], stderr=subprocess.PIPE, text=True
        )
        for station in ("A站", "B站")
    ]
    for s in stations:
        _, err = s.communicate(timeout=300)
        assert s.returncode == 0, err
    numbers = [n for (n,) in rows(url, "SELECT draw_no FROM entrant ORDER BY draw_no")]
    assert numbers == list(range(1, 51))
    by_station = dict(
        rows(url, "SELECT station, count(*) FROM audit WHERE action = 'entrant-add' GROUP BY station")
    )
    assert by_station == {"A站": 25, "B站": 25}


def test_two_stations_pairing_at_once_pair_the_round_once(postgres: Cluster) -> None:
    url = postgres.fresh_url()
    assert tdesk("new", "--db", url, "--name", "多站编排", "--rounds", "5").returncode == 0
    # The 40 teams in one process: what is raced here is the pairing (40 `tdesk entrant add` processes cost
    # a minute of CPU importing the program 40 times).
    registered = subprocess.run(
        [sys.executable, "-c", REGISTER, url, "报名站", "40"], capture_output=True, text=True
    )
    assert registered.returncode == 0, registered.stderr
    racing = [subprocess.Popen([*TDESK, "pair", "--db", url, "--station", station], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True) for station in ("A站", "B站")]  # fmt: skip
    done = [(p.wait(timeout=300), p.stderr.read() if p.stderr else "") for p in racing]
    for p in racing:
        for stream in (p.stdout, p.stderr):
            if stream is not None:
                stream.close()
    codes = sorted(code for code, _ in done)
    assert codes == [0, 2], done
    refusal = next(err for code, err in done if code == 2)
    assert len(refusal.strip().splitlines()) == 1 and "Round 1" in refusal
    assert rows(url, "SELECT count(*) FROM round") == [(1,)]
    assert rows(url, "SELECT count(*) FROM match") == [(20,)]
    (paired_by,) = rows(url, "SELECT station FROM audit WHERE action = 'pair'")
    winner = ("A站", "B站")[[code for code, _ in done].index(0)]
    assert paired_by == (winner,)
