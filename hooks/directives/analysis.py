"""``solitaire analysis``: the analysis board (DESIGN.md §5.1), opened at its default game.

    ```solitaire analysis
    id: analysis
    record: examples/scorpion/won.game      # its starting position; or position (+ game, rules) / code
    ```

The page carries the board's first frame, rendered at build time, and every control the reader
uses with the script (``engine.web.AnalysisSession``); a link's fragment replaces the default game
in the browser.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import engine

from . import widget_source

if TYPE_CHECKING:
    from . import Directive

KIND = "analysis"
KEYS = ("id",)
OPTIONAL = ("game", "position", "code", "record", "rules", "score")


def config(d: Directive) -> dict:
    cfg = widget_source.config(d)
    cfg["kind"] = KIND
    for key in ("moves", "annotations", "title"):
        cfg.pop(key, None)  # the board opens at the start; a record's moves are the reader's to play
    if d.get("score") is None:
        cfg.pop("score", None)  # a record's start score is its rules' own: the board's links leave it out
    if d.get("code"):
        cfg["code"] = str(engine.parse_code(d.get("code").upper()))
    return cfg


def render(d: Directive) -> str:
    wid = widget_source.widget_id(d)
    cfg = config(d)
    session = widget_source.session(d, cfg, "code" if d.get("code") else "position")
    return widget_source.widget(d, session, wid, cfg)
