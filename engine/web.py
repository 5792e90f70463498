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
``move`` (``token``), ``attempt`` (``token``: a disputed move, tried from the question's position),
``undo``, ``reset`` and ``rules`` (``rules``: a preset). Answers:
``{"ok": true, "frame": {...}}`` or ``{"ok": false, "error": "..."}``. Nothing from a request is
ever returned as markup: texts are escaped by the renderer, and the page script puts messages into
the page as text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, ClassVar

from . import position as make_position
from . import position_under
from .core import Position, Verdict
from .errors import EngineError
from .games import GAMES, find
from .i18n import DEFAULT_LANGUAGE, LANGUAGES
from .render import (
    anchors,
    attrs,
    board,
    button,
    counter_text,
    esc,
    moves_list,
    refused_text,
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
    - ``start``: the position string (face-down cards included); ``score``: the score it starts with;
    - ``collapsed``: true when the board stays folded away until the reader asks for it (a ruling).

    Every frame names the cards the last move carried (``moved``: tokens), for the page to mark.
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
        self.collapsed = config.get("collapsed") is True
        self.pos = self.restart()
        self.message: str = ""
        self.legal: bool | None = None
        self.moved: list[str] = []
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
            "moved": self.moved,
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

    def _say(self, message: str, legal: bool | None, moved: list[str] | None = None) -> Frame:
        self.message, self.legal, self.moved = message, legal, moved or []
        return self.frame()

    # -- the page (the site build) -----------------------------------------------------------
    def widget(self, widget_id: str, config: dict[str, Any], frame: Frame | None = None) -> str:
        """The whole widget around its first frame, as the page carries it (``render.widget``)."""
        frame = frame or self.frame(full=True)
        hint = self.hint_key()
        return widget_html(frame, lang=self.lang, config=config, widget_id=widget_id,
                           controls=self.controls(frame), panels=self.panels(frame, widget_id),
                           intro=self.intro(frame, widget_id), hint=text(hint, self.lang) if hint else "",
                           label=frame.get("title") or (text(self.label, self.lang) if self.label else ""),
                           focusable=self.focusable, collapsible=self.collapsed, taps=bool(frame.get("taps")))

    def hint_key(self) -> str:
        """The widget text that tells a reader what to do (``hint`` unless the kind knows better)."""
        return self.hint

    def controls(self, frame: Frame) -> list[str]:
        """This kind's buttons in the toolbar (the score follows them)."""
        return []

    def panels(self, frame: Frame, widget_id: str) -> list[str]:
        """This kind's parts between the message and the description."""
        return []

    def intro(self, frame: Frame, widget_id: str) -> list[str]:
        """This kind's parts before the toolbar."""
        return []


class ReplaySession(Session):
    """A game record stepped through. Config beside the base's: ``moves`` (tokens) and
    ``annotations`` (one text per frame, already in the page's language), ``frame``: the move
    number the widget opens at (0, the start, when left out).

    A frame says where the replay is (``counter``: "Move 14 of 50"), what the move that led there
    did (``caption``: "5♠ → column 5: 5 points") and which cards it carried (``moved``)."""

    kind = "replay"
    hint = "replay-hint"
    label = "replay-title"
    focusable = True

    def __init__(self, config: dict[str, Any]):
        super().__init__(config)
        self.index = 0
        self.caption = ""
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
        out["counter"] = counter_text(self.index, len(self.tokens), self.lang)
        out["caption"] = self.caption
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
        self.caption, moved = self._last_move()
        return self._say("", None, moved)

    def _last_move(self) -> tuple[str, list[str]]:
        """The caption of the move that led to the shown position (the move in words, what it
        earned) and the cards it carried; nothing at the start."""
        if not self.index:
            return "", []
        token = self.tokens[self.index - 1]
        game = find(self.game)
        if token == "undo":  # an undo's own move is gone from the stack: no points to name
            return game.move_text(token, self.lang), []
        after = str(self.pos)
        move = self.pos.pop()
        before = str(self.pos)
        points = self.pos.push(move)
        return game.made_text(token, points, self.lang, self.pos.scored_in_dollars()), moved_cards(before, after)

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
        counter = f'<span class="sol-counter" data-role="counter">{esc(frame["counter"])}</span>'
        return [*replay_controls(frame["index"], frame["total"], self.lang), counter]

    def panels(self, frame: Frame, widget_id: str) -> list[str]:
        caption = f'<p class="sol-caption" data-role="caption">{esc(frame.get("caption", ""))}</p>'
        annotation = f'<p class="sol-annotation" data-role="annotation">{esc(frame.get("annotation", ""))}</p>'
        return [caption, annotation, moves_list(frame["moves"], frame["index"], widget_id, self.lang)]

    def intro(self, frame: Frame, widget_id: str) -> list[str]:
        return [anchors(widget_id, frame["total"])]


class TrySession(Session):
    """A board the reader plays on; the engine judges every move. Config beside the base's:
    ``presets`` (the rule sets the reader may switch between; the first is the default) and
    ``attempt`` (a ruling's disputed move, offered as a button and shown with its verdicts) or
    ``attempts`` (several disputed moves from the same position, each with a button and its
    verdicts), and ``notes``: the explanation of each disputed move, already in the page's language.

    A disputed move is tried from the question's position (the start; ``attempt``), whatever was
    played before, so the buttons of one question never depend on their order; the frame names it
    (``asked``) for the page to put the verdict beside the button that asked, and the verdict names
    the move. Switching the rules judges the last move again from the position it was made in: a
    disputed move from the question's position."""

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
        self.asked: str | None = None  # the disputed move the last answer is about
        for token in self.attempts:
            self.pos.check_token(token)  # malformed → EngineError now

    def default_rules(self, config: dict[str, Any]) -> str:
        return self.presets[0] if self.presets else ""

    def hint_key(self) -> str:
        return "try-hint-taps" if find(self.game).taps else self.hint

    def add_to_frame(self, out: Frame, full: bool) -> None:
        out["can_undo"] = self.pos.can_undo()
        out["rules"] = self.rules
        out["asked"] = self.asked
        if not full:
            return
        game = find(self.game)
        out["taps"] = game.taps
        out["presets"] = [{"id": p, "name": preset_label(self.game, p, self.lang)} for p in self.presets]
        out["attempt"] = self.attempt
        if self.attempt:
            out["note"] = self.notes[0]
        if len(self.attempts) > 1:
            out["attempts"] = [{"token": t, "move": game.move_text(t, self.lang),
                                "label": game.attempt_text(t, self.lang), "note": note,
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
        """The reader's move, from the position on the board."""
        self.asked = None
        return self._play(_text(token, "token"))

    def try_attempt(self, token: Any) -> Frame:
        """A disputed move, tried from the question's position under the rules chosen now."""
        token = _text(token, "token")
        self.pos = self.restart()
        self.asked = token
        return self._play(token)

    def _play(self, token: str, rejudged: str | None = None) -> Frame:
        """``token`` played from the position on the board; ``rejudged``: the name of the rules it is
        judged again under (the message says so)."""
        before, score = str(self.pos), self.pos.score
        token, verdict = self.pos.play(token)
        self.last_attempt = (token, before, score, verdict.legal)
        if self.asked is not None:
            self.asked = token
        moved = moved_cards(before, str(self.pos)) if verdict.legal else []
        if rejudged is not None:
            message = rejudged_text(rejudged, verdict.legal, verdict.points, verdict.message(self.lang), self.lang,
                                    self.pos.scored_in_dollars())
        else:
            message = self._verdict_text(token, verdict)
        return self._say(message, verdict.legal, moved)

    def _verdict_text(self, token: str, verdict: Verdict) -> str:
        game = find(self.game)
        if not verdict.legal:
            if self.asked is not None:  # beside the button that asked: say which move was refused
                return refused_text(game.move_parts(token), verdict.message(self.lang), self.lang)
            return verdict.message(self.lang)
        return game.made_text(token, verdict.points, self.lang, self.pos.scored_in_dollars())

    def undo(self) -> Frame:
        _, verdict = self.pos.play("undo")
        self.last_attempt = self.asked = None
        if not verdict.legal:
            return self._say(verdict.message(self.lang), False)
        return self._say(text("undone", self.lang), True)

    def reset(self) -> Frame:
        self.pos = self.restart()
        self.last_attempt = self.asked = None
        return self._say(text("reset-done", self.lang), None)

    def set_rules(self, rules: Any) -> Frame:
        """Switch the rule set; the last move is judged again under the new rules, from the position
        it was made in (a disputed move: from the question's position)."""
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
        return self._play(token, rejudged=preset_label(self.game, rules, self.lang))

    OPS = {
        "move": lambda self, request: self.move(request.get("token")),
        "attempt": lambda self, request: self.try_attempt(request.get("token")),
        "undo": lambda self, request: self.undo(),
        "reset": lambda self, request: self.reset(),
        "rules": lambda self, request: self.set_rules(request.get("rules")),
    }

    # -- the page --
    def controls(self, frame: Frame) -> list[str]:
        lang = self.lang
        out = [button("undo", lang, disabled=not frame.get("can_undo")), button("reset", lang)]
        if not _attempts(frame, self.game, lang):  # a ruling's menu stands by its disputed moves
            out += _rules_menu(frame, lang)
        return out

    def intro(self, frame: Frame, widget_id: str) -> list[str]:
        """A ruling's rules menu and its disputed moves: each with its button, the verdict it gets
        (beside the button), its explanation and its verdict under each rule set."""
        attempts = _attempts(frame, self.game, self.lang)
        if not attempts:
            return []
        menu = "".join(_rules_menu(frame, self.lang))
        head = f'<p class="sol-question-rules" data-search-exclude>{menu}</p>' if menu else ""
        return [f'<div class="sol-attempts">{head}{"".join(_attempt(a, self.lang) for a in attempts)}</div>']


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


def _attempts(frame: Frame, game: str, lang: str) -> list[dict[str, Any]]:
    """A ruling's disputed moves as the page shows them (one or several): token, move, note, verdicts."""
    if frame.get("attempts"):
        return list(frame["attempts"])
    if not frame.get("attempt"):
        return []
    return [{"token": frame["attempt"], "move": find(game).move_text(frame["attempt"], lang),
             "label": find(game).attempt_text(frame["attempt"], lang),
             "note": frame.get("note") or "", "verdicts": frame.get("verdicts") or []}]


def _rules_menu(frame: Frame, lang: str) -> list[str]:
    """The rules selector, when there is more than one rule set to choose from."""
    presets = frame.get("presets") or []
    if len(presets) < 2:
        return []
    options = "".join(
        f'<option{attrs(value=p["id"], selected=p["id"] == frame["rules"])}>{esc(p["name"])}</option>'
        for p in presets
    )
    return [f'<label class="sol-rules">{esc(text("rules", lang))} <select data-role="rules">{options}</select></label>']


def _attempt(attempt: dict[str, Any], lang: str) -> str:
    """One of a ruling's disputed moves: its button (named by its move; without the page script, the
    move as a title) with the verdict beside it, its explanation, its verdicts under each rule set."""
    token = attempt["token"]
    label = attempt.get("label") or attempt["move"]
    tried = (f'<p class="sol-attempt-try"><span class="sol-attempt-move">{esc(attempt["move"])}</span>'
             f'<button type="button"{attrs(data_action="attempt", data_move=token)} data-search-exclude>'
             f'{esc(label)}</button> <span class="sol-attempt-result" data-role="attempt-result" role="status">'
             f'</span></p>')
    note = f'<p class="sol-attempt-note">{esc(attempt["note"])}</p>' if attempt.get("note") else ""
    verdicts = verdicts_table(attempt["verdicts"], lang, move=token) if attempt["verdicts"] else ""
    return f'<div class="sol-attempt"{attrs(data_move=token)}>{tried}{note}{verdicts}</div>'


_CARD_TOKEN = re.compile(r"[A23456789TJQK][SHDC]", re.IGNORECASE)


def card_places(position: str) -> dict[str, tuple[int, int]]:
    """Where each card of a position string lies (DESIGN.md §3.2: the columns, then the game's own
    fields): ``(0, column)`` on the table, ``(field, 0)`` in a later field (reserve, stock, waste,
    foundations …). Face-down cards count by their place too."""
    fields = position.split(" ")
    places: dict[str, tuple[int, int]] = {}
    for n, column in enumerate(fields[0].split("/")):
        for m in _CARD_TOKEN.finditer(column):
            places[m.group().upper()] = (0, n)
    for f, field in enumerate(fields[1:], 1):
        for m in _CARD_TOKEN.finditer(field):
            places[m.group().upper()] = (f, 0)
    return places


def moved_cards(before: str, after: str) -> list[str]:
    """The cards a move carried from one place to another (``4H>7`` with 7♠ on 4♥: ``["4H", "7S"]``),
    in the order the position after it lists them; a card that only turned face up did not move.

    >>> moved_cards("4H7S/5H -", "/5H4H7S -")
    ['4H', '7S']
    """
    was = card_places(before)
    return [card for card, place in card_places(after).items() if was.get(card, place) != place]


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


__all__ = ["KINDS", "SESSIONS", "ReplaySession", "Session", "TrySession", "card_places", "handle", "moved_cards",
           "open_session", "preset_label", "session"]
