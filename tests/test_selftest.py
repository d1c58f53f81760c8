"""``tournament-desk --self-test`` (tournament_desk/selftest.py): passes on a working program, names what fails.

installer/build.py runs the same check on the frozen app; here it runs from source.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest

from tournament_desk import __version__, selftest


@pytest.mark.slow
def test_the_self_test_passes_from_source() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "tournament_desk", "--self-test"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith(f"Tournament Desk {__version__} self-test (from source")
    for name, _check in selftest.CHECKS:
        assert any(line.startswith(f"  ok    {name}: ") for line in lines), f"{name} missing:\n{run.stdout}"
    assert "VP sum to 20 and MP to 3" in run.stdout
    assert "WenQuanYiMicroHei embedded" in run.stdout
    assert lines[-1].startswith(f"Self-test passed: {len(selftest.CHECKS)} checks")


def test_version() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "tournament_desk", "--version"], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0 and run.stdout.strip() == f"Tournament Desk (赛事编排台) {__version__}"


@pytest.mark.slow
def test_a_failed_check_is_named_the_rest_skipped_and_the_status_is_1(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(selftest, "PDF_FONT", b"NoSuchFont")
    data_dir = os.environ["TDESK_DATA_DIR"]
    out = io.StringIO()
    assert selftest.run(out, window=False) == 1
    report = out.getvalue()
    assert "  ok    standings: " in report
    assert "  FAIL  PDF: " in report and "does not embed the Chinese font NoSuchFont" in report
    assert "  skip  Excel" in report
    assert report.splitlines()[-1].startswith("Self-test FAILED")
    assert os.environ["TDESK_DATA_DIR"] == data_dir  # its private user-data folder is gone again


@pytest.mark.slow
def test_an_error_in_a_check_is_a_failure_with_where_it_happened(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the scoring desk is on fire")

    monkeypatch.setattr(selftest, "record_result", broken)
    out = io.StringIO()
    assert selftest.run(out, window=False) == 1
    assert "  FAIL  results: RuntimeError: the scoring desk is on fire (test_selftest.py:" in out.getvalue()
