"""The log to send (tournament_desk/logs.py, issue 28): a rotating file in the user-data folder, written by tdesk
(start, stop, refusals in one line, errors with their traceback), never a password, a code or a cookie."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournament_desk import logs, userdata
from tournament_desk.cli import main


@pytest.fixture
def log_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv(userdata.ENV, str(tmp_path / "data"))
    logs.stop_writing()
    yield tmp_path / "data" / "logs" / logs.LOG_NAME
    logs.stop_writing()


@pytest.mark.parametrize(
    ("line", "secret"),
    [
        ("opening postgresql+psycopg://desk:s3cr@t!@db.hall:5432/cup", "s3cr@t!"),
        ("connect host=db user=desk password=hunter2 dbname=cup", "hunter2"),
        ("env PGPASSWORD=hunter2", "hunter2"),
        ('{"password": "hunter2"}', "hunter2"),
        ("GET /c/Qx9_-kL3mN0pQrStUvWxYz012345678 200", "Qx9_-kL3mN0pQrStUvWxYz012345678"),
        ("POST /t/AbCdEfGh1 303", "AbCdEfGh1"),
        ("GET /find?name=%E5%BC%A0%E4%B8%89 200", "name=%E5%BC%A0"),
        ("Cookie: tdesk_card=SeCrEt123; tdesk_lang=zh", "SeCrEt123"),
        ("set tdesk_card=SeCrEt123; Max-Age=345600", "SeCrEt123"),
    ],
)
def test_secrets_are_masked(line: str, secret: str) -> None:
    masked = logs.mask(line)
    assert secret not in masked and logs.MASK in masked


def test_ordinary_sentences_are_left_alone() -> None:
    for line in ("Round 3 paired: 40 tables.", "Change round 1?", "http://192.168.1.20:8765/ serving"):
        assert logs.mask(line) == line


@given(st.text(alphabet=st.characters(whitelist_categories=("L", "N"), whitelist_characters="!#$%^*()-_+~"),
               min_size=4, max_size=40))  # fmt: skip
def test_no_database_password_survives_masking(password: str) -> None:
    # compared whole: the password may also be a word of the text around it ("desk", "5432")
    url = "cannot reach postgresql+psycopg://desk:{}@10.0.0.9:5432/x"
    assert logs.mask(url.format(password)) == url.format(logs.MASK)
    assert logs.mask(f"login password={password} refused") == f"login password={logs.MASK} refused"


def test_the_log_rotates_at_one_megabyte_with_five_kept(log_file: Path) -> None:
    assert logs.start("tdesk") == log_file
    handler = logs.file_handler()
    assert handler is not None and handler.maxBytes == 1024 * 1024 and handler.backupCount == 5
    assert log_file.parent == userdata.log_dir()


def test_tdesk_logs_start_stop_refusals_and_errors_without_secrets(
    log_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = tmp_path / "cup.tdesk"
    assert main(["new", str(event), "--name", "杯"]) == 0
    assert main(["entrant", "add", str(event), "甲", "--unit", "x" * 5000]) == 2  # refused in one sentence
    assert main(["new", "--db", "postgresql+psycopg://desk:hunter2@127.0.0.1:1/cup", "--name", "杯"]) == 2
    capsys.readouterr()
    assert logs.file_handler() is None  # each command closes the file as it ends
    logs.start("window")
    logs.log.error("boom", exc_info=ValueError("at postgresql://desk:hunter2@db/cup"))
    text = log_file.read_text(encoding="utf-8")
    assert "start tdesk" in text and "stop tdesk (exit 0)" in text and "stop tdesk (exit 2)" in text
    refusals = [line for line in text.splitlines() if "refused in tdesk entrant" in line]
    assert len(refusals) == 1 and "INFO" in refusals[0]
    assert "ValueError: at postgresql://desk:***@db/cup" in text
    assert "hunter2" not in text


def test_an_unexpected_error_is_logged_with_its_traceback(
    log_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    def explode(self: object) -> None:
        raise RuntimeError("nobody expected table 0")

    monkeypatch.setattr("tournament_desk.cli.event.EventCommands.new", explode)  # `tdesk new` runs it alone
    assert main(["new", str(tmp_path / "x.tdesk"), "--name", "杯"]) == 1
    assert capsys.readouterr().err.startswith("Unexpected error: RuntimeError")
    text = log_file.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text and "RuntimeError: nobody expected table 0" in text


def test_others_write_only_warnings(log_file: Path) -> None:
    logs.start("tdesk")
    logging.getLogger("sqlalchemy.engine.Engine").info("SELECT secret_hash FROM live_card")
    logging.getLogger("uvicorn.error").warning("something the server met")
    text = log_file.read_text(encoding="utf-8")
    assert "secret_hash" not in text and "something the server met" in text
