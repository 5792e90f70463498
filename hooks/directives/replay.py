"""``solitaire replay``: a game you step through, run by the engine in the reader's browser.

    ```solitaire replay
    id: first-move                          # deep links: #first-move-1 opens it after move 1
    record: examples/scorpion/won.game      # or position (+ game, rules) / code, with moves
    upto: 1                                 # optional: only the first moves of the record
    ```

The page carries the first frame (board, description, move list) rendered at build time by the
same renderer the browser runs; ``frame: N`` starts the widget at move N instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import widget_source

if TYPE_CHECKING:
    from . import Directive

KIND = "replay"
KEYS = ("id",)
OPTIONAL = (*widget_source.SOURCE_KEYS, "frame", "title")


def render(d: Directive) -> str:
    wid = widget_source.widget_id(d)
    cfg = widget_source.config(d)
    cfg["kind"] = "replay"
    if d.get("title"):
        cfg["title"] = d.get("title")
    session = widget_source.session(d, widget_source.link_to_board(d, cfg))
    frame = d.get("frame")
    if frame is not None:
        if not frame.isdigit() or int(frame) > len(session.tokens):
            raise d.fail(f"frame {frame!r}: a move number from 0 to {len(session.tokens)}", "frame")
        session.goto(int(frame))
        cfg["frame"] = int(frame)  # the browser's session opens where the page's first frame is
    return widget_source.widget(d, session, wid, cfg)
