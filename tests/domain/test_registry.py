"""A registry imports an entry when first asked for it, makes it once, and lists every name in order."""

from __future__ import annotations

import sys

import pytest

from tournament_desk.domain.registry import Registry


def test_an_entry_is_imported_when_first_used_and_made_once() -> None:
    sys.modules.pop("wave", None)  # a module nothing else here imports
    registry: Registry[object] = Registry({"a": "fractions:Fraction", "b": "wave:Error"})
    assert list(registry) == ["a", "b"] and len(registry) == 2 and "b" in registry
    assert "wave" not in sys.modules
    first = registry["a"]
    assert registry["a"] is first
    registry["b"]
    assert "wave" in sys.modules


def test_an_unknown_name_is_a_key_error_and_a_set_entry_is_used_as_it_is() -> None:
    registry: Registry[object] = Registry({"a": "fractions:Fraction"})
    with pytest.raises(KeyError):
        registry["z"]
    assert registry.get("z") is None
    extra = object()
    registry["z"] = extra
    assert registry["z"] is extra and list(registry) == ["a", "z"]
    del registry["z"]
    assert list(registry) == ["a"]
