"""``solitaire board``: a position as a board (no script needed), with the engine's description.

    ```solitaire board
    game: scorpion
    position: 2s4s5s3DJHTH3S/… tckc6c -
    moves: 4H>7          # optional: the board after these moves
    ```

Keys: ``position`` (+ ``game``, ``rules``) or ``code`` or ``record`` (+ ``upto``), ``moves``;
``describe: no`` leaves the description out.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from engine.render import board

from . import widget_source

if TYPE_CHECKING:
    from . import Directive

KIND = "board"
KEYS = ()
OPTIONAL = (*widget_source.SOURCE_KEYS, "describe")


def render(d: Directive) -> str:
    pos = widget_source.played(d, widget_source.config(d))
    describe = (d.get("describe") or "yes").lower()
    if describe not in ("yes", "no"):
        raise d.fail(f"describe {d.get('describe')!r}: yes or no", "describe")
    html = board(pos, d.lang)
    if describe == "yes":
        html += f'<p class="sol-description">{escape(pos.describe(d.lang))}</p>'
    return f'<div class="sol-figure">{html}</div>'
