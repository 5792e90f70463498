"""``solitaire describe``: the engine's description of a position, in the page's language."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from . import engine_call

if TYPE_CHECKING:
    from . import Directive

KIND = "describe"
KEYS = ("game",)
OPTIONAL = ("position", "code", "rules")


def render(d: Directive) -> str:
    pos = engine_call.position(d)
    text = engine_call.call(d, "game", pos.describe, d.lang)
    return f'<p class="state-description">{escape(text)}</p>'
