"""Update the GUI's Chinese translation: lupdate every .py under tournament_desk/gui into the .ts, then
lrelease it into the .qm the application loads.

    .venv/bin/python tools/update_translations.py           # update the .ts, compile the .qm
    .venv/bin/python tools/update_translations.py --check   # change nothing; exit 1 if a message lacks Chinese

After adding or changing a user-facing string: run it, open ``resources/i18n/tournament_desk_zh_CN.ts`` (in
Qt Linguist, ``.venv/bin/pyside6-linguist``, or any editor), translate the entries marked
``type="unfinished"``, remove that mark, and run it again so the .qm follows. Commit both files.
Translations of existing strings are kept; strings that left the code are dropped (``-no-obsolete``).
Running it twice changes nothing. tests/gui/test_translations.py fails while any string is untranslated.

lupdate reads ``self.tr("…")``, ``QCoreApplication.translate("Context", "…")`` and
``QT_TRANSLATE_NOOP("Context", "…")`` with literal arguments, but not the module helpers the models use
(``def _tr(text): return QCoreApplication.translate(CONTEXT, text)``, ``QT_TRANSLATE_NOOP(CONTEXT, "…")``):
it would skip ``_tr("…")`` and file a bare ``tr("…")`` under no context, where the running program never
looks. So lupdate reads a copy of each file in which those calls are spelled out with their literal
context, the same length in lines so the locations in the .ts still point at the real source.
``extract_messages`` reads the same calls straight from the syntax tree; the test compares it with the .ts.
"""

from __future__ import annotations

import argparse
import ast
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUI = ROOT / "tournament_desk" / "gui"
TS = ROOT / "resources" / "i18n" / "tournament_desk_zh_CN.ts"
QM = TS.with_suffix(".qm")
LANGUAGE = "zh_CN"

TRANSLATE_NAMES = {"translate", "QT_TRANSLATE_NOOP", "QT_TRANSLATE_NOOP3"}  # (context, text, …)
CLASS_TR_NAMES = {"tr", "QT_TR_NOOP"}  # (text, …) in the context of the class around the call


def tool(name: str) -> str:
    """A Qt tool of the PySide6 in this interpreter's environment (the venv), else from PATH."""
    beside = [Path(sys.executable).parent / f"{name}{suffix}" for suffix in ("", ".exe")]
    found = next((str(p) for p in beside if p.exists()), None) or shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found: install PySide6 into the venv (python3 dev.py test does).")
    return found


def gui_sources() -> list[Path]:
    return sorted(p for p in GUI.rglob("*.py") if "__pycache__" not in p.parts)


# --- reading the translation calls from the syntax tree ------------------------------------------------
@dataclass
class Message:
    context: str
    source: str
    path: Path
    line: int


@dataclass
class _Edit:
    start: tuple[int, int]  # (line, byte column)
    end: tuple[int, int]
    text: str


@dataclass
class _Scan:
    path: Path
    constants: dict[str, str] = field(default_factory=dict)
    helpers: dict[str, str] = field(default_factory=dict)  # helper function name → its context
    messages: list[Message] = field(default_factory=list)
    edits: list[_Edit] = field(default_factory=list)


def _call_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _literal(node: ast.expr, constants: dict[str, str]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return constants.get(node.id)
    return None


def _helper_context(fn: ast.FunctionDef, constants: dict[str, str]) -> str | None:
    """``def _tr(text): return QCoreApplication.translate(CONTEXT, text)`` → CONTEXT's value."""
    body = fn.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # a docstring
    if len(fn.args.args) != 1 or len(body) != 1 or not isinstance(body[0], ast.Return):
        return None
    call = body[0].value
    if not (isinstance(call, ast.Call) and _call_name(call.func) == "translate" and len(call.args) == 2):
        return None
    text = call.args[1]
    if not (isinstance(text, ast.Name) and text.id == fn.args.args[0].arg):
        return None
    return _literal(call.args[0], constants)


class _Visitor(ast.NodeVisitor):
    def __init__(self, scan: _Scan) -> None:
        self.scan = scan
        self.classes: list[str] = []

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def visit_Call(self, node: ast.Call) -> None:
        self.generic_visit(node)
        name = _call_name(node.func)
        scan = self.scan
        if name in scan.helpers and isinstance(node.func, ast.Name) and len(node.args) == 1:
            text = _literal(node.args[0], {})
            if text is not None:
                context = scan.helpers[name]
                self.add(context, text, node)
                # helper("…") → QCoreApplication.translate("Context", "…") for lupdate
                func = node.func
                arg = node.args[0]
                scan.edits.append(
                    _Edit(
                        (func.lineno, func.col_offset),
                        (func.end_lineno or func.lineno, func.end_col_offset or 0),
                        "QCoreApplication.translate",
                    )
                )
                scan.edits.append(
                    _Edit((arg.lineno, arg.col_offset), (arg.lineno, arg.col_offset), f"{_quote(context)}, ")
                )
            return
        if name in TRANSLATE_NAMES and len(node.args) >= 2:
            context = _literal(node.args[0], scan.constants)
            text = _literal(node.args[1], {})
            if context is not None and text is not None:
                self.add(context, text, node)
                first = node.args[0]
                if isinstance(first, ast.Name):  # QT_TRANSLATE_NOOP(CONTEXT, "…"): lupdate needs the literal
                    scan.edits.append(
                        _Edit(
                            (first.lineno, first.col_offset),
                            (first.end_lineno or first.lineno, first.end_col_offset or 0),
                            _quote(context),
                        )
                    )
            return
        if name in CLASS_TR_NAMES and isinstance(node.func, ast.Attribute) and node.args and self.classes:
            text = _literal(node.args[0], {})
            if text is not None:
                self.add(self.classes[-1], text, node)

    def add(self, context: str, text: str, node: ast.Call) -> None:
        self.scan.messages.append(Message(context, text, self.scan.path, node.lineno))


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def scan_file(path: Path) -> _Scan:
    tree = ast.parse(path.read_bytes(), filename=str(path))
    scan = _Scan(path)
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            scan.constants[node.targets[0].id] = node.value.value
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and (context := _helper_context(node, scan.constants)):
            scan.helpers[node.name] = context
    _Visitor(scan).visit(tree)
    return scan


def extract_messages(paths: list[Path] | None = None) -> Iterator[Message]:
    """Every (context, source text) the GUI code asks Qt to translate, as the running program asks it."""
    for path in gui_sources() if paths is None else paths:
        yield from scan_file(path).messages


def lupdate_copy(path: Path) -> bytes:
    """The file's text with the helper calls spelled out for lupdate; the same lines, edits within a line."""
    lines = path.read_bytes().splitlines(keepends=True)
    for edit in sorted(scan_file(path).edits, key=lambda e: e.start, reverse=True):
        (line, col), (end_line, end_col) = edit.start, edit.end
        assert line == end_line, f"{path}:{line}: a translation call's name spans lines"
        raw = lines[line - 1]
        lines[line - 1] = raw[:col] + edit.text.encode() + raw[end_col:]
    return b"".join(lines)


# --- lupdate and lrelease ----------------------------------------------------------------------------------
@dataclass
class UpdateReport:
    found: int
    new: int
    existing: int
    output: str


def update_ts(ts: Path = TS) -> UpdateReport:
    """Merge the strings of the code into ``ts`` (created if missing), keeping its translations.

    lupdate runs in a temporary tree laid out like the checkout (tournament_desk/gui/…, resources/i18n/…), so
    the locations it writes are the ones the .ts would have in the checkout.
    """
    with tempfile.TemporaryDirectory(prefix="tdesk-lupdate-") as folder:
        tree = Path(folder)
        copies = []
        for path in gui_sources():
            copy = tree / path.relative_to(ROOT)
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_bytes(lupdate_copy(path))
            copies.append(copy)
        work_ts = tree / TS.relative_to(ROOT)
        work_ts.parent.mkdir(parents=True, exist_ok=True)
        if ts.exists():
            shutil.copyfile(ts, work_ts)
        command = [
            tool("pyside6-lupdate"),
            *map(str, copies),
            "-ts",
            str(work_ts),
            "-no-obsolete",
            "-locations",
            "absolute",
            "-source-language",
            "en",
            "-target-language",
            LANGUAGE,
        ]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        output = done.stdout + done.stderr
        if done.returncode != 0:
            raise SystemExit(f"lupdate failed:\n{output}")
        match = re.search(r"Found (\d+) source text\(s\) \((\d+) new and (\d+) already existing\)", output)
        if match is None:
            raise SystemExit(f"lupdate said something unexpected:\n{output}")
        ts.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(work_ts, ts)
    found, new, existing = map(int, match.groups())
    return UpdateReport(found, new, existing, output)


def release(ts: Path = TS, qm: Path = QM) -> str:
    done = subprocess.run(
        [tool("pyside6-lrelease"), str(ts), "-qm", str(qm)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"lrelease failed:\n{done.stdout}{done.stderr}")
    return done.stdout


def unfinished(ts: Path = TS) -> list[tuple[str, str]]:
    """(context, source) of every message without a finished translation."""
    missing = []
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            if (
                translation is None
                or translation.get("type") is not None
                or not (translation.text or "").strip()
            ):
                missing.append((name, message.findtext("source") or ""))
    return missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 if a message lacks Chinese"
    )
    args = parser.parse_args(argv)
    if args.check:
        with tempfile.TemporaryDirectory() as folder:
            ts = Path(folder) / TS.name
            shutil.copyfile(TS, ts)
            report = update_ts(ts)
            missing = unfinished(ts)
    else:
        report = update_ts()
        missing = unfinished()
        print(release().strip())
    print(f"{report.found} messages: {report.new} new, {report.existing} already in {TS.name}.")
    for context, source in missing:
        print(f"  untranslated: [{context}] {source!r}")
    if missing:
        print(f"{len(missing)} untranslated: translate them in {TS.relative_to(ROOT)} and run this again.")
    return 1 if args.check and missing else 0


if __name__ == "__main__":
    sys.exit(main())
