"""Directives: engine-made content in a page, written as a fenced block.

Syntax (a fenced block whose info string is ``solitaire <kind>``; the body is ``key: value``
lines; blank lines and lines starting with ``#`` are ignored)::

    ```solitaire describe
    game: scorpion
    position: 7h9s4h8D8H5CJH/6h9cjs5HKH3S2H/… 2c9d7c -
    ```

Directives are never translated (extraction skips fenced blocks); each kind renders its output in
the language being built. One regular expression recognises them (``INFO``), the ``KINDS`` dict
dispatches to one small function per kind, and anything wrong (unknown kind, unknown or missing
key, a position the engine rejects) raises ``DirectiveError`` at once; the page hook turns it
into ``docs/<page>.md:<line>: …`` and the build stops.

Kinds:

``describe``
    ``game``, and ``position`` (with optional ``rules``) or ``code``; or ``record`` (+ ``upto``): the
    engine's one-paragraph description of the position, in ``<p class="state-description">``.
``score-table``
    ``game``, optional ``rules``: the scoring table, rows from ``engine.scoring_table``.
``board``, ``replay``, ``try``, ``ruling``
    a static board, and the widgets the engine runs in the reader's browser (``board.py``,
    ``replay.py``, ``try_it.py``, ``ruling.py``; what they share: ``widget_source.py``; the runtime
    they need: ``hooks/widgets.py``): ``solitaire replay`` with ``id`` and ``record`` (+ ``upto``)
    or ``position``/``code`` + ``moves``; ``solitaire try`` with ``id``, the position, optional
    ``presets`` and ``attempt``; ``solitaire ruling`` with ``ruling: <record id>``.
``winrates``
    ``game``: the solver's win rates per preset and the published figures beside them, from
    ``examples/stats/winrates.json`` (``winrates.py``).
``analysis``
    ``id`` and a default game (``record``, ``position``, ``code``): the analysis board, the reader's
    own game (``analysis.py``); every replay, try-it and ruling widget links to it at the position it
    shows (``widget_source.link_to_board``).

Adding a kind (``board``, ``replay``, ``try``, ``ruling`` …): write ``hooks/directives/<kind>.py``
with ``KIND = "<kind>"``, ``KEYS`` (required) and ``OPTIONAL`` key names, ``render(directive) -> str``
(HTML, or Markdown) and, if it shows words of its own, ``MESSAGES``: ``(context, msgid)`` pairs
(and ``data_messages()`` for the words its data brings)
that ``catalogs extract`` adds to the site catalog and ``directive.gettext(context, msgid)``
translates. Then add the module to ``_MODULES`` below.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from . import analysis, board, describe, replay, ruling, score_table, try_it, winrates

INFO = re.compile(r"^solitaire(?:[ \t]+(?P<kind>\S+))?[ \t]*(?P<rest>.*)$")
_LINE = re.compile(r"^(?P<key>[a-z][a-z0-9_-]*)[ \t]*:[ \t]*(?P<value>.*?)[ \t]*$")

_MODULES = (describe, score_table, board, replay, try_it, ruling, winrates, analysis)
KINDS: dict[str, Callable[[Directive], str]] = {m.KIND: m.render for m in _MODULES}


class DirectiveError(ValueError):
    """A directive that cannot be rendered; ``line`` is its line in the page (1-based)."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(" ".join(message.split()))
        self.line = line


@dataclass
class Directive:
    kind: str
    options: dict[str, str]
    lang: str
    page: str  # the page's path in docs/, for messages
    line: int  # the line of the opening fence
    lines: dict[str, int] = field(default_factory=dict)  # key -> its line, for errors
    gettext: Callable[[str, str], str] = lambda context, msgid: msgid

    def get(self, key: str, default: str | None = None) -> str | None:
        return self.options.get(key, default)

    def fail(self, message: str, key: str | None = None) -> DirectiveError:
        """An error naming the line of ``key`` (or of the fence)."""
        return DirectiveError(f"solitaire {self.kind}: {message}", self.lines.get(key, self.line))


def messages() -> list[tuple[str, str]]:
    """Every (context, msgid) that directives show, for the site catalog."""
    found: list[tuple[str, str]] = []
    for m in _MODULES:
        found.extend(getattr(m, "MESSAGES", ()))
        if hasattr(m, "data_messages"):  # words a kind takes from its data (winrates)
            found.extend(m.data_messages())
    return found


def is_directive(info: str) -> bool:
    """True for a fence info string that names a directive (``solitaire …``)."""
    return bool(INFO.match(info.strip()))


def parse(info: str, body: str, line: int, lang: str, page: str,
          gettext: Callable[[str, str], str] | None = None) -> Directive:
    """A directive from its fence's info string and body; ``line`` is the fence's line."""
    m = INFO.match(info.strip())
    if m is None:
        raise DirectiveError(f"not a directive: {info!r}", line)
    kind = m.group("kind")
    if not kind:
        raise DirectiveError(f"directive kind missing after 'solitaire' (known: {', '.join(KINDS)})", line)
    if kind not in KINDS:
        raise DirectiveError(f"unknown directive kind {kind!r} (known: {', '.join(KINDS)})", line)
    if m.group("rest"):
        raise DirectiveError(f"solitaire {kind}: unexpected {m.group('rest')!r} after the kind "
                             "(options go in the body as key: value lines)", line)
    module = next(mod for mod in _MODULES if mod.KIND == kind)
    allowed = set(module.KEYS) | set(getattr(module, "OPTIONAL", ()))
    options: dict[str, str] = {}
    lines: dict[str, int] = {}
    for offset, text in enumerate(body.splitlines(), 1):
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        km = _LINE.match(text.strip())
        if km is None:
            raise DirectiveError(f"solitaire {kind}: expected 'key: value', got {text.strip()!r}", line + offset)
        key, value = km.group("key"), km.group("value")
        if key not in allowed:
            raise DirectiveError(f"solitaire {kind}: unknown key {key!r} (keys: {', '.join(sorted(allowed))})",
                                 line + offset)
        if key in options:
            raise DirectiveError(f"solitaire {kind}: {key!r} given twice", line + offset)
        options[key], lines[key] = value, line + offset
    for key in module.KEYS:
        if not options.get(key):
            raise DirectiveError(f"solitaire {kind}: missing {key!r}", line)
    return Directive(kind, options, lang, page, line, lines, gettext or (lambda c, s: s))


def render(info: str, body: str, line: int, lang: str, page: str,
           gettext: Callable[[str, str], str] | None = None) -> str:
    """The directive's output for ``lang``; raises ``DirectiveError`` with the line at fault."""
    directive = parse(info, body, line, lang, page, gettext)
    return KINDS[directive.kind](directive)
