"""``solitaire ruling``: a disputed point, playable: its position, the disputed move, the verdicts.

    ```solitaire ruling
    ruling: queen-on-empty-column           # a ruling record under examples/ (its id)
    ```

or written out (the same keys as ``solitaire try``, ``attempt`` and ``presets`` required)::

    ```solitaire ruling
    id: queen-on-empty
    position: …
    attempt: QH>4
    presets: classic, wasp
    ```

The page shows, for every reader, the move's verdict under each rule set (computed by the engine
at build time); with the script, the reader plays the move (or any other), and the rules selector
judges the last move again under another rule set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import engine

from . import try_it, widget_source

if TYPE_CHECKING:
    from . import Directive

KIND = "ruling"
KEYS = ()
OPTIONAL = ("ruling", "id", *try_it.OPTIONAL)


def _from_record(d: Directive) -> dict:
    """The ruling record's position, disputed move and rule sets (``engine.records``)."""
    name = d.get("ruling")
    found = sorted(widget_source.ROOT.glob(f"examples/**/{name}.game")) if "/" not in name else []
    if len(found) != 1:
        raise d.fail(f"ruling {name!r}: expected one examples/**/{name}.game, found {len(found)}", "ruling")
    rec = widget_source.record(d, str(found[0].relative_to(widget_source.ROOT)), "ruling")
    try:
        cfg = widget_source.try_config(rec, d.lang, widget_source.translator(d, rec.game))
    except engine.EngineError as e:
        raise d.fail(e.message, "ruling") from None
    except widget_source.RecordTextError as e:
        raise widget_source.text_error(d, rec, e, "ruling") from None
    if not cfg.get("title"):
        cfg.pop("title", None)
    return cfg


def render(d: Directive) -> str:
    if d.get("ruling"):
        cfg = _from_record(d)
        wid = widget_source.widget_id(d, d.get("ruling"))
    else:
        for key in ("attempt", "presets"):
            if not d.get(key):
                raise d.fail(f"missing {key!r} (or name a ruling record with 'ruling')")
        cfg = try_it.config(d)
        wid = widget_source.widget_id(d)
    session = widget_source.session(d, widget_source.link_to_board(d, cfg), "ruling" if d.get("ruling") else "position")
    return widget_source.widget(d, session, wid, cfg)
