"""``solitaire score-table``: the scoring table, from the engine, in the page's language."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

import engine

from . import engine_call

if TYPE_CHECKING:
    from . import Directive

KIND = "score-table"
KEYS = ("game",)
OPTIONAL = ("rules",)
MESSAGES = (("score-table", "What happens"), ("score-table", "Points"), ("score-table", "Dollars"))


def render(d: Directive) -> str:
    rows = engine_call.call(d, "game", engine.scoring_table, d.get("game"), rules=d.get("rules"), lang=d.lang)
    unit = "Dollars" if engine.rules(d.get("game"), d.get("rules")).in_dollars else "Points"  # Vegas counts dollars
    head = "".join(f"<th>{escape(d.gettext('score-table', h))}</th>" for h in ("What happens", unit))
    body = "".join(f'<tr><td>{escape(label)}</td><td class="points">{escape(points)}</td></tr>'
                   for label, points in rows)
    # Material styles tables without a class; the wrapper carries ours.
    return (f'<div class="score-table" data-game="{escape(d.get("game"))}">'
            f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>")
