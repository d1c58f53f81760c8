"""The Chinese translation of the GUI: complete, faithful to the placeholders, compiled, and up to date.

A string added to the GUI without its Chinese fails here; ``.venv/bin/python tools/update_translations.py``
adds it to the .ts for translating (see that script's docstring).
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import string
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtCore import QTranslator
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "resources" / "i18n" / "tournament_desk_zh_CN.ts"
QM = TS.with_suffix(".qm")
FIX = "run .venv/bin/python tools/update_translations.py, translate what it lists in the .ts, run it again"


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "update_translations", ROOT / "tools" / "update_translations.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


tool = load_tool()


def messages(ts: Path = TS) -> list[tuple[str, str, ET.Element]]:
    """(context, source, translation element) of every message of the .ts."""
    found = []
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            assert translation is not None, f"[{name}] {message.findtext('source')!r} has no <translation>"
            found.append((name, message.findtext("source") or "", translation))
    return found


def fields(text: str) -> set[str]:
    """The ``{name}`` fields str.format fills in (it must be able to parse the text)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def accelerators(text: str) -> list[str]:
    return re.findall(r"&(\w)", text.replace("&&", ""))


# --- (1) the .ts: every message translated, placeholders and shape kept --------------------------------
def test_every_message_is_translated() -> None:
    found = messages()
    assert len(found) > 300
    untranslated = [(c, s) for c, s, t in found if t.get("type") is not None or not (t.text or "").strip()]
    assert not untranslated, f"untranslated (or obsolete) messages: {untranslated}; {FIX}"


def problems(source: str, translation: str) -> list[str]:
    """What in a translation would break the code around it, or read wrong on a menu."""
    found = []
    try:
        if fields(translation) != fields(source):
            found.append("placeholders differ")
    except ValueError as exc:  # a stray brace: str.format would raise on the desk
        found.append(f"not a format string ({exc})")
    if len(accelerators(translation)) != len(accelerators(source)):
        found.append("one accelerator (&X) each, or none")
    if translation.count("\n") != source.count("\n"):
        found.append("line breaks differ")
    if len(source) - len(source.lstrip()) != len(translation) - len(translation.lstrip()):
        found.append("leading space (of a suffix like ' MP') differs")
    if source.endswith("…") and not translation.endswith("…"):
        found.append("an action that opens a dialog ends in …")
    for pattern in re.findall(r"\(\*\.[^)]*\)", source):  # a file dialog's filter: Qt reads the pattern
        if pattern not in translation:
            found.append(f"file filter {pattern} lost")
    return found


def test_every_translation_keeps_what_the_code_relies_on() -> None:
    bad = [
        f"[{context}] {source!r} → {translation.text!r}: {', '.join(why)}"
        for context, source, translation in messages()
        if (why := problems(source, translation.text or ""))
    ]
    assert not bad, "\n".join(bad)


def test_the_checks_catch_a_broken_translation() -> None:
    assert problems("Round {n}", "第 {n} 轮") == []
    assert problems("Round {n}", "第 {round} 轮") == ["placeholders differ"]
    assert problems("Entrants: {count}", "参赛队：{count") == [
        "not a format string (expected '}' before end of string)"
    ]
    assert problems("&File", "文件") == ["one accelerator (&X) each, or none"]
    assert problems(" MP", "场分") == ["leading space (of a suffix like ' MP') differs"]
    assert problems("Sheets (*.xlsx *.csv)", "报名表（*.xlsx）") == ["file filter (*.xlsx *.csv) lost"]


def test_the_terms_of_the_desk_are_used() -> None:
    """The words the rest of the program (tournament_desk/i18n/zh_cn.py) and the printed reports use."""
    table = {(c, s): t.text for c, s, t in messages()}
    assert table["ResultsModel", "MP"] == table["StandingsTableModel", "MP"] == "场分"
    assert table["ResultsModel", "VP"] == table["StandingsTableModel", "VP"] == "标准分"
    assert table["StandingsTableModel", "Opp."] == "对手分"
    assert table["RoundModel", "Bye"] == "轮空"
    assert table["ResultsModel", "Home / NS"] == "主队（南北）"
    assert table["ResultsModel", "Away / EW"] == "客队（东西）"
    assert table["RulesText", "Defenders' points"] == "防家得分"  # the rules' sentences: i18n (issue 31)
    assert table["WindowBase", "Tournament Desk"] == "赛事编排台"
    # The results page filters its status column by the word the model shows.
    assert table["ResultsPage", "missing"] == table["ResultsModel", "missing"]
    # Players are shown joined and read back when edited in place: the services split on 、 too.
    assert table["EntrantsTableModel", ", "] == "、"


# --- (2) the .qm is the compiled .ts --------------------------------------------------------------------
@pytest.mark.slow
def test_the_qm_is_the_compiled_ts(tmp_path: Path) -> None:
    fresh = tmp_path / QM.name
    subprocess.run(
        [tool.tool("pyside6-lrelease"), str(TS), "-qm", str(fresh)], check=True, capture_output=True
    )
    assert fresh.read_bytes() == QM.read_bytes(), f"the .qm is older than the .ts: {FIX}"


def test_the_qm_loads_and_translates(qapp: QApplication) -> None:
    translator = QTranslator()
    assert translator.load(str(QM))
    assert translator.translate("WindowMenus", "&File") == "文件(&F)"
    assert translator.translate("EntrantsTableModel", "Players") == "队员"
    assert translator.translate("RulesText", "Defenders' points") == "防家得分"
    assert translator.translate("ResultsPage", "Round {n}").format(n=3) == "第 3 轮"


# --- (3) every string of the code is in the .ts, translated ------------------------------------------------
@pytest.mark.slow
def test_lupdate_finds_no_new_string(tmp_path: Path) -> None:
    copy = tmp_path / TS.name
    shutil.copyfile(TS, copy)
    report = tool.update_ts(copy)
    missing = tool.unfinished(copy)
    assert report.new == 0 and not missing, f"strings without Chinese: {missing}; {FIX}\n{report.output}"
    assert report.found == len(messages()), f"strings have left the code: {FIX}"


@pytest.mark.slow
def test_every_translated_call_is_in_the_ts() -> None:
    """Read from the syntax tree, as the running program asks Qt: context and text must match the .ts exactly
    (this is what the helper rewriting for lupdate relies on)."""
    in_ts = {(c, s) for c, s, t in messages() if t.get("type") is None and (t.text or "").strip()}
    called = list(tool.extract_messages())
    assert len(called) > 300
    missing = sorted(
        f"{m.path.relative_to(ROOT)}:{m.line} [{m.context}] {m.source!r}"
        for m in called
        if (m.context, m.source) not in in_ts
    )
    assert not missing, f"translated in the code but not in the .ts: {missing}; {FIX}"


def test_the_helpers_of_the_models_are_read_with_their_context(tmp_path: Path) -> None:
    """lupdate alone would skip ``_tr("…")`` and file ``tr("…")`` under no context."""
    source = tmp_path / "model.py"
    source.write_text(
        'CONTEXT = "Ctx"\n'
        "def _tr(text):\n    return QCoreApplication.translate(CONTEXT, text)\n"
        'NAMES = {"a": QT_TRANSLATE_NOOP(CONTEXT, "Alpha")}\n'
        'class Thing(QObject):\n    def label(self):\n        return self.tr("Label") + _tr("Beta")\n',
        encoding="utf-8",
    )
    found = {(m.context, m.source, m.line) for m in tool.extract_messages([source])}
    assert found == {("Ctx", "Alpha", 4), ("Thing", "Label", 7), ("Ctx", "Beta", 7)}
    rewritten = tool.lupdate_copy(source).decode()
    assert rewritten.count("\n") == source.read_text(encoding="utf-8").count("\n")
    assert 'QT_TRANSLATE_NOOP("Ctx", "Alpha")' in rewritten
    assert 'self.tr("Label") + QCoreApplication.translate("Ctx", "Beta")' in rewritten


def test_export_file_names_are_chinese(qapp: QApplication) -> None:
    translator = QTranslator()
    assert translator.load(str(QM))
    assert translator.translate("OutputActions", "Round {n} pairings").format(n=2) == "第2轮对阵表"
    assert translator.translate("OutputActions", "Standings after round {n}").format(n=3) == "第3轮后名次表"
