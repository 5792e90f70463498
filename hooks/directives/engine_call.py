"""Calling the engine from a directive: its errors become the directive's errors."""

from __future__ import annotations

from typing import TYPE_CHECKING

import engine

if TYPE_CHECKING:
    from . import Directive


def position(d: Directive):
    """The position a directive names: ``game`` and ``position`` (+ ``rules``) or ``code``."""
    game, text, code = d.get("game"), d.get("position"), d.get("code")
    if (text is None) == (code is None):
        raise d.fail("give either 'position' or 'code'", "position" if text else None)
    try:
        return engine.position(game, text, rules=d.get("rules"), code=code)
    except engine.EngineError as e:
        raise d.fail(e.message, "position" if text is not None else "code") from None


def call(d: Directive, key: str, fn, *args, **kwargs):
    """``fn(*args, **kwargs)`` with an ``EngineError`` reported at the line of ``key``."""
    try:
        return fn(*args, **kwargs)
    except engine.EngineError as e:
        raise d.fail(e.message, key) from None
