"""The JSON bridge between the page's widgets and the engine (the browser's Web Worker calls ``handle``).

One ``Session`` per widget: a replay of a game record, or a try-it board. Every call answers with
the new *frame*: the board (``engine.render``), the engine's own description of the shown position,
the message, the score, whether the last move was legal. The site build opens the same sessions to
put each widget's first frame into the page.

>>> start = str(__import__("engine").position("scorpion", code="SC1-CLA-AAAAAAB"))
>>> reply = json.loads(handle(json.dumps({"op": "open", "id": "w", "config": {
...     "kind": "try", "game": "scorpion", "start": start, "lang": "hu"}})))
>>> reply["ok"], reply["frame"]["legal"]
(True, None)
>>> json.loads(handle('{"op": "move", "id": "w", "token": "deal"}'))["frame"]["legal"]
True

Requests (JSON objects): ``open`` (``config``), ``goto`` (``index``: a number or the text of a
deep link), ``step`` (``delta``), ``move`` (``token``), ``undo``, ``reset``, ``rules`` (``rules``: a
preset), ``close``. Answers: ``{"ok": true, "frame": {...}}`` or ``{"ok": false, "error": "..."}``.
Nothing from a request is ever returned as markup: texts are escaped by the renderer, and the page
script puts messages into the page as text.
"""

from __future__ import annotations

import json
from importlib import import_module
from typing import Any

from . import GAMES, RULES, position_under
from . import position as make_position
from .errors import EngineError
from .i18n import DEFAULT_LANGUAGE, LANGUAGES
from .render import board, move_text, points_text, text

KINDS = ("replay", "try", "board")
FRAME_CACHE = 256  # positions whose board and description a session keeps (steps back and forth are free)
MAX_LINK_TEXT = 24  # how much of a bad deep link is quoted back to the reader


def preset_label(game: str, preset: str, lang: str) -> str:
    """The name of a rules preset in ``lang`` (hu Klasszikus, ca Clàssica; Klondike as the app's New
    game window names it: hu „Könnyű (1 lapos húzás), Normál pontozás”): the game's ``preset_name``."""
    return import_module(f".{game}", __package__).preset_name(preset, lang)


class Session:
    """One widget's state. ``config`` (a dict, as written by the site build):

    - ``kind``: ``replay``, ``try`` or ``board``; ``game``; ``rules`` (``preset[,key=value…]``);
    - ``start``: the position string (face-down cards included); ``score``: the score it starts with;
    - replay: ``moves`` (tokens) and ``annotations`` (one text per frame, already in the page's language),
      ``frame``: the move number the widget opens at (0, the start, when left out);
    - try: ``presets`` (the rule sets the reader may switch between; the first is the default) and
      ``attempt`` (a ruling's disputed move, offered as a button and shown with its verdicts) or
      ``attempts`` (several disputed moves from the same position, each with a button and its verdicts),
      and ``notes``: the explanation of each disputed move, already in the page's language;
    - ``lang``: the page's language.
    """

    def __init__(self, config: dict[str, Any]):
        if not isinstance(config, dict):
            raise EngineError("widget config must be an object")
        self.kind = _choice(config.get("kind", "try"), KINDS, "kind")
        self.game = _choice(config.get("game", "scorpion"), tuple(GAMES), "game")
        self.lang = _choice(config.get("lang", DEFAULT_LANGUAGE), LANGUAGES, "lang")
        self.start = _text(config.get("start"), "start")
        self.start_score = config.get("score")  # None: the rules' own (0; Klondike Vegas -52)
        if self.start_score is not None and type(self.start_score) is not int:
            raise EngineError("score must be a whole number")
        presets = config.get("presets") or []
        if not isinstance(presets, list) or not all(isinstance(p, str) for p in presets):
            raise EngineError("presets must be a list of rules presets")
        self.presets = [p.strip() for p in presets]
        self.rules = _text(config.get("rules") or (self.presets[0] if self.presets else ""), "rules", empty=True)
        for p in self.presets:
            RULES[self.game].parse(p)  # an unknown preset is an error now, not when a reader picks it
        self.title = config.get("title") or ""
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
        self.pos = self._position(self.start, self.rules, self.start_score)
        self.message, self.legal = "", None
        self.last_attempt: tuple[str, str, int, bool] | None = None  # token, position before, score, made
        self.tokens: list[str] = []
        self.annotations: list[str] = []
        self._drawn: dict[tuple[str, str], tuple[str, str]] = {}  # (position, rules) -> (board, description)
        self.index = 0
        if self.kind == "replay":
            self._load_moves(config)
            opening = config.get("frame") or 0
            if _frame_number(opening, len(self.tokens)) is None:
                raise EngineError(f"frame {str(opening)[:MAX_LINK_TEXT]!r}: a move number from 0 to {len(self.tokens)}")
            self.goto(opening)
        for token in self.attempts:
            self.pos.check_token(token)  # malformed → EngineError now

    # -- set-up ------------------------------------------------------------------------------
    def _position(self, text_: str, rules: str, score: int | None):
        return make_position(self.game, text_, rules=rules or None, score=score)

    def _load_moves(self, config: dict) -> None:
        moves = config.get("moves") or []
        if isinstance(moves, str):
            moves = moves.split()
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise EngineError("moves must be a list of move tokens")
        probe = self._position(self.start, self.rules, self.start_score)
        for n, token in enumerate(moves, 1):
            _, verdict = probe.play(token)
            if not verdict.legal:
                raise EngineError(f"move {n} {token!r} is refused: {verdict.message('en')}")
        self.tokens = list(moves)
        notes = config.get("annotations") or []
        if not isinstance(notes, list) or not all(isinstance(a, str) for a in notes):
            raise EngineError("annotations must be a list of texts, one per frame")
        if len(notes) > len(moves) + 1:
            raise EngineError(f"{len(notes)} annotations for {len(moves) + 1} frames")
        self.annotations = notes + [""] * (len(moves) + 1 - len(notes))

    # -- frames ------------------------------------------------------------------------------
    def frame(self, full: bool = False) -> dict[str, Any]:
        """The widget's current state for the page; ``full`` adds what only the first frame needs."""
        pos = self.pos
        drawn = self._draw(pos)
        out: dict[str, Any] = {
            "kind": self.kind,
            "board": drawn[0],
            "description": drawn[1],
            "score": pos.score_text(self.lang),
            "message": self.message,
            "legal": self.legal,
            "won": pos.is_won(),
        }
        if self.kind == "replay":
            out["index"] = self.index
            out["total"] = len(self.tokens)
            out["annotation"] = self.annotations[self.index]
            if full:
                out["moves"] = [move_text(t, self.lang) for t in self.tokens]
        elif self.kind == "try":
            out["can_undo"] = pos.can_undo()
            out["rules"] = self.rules
            if full:
                out["presets"] = [{"id": p, "name": preset_label(self.game, p, self.lang)} for p in self.presets]
                out["attempt"] = self.attempt
                if self.attempt:
                    out["note"] = self.notes[0]
                if len(self.attempts) > 1:
                    out["attempts"] = [{"token": t, "move": move_text(t, self.lang), "note": note,
                                        "verdicts": self.verdicts(t) if self.presets else []}
                                       for t, note in zip(self.attempts, self.notes)]
                if self.attempt and self.presets:  # the first disputed move's (computed once)
                    out["verdicts"] = out["attempts"][0]["verdicts"] if "attempts" in out else self.verdicts()
        if full and self.title:
            out["title"] = self.title
        return out

    def _draw(self, pos) -> tuple[str, str]:
        """The board and the description of ``pos``, rendered once per position and rules."""
        key = (str(pos), str(pos.rules))
        found = self._drawn.get(key)
        if found is None:
            if len(self._drawn) >= FRAME_CACHE:
                self._drawn.pop(next(iter(self._drawn)))
            found = self._drawn[key] = (board(pos, self.lang, interactive=self.kind == "try"), pos.describe(self.lang))
        return found

    def verdicts(self, token: str | None = None) -> list[dict[str, Any]]:
        """A disputed move's verdict (the first one's by default) under each preset, from the
        starting position."""
        out = []
        for p in self.presets:
            start = position_under(self.game, self.start, p, self.start_score)
            verdict = start.check_token(token or self.attempt)
            out.append({
                "rules": p, "name": preset_label(self.game, p, self.lang), "legal": verdict.legal,
                "reason": verdict.reason, "message": verdict.message(self.lang),
            })
        return out

    def _say(self, message: str, legal: bool | None) -> dict[str, Any]:
        self.message, self.legal = message, legal
        return self.frame()

    # -- replay ------------------------------------------------------------------------------
    def goto(self, index) -> dict[str, Any]:
        total = len(self.tokens)
        n = _frame_number(index, total)
        if n is None:
            shown = str(index)[:MAX_LINK_TEXT]
            return self._say(text("bad-fragment", self.lang, text=shown, total=total), False)
        while self.index < n:
            self.pos.play(self.tokens[self.index])
            self.index += 1
        if n < self.index and "undo" in self.tokens[:self.index]:
            self.pos = self._position(self.start, self.rules, self.start_score)  # undo cannot be popped
            self.index = 0
            return self.goto(n)
        while self.index > n:
            self.pos.pop()
            self.index -= 1
        return self._say("", None)

    def step(self, delta: int) -> dict[str, Any]:
        return self.goto(max(0, min(len(self.tokens), self.index + int(delta))))

    # -- try ---------------------------------------------------------------------------------
    def move(self, token: str) -> dict[str, Any]:
        token = _text(token, "token")
        before, score = str(self.pos), self.pos.score
        token, verdict = self.pos.play(token)
        self.last_attempt = (token, before, score, verdict.legal)
        return self._say(self._verdict_text(token, verdict), verdict.legal)

    def _verdict_text(self, token: str, verdict) -> str:
        if not verdict.legal:
            return verdict.message(self.lang)
        return points_text(move_text(token, self.lang), verdict.points, self.lang)

    def undo(self) -> dict[str, Any]:
        _, verdict = self.pos.play("undo")
        self.last_attempt = None
        if not verdict.legal:
            return self._say(verdict.message(self.lang), False)
        return self._say(text("undone", self.lang), True)

    def reset(self) -> dict[str, Any]:
        self.pos = self._position(self.start, self.rules, self.start_score)
        self.last_attempt = None
        return self._say(text("reset-done", self.lang), None)

    def set_rules(self, rules: str) -> dict[str, Any]:
        """Switch the rule set; the last attempted move is judged again under the new rules."""
        rules = _text(rules, "rules")
        if self.presets and rules not in self.presets:
            raise EngineError(f"rules {rules!r} are not offered here (expected one of {', '.join(self.presets)})")
        RULES[self.game].parse(rules)
        self.rules = rules
        if self.last_attempt is None:
            self.pos = position_under(self.game, str(self.pos), rules, self.pos.score)
            return self._say("", None)
        token, before, score, _ = self.last_attempt
        self.pos = position_under(self.game, before, rules, score)
        token, verdict = self.pos.play(token)
        self.last_attempt = (token, before, score, verdict.legal)
        name = preset_label(self.game, rules, self.lang)
        message = f"{text('rejudged', self.lang, rules=name)} {self._verdict_text(token, verdict)}"
        return self._say(message, verdict.legal)


def _choice(value, allowed: tuple[str, ...], what: str) -> str:
    if value not in allowed:
        raise EngineError(f"unknown {what} {str(value)[:40]!r} (expected one of {', '.join(allowed)})")
    return value


def _text(value, what: str, empty: bool = False) -> str:
    if not isinstance(value, str) or (not empty and not value.strip()):
        raise EngineError(f"{what} must be a non-empty text")
    return value.strip()


def _frame_number(index, total: int) -> int | None:
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


def open_session(widget_id: str, config: dict) -> Session:
    session = Session(config)
    SESSIONS[widget_id] = session
    return session


def handle(request: str) -> str:
    """One request from the page (JSON text) → the answer (JSON text). Never raises."""
    try:
        req = json.loads(request)
        if not isinstance(req, dict):
            raise EngineError("request must be an object")
        op, wid = req.get("op"), str(req.get("id", ""))
        if op == "open":
            session = open_session(wid, req.get("config"))
            return _ok(session.frame(full=True))
        if op == "close":
            SESSIONS.pop(wid, None)
            return json.dumps({"ok": True})
        session = SESSIONS.get(wid)
        if session is None:
            raise EngineError(f"no widget {wid[:40]!r} is open")
        if op == "goto":
            frame = session.goto(req.get("index"))
        elif op == "step":
            delta = req.get("delta")
            if not isinstance(delta, int) or isinstance(delta, bool):
                raise EngineError("step needs a whole-number delta")
            frame = session.step(delta)
        elif op == "move":
            frame = session.move(req.get("token"))
        elif op == "undo":
            frame = session.undo()
        elif op == "reset":
            frame = session.reset()
        elif op == "rules":
            frame = session.set_rules(req.get("rules"))
        else:
            raise EngineError(f"unknown request {str(op)[:40]!r}")
        return _ok(frame)
    except EngineError as error:
        return json.dumps({"ok": False, "error": error.message}, ensure_ascii=False)
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as error:
        return json.dumps({"ok": False, "error": f"{type(error).__name__}: {error}"[:200]}, ensure_ascii=False)


def _ok(frame: dict) -> str:
    return json.dumps({"ok": True, "frame": frame}, ensure_ascii=False)


__all__ = ["KINDS", "SESSIONS", "Session", "handle", "open_session", "preset_label"]
