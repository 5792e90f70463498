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

import engine
from engine import records, web
from engine.records import Frame, Record, Translate
from hooks import po, values

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
    given = [k for k in ("position", "code", "record") if d.get(k)]
    if len(given) != 1:
        raise d.fail("give exactly one of 'position', 'code' or 'record'", given[1] if len(given) > 1 else None)
    source = given[0]
    out: dict = {"lang": d.lang}
    if source == "record":
        out.update(_record(d))
    else:
        try:
            code = d.get("code")
            game = d.get("game") or (engine.name_of_code(engine.parse_code(code).game) if code else _GAME)
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


def record(d: Directive, rel: str, key: str = "record") -> Record:
    """The game record at ``rel`` (a path under ``examples/``), checked: it must replay exactly."""
    path = (ROOT / rel).resolve()
    if not path.is_relative_to(ROOT / "examples") or not path.is_file():
        raise d.fail(f"record {rel!r}: no such file under examples/", key)
    stat = path.stat()
    state = (path, stat.st_mtime_ns, stat.st_size)
    if state not in _RECORDS:
        try:
            _RECORDS[state] = records.load(path)
        except engine.EngineError as e:
            raise d.fail(e.message, key) from None
    return _RECORDS[state]


def frames(rec: Record, lang: str, translate: Translate) -> list[Frame]:
    """The record's frames with their texts in ``lang`` and no descriptions (the widgets' configs
    need none). The moves are played and judged once per build (``_PLAYED``), the texts once per
    language (the frames are never changed: the configs copy what they take)."""
    if id(rec) not in _PLAYED:
        _PLAYED[id(rec)] = (rec, rec.replay(describe=False), {})  # the record is kept: its id stays its own
    _, played, localized = _PLAYED[id(rec)]
    if (lang, translate) not in localized:  # several widgets show the same record in the same language
        localized[lang, translate] = rec.localized(played, lang, translate, describe=False)
    return localized[lang, translate]


def replay_config(rec: Record, lang: str, translate: Translate) -> dict:
    """A replay widget's config (``engine.web.ReplaySession``): start, score, rules, moves and one
    annotation per frame."""
    played = frames(rec, lang, translate)
    start = rec.start_position()
    return {"kind": "replay", "game": rec.game, "rules": str(start.rules), "start": played[0].position,
            "score": start.score, "moves": rec.moves, "lang": lang,
            "annotations": [f.annotation or "" for f in played], "title": rec.title(translate) or ""}


def try_config(rec: Record, lang: str, translate: Translate) -> dict:
    """A try-it widget's config (``engine.web.TrySession``) for a ruling: its position, its disputed
    move (all of them when several are judged in that position) and the rule sets the first names
    (the record's own first)."""
    at = next((f for f in frames(rec, lang, translate) if f.attempts), None)
    if at is None:
        raise rec.error(1, "a try-it widget needs an attempt (?MOVE VERDICT …) to show")
    first = at.attempts[0]
    cfg = {"kind": "try", "game": rec.game, "rules": first.verdicts[0][0], "start": at.position,
           "score": at.score, "lang": lang, "attempt": first.token,
           "presets": list(dict.fromkeys(rules for rules, _ in first.verdicts)),
           "title": rec.said(translate) or rec.title(translate) or ""}  # the board's name: heard, not seen
    if len(at.attempts) > 1:  # several disputed moves from the same position: each gets its button
        cfg["attempts"] = [a.token for a in at.attempts]
    if any(a.annotation for a in at.attempts):  # each one's explanation, in the page's language
        cfg["notes"] = [a.annotation or "" for a in at.attempts]
    return cfg


def translator(d: Directive, game: str) -> Translate:
    """The record texts in the page's language: the translation
    (``locales/<lang>/LC_MESSAGES/docs-examples-<game>.po``; English when missing or fuzzy), with its
    values (``{{ scorpion.points_sequence }}``, ``hooks/values.py``) rendered as on the pages.
    A value that does not render is a ``RecordTextError`` naming the text's place."""
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


def _texts(lookup, lang: str) -> Translate:
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


# Records and record catalogs read once per build (four languages), keyed by file and its state;
# each record's moves played and judged once.
_RECORDS: dict = {}
_TRANSLATORS: dict = {}
_PLAYED: dict[int, tuple[Record, list[Frame], dict]] = {}
_GAME = next(iter(engine.GAMES))  # a directive with a position and no game: the first game registered


def _record(d: Directive) -> dict:
    """game, rules, start, moves, annotations (in the page's language) from a game record."""
    rec = record(d, d.get("record"))
    try:
        cfg = replay_config(rec, d.lang, translator(d, rec.game))
    except engine.EngineError as e:
        raise d.fail(e.message, "record") from None
    except RecordTextError as e:
        raise text_error(d, rec, e, "record") from None
    cfg.pop("kind", None)
    if not cfg.get("title"):
        cfg.pop("title", None)
    return cfg


BOARD_PAGE = "board.md"
"""The analysis board's page (docs/board.md): the widgets link to it at the position they show."""


def link_to_board(d: Directive, cfg: dict) -> dict:
    """``cfg`` with ``board_page``: the analysis board's URL relative to the directive's page, in the
    same language (every language's pages lie alike under its folder, with directory URLs)."""
    page = d.page.removesuffix(".md")
    depth = page.count("/") + (0 if page == "index" or page.endswith("/index") else 1)
    cfg["board_page"] = "../" * depth + BOARD_PAGE.removesuffix(".md") + "/"
    return cfg


def session(d: Directive, cfg: dict, key: str = "position") -> web.Session:
    """The ``engine.web`` session of ``cfg``'s kind; an engine error is the directive's error."""
    try:
        return web.session(cfg)
    except engine.EngineError as e:
        where = next((k for k in ("record", "moves", "position", "code", "rules", "attempt") if d.get(k)), key)
        raise d.fail(e.message, where) from None


def played(d: Directive, cfg: dict):
    """The position after ``cfg``'s moves, each one checked by the engine as a replay checks it
    (an illegal or malformed move is the directive's error, at the line of its key)."""
    replay = session(d, {**cfg, "kind": "replay"})
    assert isinstance(replay, web.ReplaySession)
    replay.goto(len(replay.tokens))
    return replay.pos


def widget(d: Directive, session: web.Session, widget_id: str, cfg: dict, key: str = "position") -> str:
    """The whole widget, around the session's first frame (everything the page shows before the
    script runs); an engine error is the directive's error."""
    try:
        frame = session.frame(full=True)
    except engine.EngineError as e:
        where = next((k for k in ("attempt", "presets", "record", "position", "code") if d.get(k)), key)
        raise d.fail(e.message, where) from None
    return session.widget(widget_id, cfg, frame)
