"""``solitaire describe``: the engine's description of a position, in the page's language.

    ```solitaire describe
    record: examples/scorpion/won.game      # a game record's position after its first `upto` moves
    upto: 1                                 # (all of them when left out; 0: its starting position)
    ```

or ``game`` with ``position`` (+ ``rules``) or ``code``, as in every directive. ``notation: yes``
adds the position string below the description (the FAQ shows how to read one).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from . import engine_call, widget_source

if TYPE_CHECKING:
    from . import Directive

KIND = "describe"
KEYS = ()
OPTIONAL = ("game", "position", "code", "rules", "record", "upto", "notation")


def render(d: Directive) -> str:
    if d.get("record"):
        pos = _from_record(d)
    else:
        if not d.get("game"):
            raise d.fail("missing 'game'")
        if d.get("upto") is not None:
            raise d.fail("'upto' counts the moves of a record (give 'record')", "upto")
        pos = engine_call.position(d)
    text = engine_call.call(d, "game", pos.describe, d.lang)
    html = f'<p class="state-description">{escape(text)}</p>'
    notation = (d.get("notation") or "no").lower()
    if notation not in ("yes", "no"):
        raise d.fail(f"notation {d.get('notation')!r}: yes or no", "notation")
    if notation == "yes":
        html += f'\n<p class="state-notation"><code>{escape(str(pos))}</code></p>'
    return html


def _from_record(d: Directive):
    """The record's position after its first ``upto`` moves (the record brings game and rules)."""
    for key in ("game", "position", "code", "rules"):
        if d.get(key):
            raise d.fail(f"a record brings its own {'game' if key == 'game' else 'position and rules'} "
                         f"(leave out {key!r})", key)
    return widget_source.played(d, widget_source.config(d))
