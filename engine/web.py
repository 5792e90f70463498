"""The JSON bridge between the page's widgets and the engine (the browser's Web Worker calls ``handle``).

One session per widget, of the class of its kind (``KINDS``): ``ReplaySession`` steps through a game
record, ``TrySession`` is a board the reader plays on; both build on ``Session``, a position of one
game shown as *frames*: the board (``engine.render``), the engine's own description of the shown
position, the message, the score, whether the last move was legal. The site build opens the same
sessions to put each widget's first frame, and its controls, into the page (``Session.widget``).

>>> start = str(__import__("engine").position("scorpion", code="SC1-CLA-AAAAAAB"))
>>> reply = json.loads(handle(json.dumps({"op": "open", "id": "w", "config": {
...     "kind": "try", "game": "scorpion", "start": start, "lang": "hu"}})))
>>> reply["ok"], reply["frame"]["legal"]
(True, None)
>>> json.loads(handle('{"op": "move", "id": "w", "token": "deal"}'))["frame"]["legal"]
True

Requests (JSON objects): ``open`` (``config``) and ``close`` for every widget; a replay answers
``goto`` (``index``: a number or the text of a deep link) and ``step`` (``delta``); a try-it board
``move`` (``token``), ``undo``, ``reset`` and ``rules`` (``rules``: a preset). Answers:
``{"ok": true, "frame": {...}}`` or ``{"ok": false, "error": "..."}``. Nothing from a request is
ever returned as markup: texts are escaped by the renderer, and the page script puts messages into
the page as text.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, ClassVar

from . import position as make_position
from . import position_under
from .core import Position, Verdict
from .errors import EngineError
from .games import GAMES, find
from .i18n import DEFAULT_LANGUAGE, LANGUAGES
from .render import (
    attrs,
    board,
    button,
    esc,
    moves_list,
    rejudged_text,
    replay_controls,
    score_text,
    text,
    verdicts_table,
)
from .render import widget as widget_html

FRAME_CACHE = 256  # positions whose board and description a session keeps (steps back and forth are free)
MAX_LINK_TEXT = 24  # how much of a bad deep link is quoted back to the reader

Frame = dict[str, Any]


def preset_label(game: str, preset: str, lang: str) -> str:
    """The name of a rules preset in ``lang`` (hu Klasszikus, ca Clàssica; Klondike as the app's New
    game window names it: hu „Könnyű (1 lapos húzás), Normál pontozás”): the game's ``preset_name``."""
    return find(game).preset_name(preset, lang)


class Session:
    """One widget's state: a position of one game, shown in frames. As it is, a board that shows a
    position (kind ``board``); each kind of widget is a subclass that adds its requests (``OPS``),
    its frame fields and its controls. ``config`` (a dict, as written by the site build):

    - ``kind``; ``game``; ``rules`` (``preset[,key=value…]``); ``title``; ``lang``: the page's language;
    - ``start``: the position string (face-down cards included); ``score``: the score it starts with.
    """

    kind: ClassVar[str] = "board"
    interactive: ClassVar[bool] = False  # the board's cards and columns are buttons
    OPS: ClassVar[dict[str, Callable[[Any, dict[str, Any]], Frame]]] = {}  # request op → its answer
    hint: ClassVar[str] = ""  # the widget text (``render.text``) that tells a reader what to do
    label: ClassVar[str] = ""  # the widget text that names it when it has no title
    focusable: ClassVar[bool] = False  # the widget itself takes the focus (a replay: the arrow keys step it)

    def __init__(self, config: dict[str, Any]):
        if not isinstance(config, dict):
            raise EngineError("widget config must be an object")
        if config.get("kind", self.kind) != self.kind:
            raise EngineError(f"a {self.kind} session cannot open a {str(config.get('kind'))[:40]!r} widget")
        self.game = _choice(config.get("game", next(iter(GAMES))), tuple(GAMES), "game")
        self.lang = _choice(config.get("lang", DEFAULT_LANGUAGE), LANGUAGES, "lang")
        self.start = _text(config.get("start"), "start")
        self.start_score = config.get("score")  # None: the rules' own (0; Klondike Vegas -52)
        if self.start_score is not None and type(self.start_score) is not int:
            raise EngineError("score must be a whole number")
        self.rules = _text(config.get("rules") or self.default_rules(config), "rules", empty=True)
        self.title = config.get("title") or ""
        self.pos = self.restart()
        self.message: str = ""
        self.legal: bool | None = None
        self._drawn: dict[tuple[str, str], tuple[str, str]] = {}  # (position, rules) -> (board, description)

    def default_rules(self, config: dict[str, Any]) -> str:
        """The rules when the config names none ("": the game's default)."""
        return ""

    def restart(self) -> Position:
        """The starting position, afresh."""
        return make_position(self.game, self.start, rules=self.rules or None, score=self.start_score)

    # -- requests ----------------------------------------------------------------------------
    def answer(self, op: Any, request: dict[str, Any]) -> Frame:
        """The frame that answers ``request`` (its ``op`` is one of this kind's ``OPS``)."""
        found = self.OPS.get(op) if isinstance(op, str) else None
        if found is None:
            raise EngineError(f"unknown request {str(op)[:40]!r} for a {self.kind} widget")
        return found(self, request)

    # -- frames ------------------------------------------------------------------------------
    def frame(self, full: bool = False) -> Frame:
        """The widget's current state for the page; ``full`` adds what only the first frame needs."""
        pos = self.pos
        drawn = self._draw(pos)
        out: Frame = {
            "kind": self.kind,
            "board": drawn[0],
            "description": drawn[1],
            "score": score_text(pos, self.lang),
            "message": self.message,
            "legal": self.legal,
            "won": pos.is_won(),
        }
        self.add_to_frame(out, full)
        if full and self.title:
            out["title"] = self.title
        return out

    def add_to_frame(self, out: Frame, full: bool) -> None:
        """This kind's own fields of a frame."""

    def _draw(self, pos: Position) -> tuple[str, str]:
        """The board and the description of ``pos``, rendered once per position and rules."""
        key = (str(pos), str(pos.rules))
        found = self._drawn.get(key)
        if found is None:
            if len(self._drawn) >= FRAME_CACHE:
                self._drawn.pop(next(iter(self._drawn)))
            found = self._drawn[key] = (board(pos, self.lang, interactive=self.interactive), pos.describe(self.lang))
        return found

    def _say(self, message: str, legal: bool | None) -> Frame:
        self.message, self.legal = message, legal
        return self.frame()

    # -- the page (the site build) -----------------------------------------------------------
    def widget(self, widget_id: str, config: dict[str, Any], frame: Frame | None = None) -> str:
        """The whole widget around its first frame, as the page carries it (``render.widget``)."""
        frame = frame or self.frame(full=True)
        return widget_html(frame, lang=self.lang, config=config, widget_id=widget_id,
                           controls=self.controls(frame), panels=self.panels(frame, widget_id),
                           hint=text(self.hint, self.lang) if self.hint else "",
                           label=frame.get("title") or (text(self.label, self.lang) if self.label else ""),
                           focusable=self.focusable)

    def controls(self, frame: Frame) -> list[str]:
        """This kind's buttons in the toolbar (the score follows them)."""
        return []

    def panels(self, frame: Frame, widget_id: str) -> list[str]:
        """This kind's parts between the message and the description."""
        return []


class ReplaySession(Session):
    """A game record stepped through. Config beside the base's: ``moves`` (tokens) and
    ``annotations`` (one text per frame, already in the page's language), ``frame``: the move
    number the widget opens at (0, the start, when left out)."""

    kind = "replay"
    hint = "replay-hint"
    label = "replay-title"
    focusable = True

    def __init__(self, config: dict[str, Any]):
        super().__init__(config)
        self.index = 0
        self._load_moves(config)
        opening = config.get("frame") or 0
        if _frame_number(opening, len(self.tokens)) is None:
            raise EngineError(f"frame {str(opening)[:MAX_LINK_TEXT]!r}: a move number from 0 to {len(self.tokens)}")
        self.goto(opening)

    def _load_moves(self, config: dict[str, Any]) -> None:
        moves = config.get("moves") or []
        if isinstance(moves, str):
            moves = moves.split()
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise EngineError("moves must be a list of move tokens")
        probe = self.restart()
        for n, token in enumerate(moves, 1):
            _, verdict = probe.play(token)
            if not verdict.legal:
                raise EngineError(f"move {n} {token!r} is refused: {verdict.message('en')}")
        self.tokens: list[str] = list(moves)
        notes = config.get("annotations") or []
        if not isinstance(notes, list) or not all(isinstance(a, str) for a in notes):
            raise EngineError("annotations must be a list of texts, one per frame")
        if len(notes) > len(moves) + 1:
            raise EngineError(f"{len(notes)} annotations for {len(moves) + 1} frames")
        self.annotations: list[str] = notes + [""] * (len(moves) + 1 - len(notes))

    def add_to_frame(self, out: Frame, full: bool) -> None:
        out["index"] = self.index
        out["total"] = len(self.tokens)
        out["annotation"] = self.annotations[self.index]
        if full:
            out["moves"] = [find(self.game).move_text(t, self.lang) for t in self.tokens]

    def goto(self, index: Any) -> Frame:
        total = len(self.tokens)
        n = _frame_number(index, total)
        if n is None:
            shown = str(index)[:MAX_LINK_TEXT]
            return self._say(text("bad-fragment", self.lang, text=shown, total=total), False)
        while self.index < n:
            self.pos.play(self.tokens[self.index])
            self.index += 1
        if n < self.index and "undo" in self.tokens[:self.index]:
            self.pos = self.restart()  # undo cannot be popped
            self.index = 0
            return self.goto(n)
        while self.index > n:
            self.pos.pop()
            self.index -= 1
        return self._say("", None)

    def step(self, delta: int) -> Frame:
        return self.goto(max(0, min(len(self.tokens), self.index + int(delta))))

    def _step(self, request: dict[str, Any]) -> Frame:
        delta = request.get("delta")
        if not isinstance(delta, int) or isinstance(delta, bool):
            raise EngineError("step needs a whole-number delta")
        return self.step(delta)

    OPS = {"goto": lambda self, request: self.goto(request.get("index")), "step": _step}

    # -- the page --
    def controls(self, frame: Frame) -> list[str]:
        return replay_controls(frame["index"], frame["total"], self.lang)

    def panels(self, frame: Frame, widget_id: str) -> list[str]:
        annotation = f'<p class="sol-annotation" data-role="annotation">{esc(frame.get("annotation", ""))}</p>'
        return [annotation, moves_list(frame["moves"], frame["index"], widget_id, self.lang)]


class TrySession(Session):
    """A board the reader plays on; the engine judges every move. Config beside the base's:
    ``presets`` (the rule sets the reader may switch between; the first is the default) and
    ``attempt`` (a ruling's disputed move, offered as a button and shown with its verdicts) or
    ``attempts`` (several disputed moves from the same position, each with a button and its
    verdicts), and ``notes``: the explanation of each disputed move, already in the page's language."""

    kind = "try"
    interactive = True
    hint = "try-hint"
    label = "try-title"

    def __init__(self, config: dict[str, Any]):
        presets = config.get("presets") or [] if isinstance(config, dict) else []
        if not isinstance(presets, list) or not all(isinstance(p, str) for p in presets):
            raise EngineError("presets must be a list of rules presets")
        self.presets = [p.strip() for p in presets]
        super().__init__(config)
        for p in self.presets:
            find(self.game).rules(p)  # an unknown preset is an error now, not when a reader picks it
        self.attempt = config.get("attempt") or None
        attempts = config.get("attempts")
        if attempts is not None and (not isinstance(attempts, list) or not attempts
                                     or not all(isinstance(a, str) and a.strip() for a in attempts)):
            raise EngineError("attempts must be a list of move tokens")
        self.attempts = [a.strip() for a in attempts] if attempts else ([self.attempt] if self.attempt else [])
        if self.attempt and self.attempts[0] != self.attempt:
            raise EngineError(f"attempts must begin with the attempt {self.attempt!r}")
        self.attempt = self.attempts[0] if self.attempts else None
        notes = config.get("notes") or []
        if not isinstance(notes, list) or not all(isinstance(n, str) for n in notes) or len(notes) > len(self.attempts):
            raise EngineError("notes must be a list of texts, one per attempt")
        self.notes = notes + [""] * (len(self.attempts) - len(notes))
        self.last_attempt: tuple[str, str, int, bool] | None = None  # token, position before, score, made
        for token in self.attempts:
            self.pos.check_token(token)  # malformed → EngineError now

    def default_rules(self, config: dict[str, Any]) -> str:
        return self.presets[0] if self.presets else ""

    def add_to_frame(self, out: Frame, full: bool) -> None:
        out["can_undo"] = self.pos.can_undo()
        out["rules"] = self.rules
        if not full:
            return
        out["presets"] = [{"id": p, "name": preset_label(self.game, p, self.lang)} for p in self.presets]
        out["attempt"] = self.attempt
        if self.attempt:
            out["note"] = self.notes[0]
        if len(self.attempts) > 1:
            out["attempts"] = [{"token": t, "move": find(self.game).move_text(t, self.lang), "note": note,
                                "verdicts": self.verdicts(t) if self.presets else []}
                               for t, note in zip(self.attempts, self.notes)]
        if self.attempt and self.presets:  # the first disputed move's (computed once)
            out["verdicts"] = out["attempts"][0]["verdicts"] if "attempts" in out else self.verdicts()

    def verdicts(self, token: str | None = None) -> list[dict[str, Any]]:
        """A disputed move's verdict (the first one's by default) under each preset, from the
        starting position."""
        out = []
        for p in self.presets:
            start = position_under(self.game, self.start, p, self.start_score)
            verdict = start.check_token(token or self.attempt or "")
            out.append({
                "rules": p, "name": preset_label(self.game, p, self.lang), "legal": verdict.legal,
                "reason": verdict.reason, "message": verdict.message(self.lang),
            })
        return out

    def move(self, token: Any) -> Frame:
        token = _text(token, "token")
        before, score = str(self.pos), self.pos.score
        token, verdict = self.pos.play(token)
        self.last_attempt = (token, before, score, verdict.legal)
        return self._say(self._verdict_text(token, verdict), verdict.legal)

    def _verdict_text(self, token: str, verdict: Verdict) -> str:
        if not verdict.legal:
            return verdict.message(self.lang)
        return find(self.game).made_text(token, verdict.points, self.lang, self.pos.scored_in_dollars())

    def undo(self) -> Frame:
        _, verdict = self.pos.play("undo")
        self.last_attempt = None
        if not verdict.legal:
            return self._say(verdict.message(self.lang), False)
        return self._say(text("undone", self.lang), True)

    def reset(self) -> Frame:
        self.pos = self.restart()
        self.last_attempt = None
        return self._say(text("reset-done", self.lang), None)

    def set_rules(self, rules: Any) -> Frame:
        """Switch the rule set; the last attempted move is judged again under the new rules."""
        rules = _text(rules, "rules")
        if self.presets and rules not in self.presets:
            raise EngineError(f"rules {rules!r} are not offered here (expected one of {', '.join(self.presets)})")
        find(self.game).rules(rules)
        self.rules = rules
        if self.last_attempt is None:
            self.pos = position_under(self.game, str(self.pos), rules, self.pos.score)
            return self._say("", None)
        token, before, score, _ = self.last_attempt
        self.pos = position_under(self.game, before, rules, score)
        token, verdict = self.pos.play(token)
        self.last_attempt = (token, before, score, verdict.legal)
        name = preset_label(self.game, rules, self.lang)
        message = rejudged_text(name, verdict.legal, verdict.points, verdict.message(self.lang), self.lang,
                                self.pos.scored_in_dollars())
        return self._say(message, verdict.legal)

    OPS = {
        "move": lambda self, request: self.move(request.get("token")),
        "undo": lambda self, request: self.undo(),
        "reset": lambda self, request: self.reset(),
        "rules": lambda self, request: self.set_rules(request.get("rules")),
    }

    # -- the page --
    def controls(self, frame: Frame) -> list[str]:
        lang = self.lang
        out = [button("undo", lang, disabled=not frame.get("can_undo")), button("reset", lang)]
        if frame.get("attempts"):  # several disputed moves: one button each, named by its move
            for a in frame["attempts"]:
                label = find(self.game).attempt_text(a["token"], lang)
                out.append(button("attempt", lang, data_move=a["token"], label=label))
        elif frame.get("attempt"):
            out.append(button("attempt", lang, data_move=frame["attempt"]))
        presets = frame.get("presets") or []
        if len(presets) > 1:
            options = "".join(
                f'<option{attrs(value=p["id"], selected=p["id"] == frame["rules"])}>{esc(p["name"])}</option>'
                for p in presets
            )
            out.append(f'<label class="sol-rules">{esc(text("rules", lang))} '
                       f'<select data-role="rules">{options}</select></label>')
        return out

    def panels(self, frame: Frame, widget_id: str) -> list[str]:
        if frame.get("attempts"):  # several disputed moves: each with its explanation and verdicts
            return [_attempt(a, self.lang) for a in frame["attempts"]]
        out = []
        if frame.get("note"):
            out.append(f'<p class="sol-attempt-note">{esc(frame["note"])}</p>')
        if frame.get("verdicts"):
            out.append(verdicts_table(frame["verdicts"], self.lang))
        return out


# The coming analysis board (DESIGN.md §5.1) is one more kind here: ``AnalysisSession(TrySession)``
# with kind "analysis" (its state from the URL fragment, verdicts per preset, the solver), and its
# class in docs/assets/solitaire/widgets.js.
KINDS: dict[str, type[Session]] = {cls.kind: cls for cls in (Session, ReplaySession, TrySession)}


def session(config: Any) -> Session:
    """A session of the class of ``config["kind"]`` (default ``try``)."""
    if not isinstance(config, dict):
        raise EngineError("widget config must be an object")
    kind = _choice(config.get("kind", "try"), tuple(KINDS), "kind")
    return KINDS[kind](config)


def _attempt(attempt: dict[str, Any], lang: str) -> str:
    """One of a ruling's several disputed moves: the move, its explanation, its verdicts."""
    move = attempt["move"]
    note = f'<p class="sol-attempt-note">{esc(attempt["note"])}</p>' if attempt.get("note") else ""
    verdicts = verdicts_table(attempt["verdicts"], lang, move=attempt["token"]) if attempt["verdicts"] else ""
    return (f'<div class="sol-attempt"{attrs(data_move=attempt["token"])}>'
            f'<p class="sol-attempt-move">{esc(move)}</p>{note}{verdicts}</div>')


def _choice(value: Any, allowed: tuple[str, ...], what: str) -> str:
    if value not in allowed:
        raise EngineError(f"unknown {what} {str(value)[:40]!r} (expected one of {', '.join(allowed)})")
    return str(value)


def _text(value: Any, what: str, empty: bool = False) -> str:
    if not isinstance(value, str) or (not empty and not value.strip()):
        raise EngineError(f"{what} must be a non-empty text")
    return value.strip()


def _frame_number(index: Any, total: int) -> int | None:
    """A frame number from a request or a deep link; None when it is not one of 0…total."""
    if isinstance(index, bool):
        return None
    if isinstance(index, int):
        n = index
    elif isinstance(index, str) and index.isascii() and index.isdigit() and len(index) <= 6:
        n = int(index)
    else:
        return None
    return n if 0 <= n <= total else None


# -- the worker's entry point ------------------------------------------------------------------------

SESSIONS: dict[str, Session] = {}


def open_session(widget_id: str, config: Any) -> Session:
    found = session(config)
    SESSIONS[widget_id] = found
    return found


def handle(request: str) -> str:
    """One request from the page (JSON text) → the answer (JSON text). Never raises."""
    try:
        req = json.loads(request)
        if not isinstance(req, dict):
            raise EngineError("request must be an object")
        op, wid = req.get("op"), str(req.get("id", ""))
        if op == "open":
            return _ok(open_session(wid, req.get("config")).frame(full=True))
        if op == "close":
            SESSIONS.pop(wid, None)
            return json.dumps({"ok": True})
        found = SESSIONS.get(wid)
        if found is None:
            raise EngineError(f"no widget {wid[:40]!r} is open")
        return _ok(found.answer(op, req))
    except EngineError as error:
        return json.dumps({"ok": False, "error": error.message}, ensure_ascii=False)
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as error:
        return json.dumps({"ok": False, "error": f"{type(error).__name__}: {error}"[:200]}, ensure_ascii=False)


def _ok(frame: Frame) -> str:
    return json.dumps({"ok": True, "frame": frame}, ensure_ascii=False)


__all__ = ["KINDS", "SESSIONS", "ReplaySession", "Session", "TrySession", "handle", "open_session", "preset_label",
           "session"]
