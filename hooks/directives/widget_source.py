"""What the board and widget directives share: where a game comes from, and the engine session.

A directive names its game in one of three ways (never two):

- ``position`` (the position string, face-down cards included) with ``game`` and optional ``rules``;
- ``code``: a deal code (it carries its game and rules);
- ``record``: a game record under ``examples/`` (``examples/scorpion/won.game``); ``upto: N`` keeps
  its first N moves.

``moves`` (tokens, space-separated) plays moves from the position or the code. Engine errors become
the directive's errors, reported at the line of the key at fault.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from . import Directive

ROOT = Path(__file__).resolve().parent.parent.parent
SOURCE_KEYS = ("game", "position", "code", "record", "rules", "moves", "upto", "score")
_ID = re.compile(r"[a-z][a-z0-9-]{0,47}")


def widget_id(d: Directive, default: str | None = None) -> str:
    """The widget's ``id`` (its deep links are ``#<id>-<move>``): lower case, digits and ``-``."""
    value = d.get("id") or default
    if value is None:
        raise d.fail("missing 'id' (a name for deep links, e.g. id: first-move)")
    if not _ID.fullmatch(value):
        raise d.fail(f"id {value!r}: use lower-case letters, digits and '-', starting with a letter", "id")
    return value


def config(d: Directive) -> dict:
    """The session config (``engine.web.Session``) for the game the directive names."""
    import engine  # noqa: PLC0415

    given = [k for k in ("position", "code", "record") if d.get(k)]
    if len(given) != 1:
        raise d.fail("give exactly one of 'position', 'code' or 'record'", given[1] if len(given) > 1 else None)
    source = given[0]
    out: dict = {"lang": d.lang}
    if source == "record":
        out.update(_record(d))
    else:
        try:
            game = d.get("game") or (engine.parse_code(d.get("code")).game_name if d.get("code") else "scorpion")
            pos = engine.position(game, d.get("position"), rules=d.get("rules"), code=d.get("code"))
        except engine.EngineError as e:
            raise d.fail(e.message, "rules" if isinstance(e, engine.RulesError) else source) from None
        if d.get("game") and source == "code" and pos.GAME != d.get("game"):
            raise d.fail(f"the code is a {pos.GAME} deal, not {d.get('game')}", "code")
        out.update(game=pos.GAME, rules=str(pos.rules), start=str(pos), moves=[], annotations=[])
    if d.get("score") is not None:
        try:
            out["score"] = int(d.get("score"))
        except ValueError:
            raise d.fail(f"score {d.get('score')!r} is not a whole number", "score") from None
    if d.get("moves"):
        if source == "record":
            raise d.fail("a record brings its own moves (use 'upto' to stop early)", "moves")
        out["moves"] = d.get("moves").split()
    if d.get("upto") is not None:
        if not d.get("upto").isdigit() or int(d.get("upto")) > len(out["moves"]):
            raise d.fail(f"upto {d.get('upto')!r}: a number of moves from 0 to {len(out['moves'])}", "upto")
        n = int(d.get("upto"))
        out["moves"] = out["moves"][:n]
        out["annotations"] = out.get("annotations", [])[: n + 1]
    return out


def record(d: Directive, rel: str, key: str = "record"):
    """The game record at ``rel`` (a path under ``examples/``), checked: it must replay exactly."""
    import engine  # noqa: PLC0415
    from engine import records  # noqa: PLC0415

    path = (ROOT / rel).resolve()
    if not path.is_relative_to(ROOT / "examples") or not path.is_file():
        raise d.fail(f"record {rel!r}: no such file under examples/", key)
    stat = path.stat()
    state = (path, stat.st_mtime_ns, stat.st_size)
    if state not in _RECORDS:
        try:
            rec = records.load(path)
        except engine.EngineError as e:
            raise d.fail(e.message, key) from None
        rec._memo = {}  # replayed once per language and build, not once per directive
        _RECORDS[state] = rec
    return _RECORDS[state]


def translator(d: Directive, game: str):
    """The record texts in the page's language: the translation
    (``locales/<lang>/LC_MESSAGES/docs-examples-<game>.po``; English when missing or fuzzy), with its
    values (``{{ scorpion.points_sequence }}``, ``hooks/values.py``) rendered as on the pages.
    A value that does not render is a ``RecordTextError`` naming the text's place."""
    from engine import records  # noqa: PLC0415
    from hooks import po  # noqa: PLC0415

    path = records.catalog_path(d.lang, game)
    try:
        stat = path.stat()
        key = (d.lang, game, stat.st_mtime_ns, stat.st_size)
    except OSError:
        key = (d.lang, game, None, None)
    if key not in _TRANSLATORS:
        lookup = (lambda context, msgid: None) if d.lang == "en" else po.translations(
            path, d.lang, path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)).get
        _TRANSLATORS[key] = _texts(lookup, d.lang)
    return _TRANSLATORS[key]


class RecordTextError(Exception):
    """A record text whose values do not render; ``place`` is its catalog entry (``file:line``) or
    None for the record's own English text."""

    def __init__(self, context: str, msgid: str, place: str | None, message: str):
        super().__init__(message)
        self.context, self.msgid, self.place = context, msgid, place


def _texts(lookup, lang: str):
    from hooks import po, values  # noqa: PLC0415

    def text(context: str, msgid: str) -> str:
        entry = lookup(context, msgid)
        translated = po.usable(entry)
        try:
            return values.render(entry.msgstr if translated else msgid, lang)
        except values.PlaceholderError as e:
            place = f"{entry.path}:{entry.line}" if translated else None
            raise RecordTextError(context, msgid, place, str(e)) from None

    return text


def text_error(d: Directive, rec, e: RecordTextError, key: str):
    """The directive's error for a record text that does not render: where the text is written."""
    if e.place is None:
        line = next((n for msgid, n, _ in rec.messages() if msgid == e.msgid), 1)
        return d.fail(f"{rec.context}:{line}: {e}", key)
    return d.fail(f"{e.place} (the translation of {rec.context}): {e}", key)


# Records and record catalogs read once per build (four languages), keyed by file and its state.
_RECORDS: dict = {}
_TRANSLATORS: dict = {}


def _record(d: Directive) -> dict:
    """game, rules, start, moves, annotations (in the page's language) from a game record."""
    import engine  # noqa: PLC0415

    rec = record(d, d.get("record"))
    try:
        cfg = rec.replay_config(d.lang, translator(d, rec.game))
    except engine.EngineError as e:
        raise d.fail(e.message, "record") from None
    except RecordTextError as e:
        raise text_error(d, rec, e, "record") from None
    cfg.pop("kind", None)
    if not cfg.get("title"):
        cfg.pop("title", None)
    return cfg


def session(d: Directive, cfg: dict, key: str = "position"):
    """An ``engine.web.Session`` for ``cfg``; an engine error is the directive's error."""
    import engine  # noqa: PLC0415
    from engine import web  # noqa: PLC0415

    try:
        return web.Session(cfg)
    except engine.EngineError as e:
        where = next((k for k in ("record", "moves", "position", "code", "rules", "attempt") if d.get(k)), key)
        raise d.fail(e.message, where) from None


def played(d: Directive, cfg: dict):
    """The position after ``cfg``'s moves, each one checked by the engine as a replay checks it
    (an illegal or malformed move is the directive's error, at the line of its key)."""
    replay = session(d, {**cfg, "kind": "replay"})
    replay.goto(len(replay.tokens))
    return replay.pos


def first_frame(d: Directive, session, key: str = "position") -> dict:
    """The session's first frame (everything the page shows before the script runs)."""
    import engine  # noqa: PLC0415

    try:
        return session.frame(full=True)
    except engine.EngineError as e:
        where = next((k for k in ("attempt", "presets", "record", "position", "code") if d.get(k)), key)
        raise d.fail(e.message, where) from None
