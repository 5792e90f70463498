"""``solitaire try``: a position the reader plays on; the engine judges every move.

    ```solitaire try
    id: seed-deal
    record: examples/scorpion/won.game      # its starting position; or position (+ game) / code
    presets: classic, easy                  # optional: a selector that re-judges the last move
    attempt: 7H>8                           # optional: a disputed move, offered as a button
    ```

The first preset is the one the board starts with (``rules`` may name it instead).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import engine

from . import engine_call, widget_source

if TYPE_CHECKING:
    from . import Directive

KIND = "try"
KEYS = ("id",)
OPTIONAL = (*widget_source.SOURCE_KEYS, "presets", "attempt", "title")


def config(d: Directive) -> dict:
    cfg = widget_source.config(d)
    cfg["kind"] = "try"
    if d.get("record") and d.get("upto") is None:
        cfg["moves"] = []  # a record's starting position, unless upto says how far to play
    if cfg.get("moves"):  # a try-it board starts after the record's (or the given) moves
        pos = widget_source.played(d, cfg)
        cfg.update(start=str(pos), score=pos.score)
    cfg.pop("moves", None)
    cfg.pop("annotations", None)
    if d.get("record"):  # the board's name: what it shows (the record's ``Said``), not the whole game
        rec = widget_source.record(d, d.get("record"))
        try:
            said = rec.said(widget_source.translator(d, rec.game))
        except widget_source.RecordTextError as e:
            raise widget_source.text_error(d, rec, e, "record") from None
        if said:
            cfg["title"] = said
    if d.get("presets"):
        presets = [p.strip() for p in d.get("presets").split(",") if p.strip()]
        for p in presets:
            engine_call.call(d, "presets", engine.rules, cfg["game"], p)
        cfg["presets"] = presets
        if not d.get("rules") and not d.get("record") and not d.get("code"):
            cfg["rules"] = presets[0]
    if d.get("attempt"):
        cfg["attempt"] = d.get("attempt").strip()
        start = engine_call.call(d, "attempt", engine.position, cfg["game"], cfg["start"], rules=cfg["rules"])
        engine_call.call(d, "attempt", start.check_token, cfg["attempt"])
    if d.get("title"):
        cfg["title"] = d.get("title")
    return cfg


def render(d: Directive) -> str:
    wid = widget_source.widget_id(d)
    cfg = widget_source.link_to_board(d, config(d))
    session = widget_source.session(d, cfg, "presets" if d.get("presets") else "position")
    return widget_source.widget(d, session, wid, cfg)
