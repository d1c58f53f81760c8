"""The house stays livable (issue 25): no import circle, no module past 400 lines, no reaching into another
module's private names. Read from the source as text (``ast``), nothing imported."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import tournament_desk

PACKAGE = Path(tournament_desk.__file__).parent
LIMIT = 400  # lines; a module past it is asking to be split (ARCHITECTURE.md)
# Migrations are history: each is as long as the change it made, and none is edited again.
LONG_ALLOWED = ("storage/migrations/",)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imported(path: Path, known: dict[str, Path]) -> Iterator[tuple[str, ast.ImportFrom | ast.Import]]:
    """The package's modules ``path`` imports at module level or in a function (``TYPE_CHECKING`` too)."""
    own = module_name(path)
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    yield alias.name, node
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                if full in known:
                    yield full, node
                elif base in known:
                    yield base, node


def graph() -> dict[str, set[str]]:
    known = modules()
    edges: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        for target, _node in imported(path, known):
            if target != name:
                edges[name].add(target)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components with more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for target in edges[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


@pytest.mark.slow
def test_no_import_circle() -> None:
    found = circles(graph())
    assert not found, "modules that import each other (a circle):\n" + "\n".join(" ↔ ".join(c) for c in found)


def test_the_circle_finder_finds_one() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_module_past_the_limit() -> None:
    long = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > LIMIT and not relative.startswith(LONG_ALLOWED):
            long.append(f"{relative}: {lines} lines")
    assert not long, f"modules over {LIMIT} lines (split them by what they do):\n" + "\n".join(long)


@pytest.mark.slow
def test_no_module_imports_another_modules_private_names() -> None:
    """``from x import _helper`` reaches behind x's public face: make the name public where it is shared,
    or move it to the module both need."""
    known = modules()
    found = []
    for name, path in sorted(known.items()):
        for target, node in imported(path, known):
            if isinstance(node, ast.ImportFrom) and target != name:
                private = [
                    a.name for a in node.names if a.name.startswith("_") and not a.name.startswith("__")
                ]
                if private:
                    found.append(f"{name} imports {', '.join(private)} from {target}")
    assert not found, "private names used across modules:\n" + "\n".join(sorted(set(found)))
