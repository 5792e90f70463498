"""The JSON bridge between the page's widgets and the engine (the browser's Web Worker calls ``handle``).

One session per widget, of the class of its kind (``KINDS``): ``ReplaySession`` steps through a game
record, ``TrySession`` is a board the reader plays on, ``AnalysisSession`` the analysis board (the
reader's own game, DESIGN.md §5.1); all build on ``Session``, a position of one
game shown as *frames*: the board (``engine.render``), the engine's own description of the shown
position, the message (``message``, and ``message_said`` as a screen reader hears it: the card in
words, no arrow), the score, whether the last move was legal; a board one plays on says which
texts a picked card shows (``pick``: its game's ``pick_texts``). The site build opens the same
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
``undo``, ``reset`` and ``rules`` (``rules``: a preset); the analysis board more (``AnalysisSession``).
Answers:
``{"ok": true, "frame": {...}}`` or ``{"ok": false, "error": "..."}``. Nothing from a request is
ever returned as markup: texts are escaped by the renderer, and the page script puts messages into
the page as text.
"""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable
from functools import lru_cache
from typing import Any, ClassVar

from . import board_link, games, position_under
from . import position as make_position
from .codes import MAX_NUMBER
from .core import Position, Verdict
from .errors import EngineError
from .games import GAMES, find, parse_code
from .i18n import DEFAULT_LANGUAGE, LANGUAGES
from .render import (
    anchors,
    attrs,
    board,
    button,
    client_texts,
    counter_text,
    esc,
    history_list,
    list_text,
    move_content,
    moves_list,
    plural_text,
    refused_said,
    refused_text,
    rejudged_text,
    replay_controls,
    rules_name,
    score_text,
    solution_list,
    text,
    verdicts_table,
)
from .render import board_link as render_board_link
from .render import widget as widget_html

FRAME_CACHE = 256  # positions whose board and description a session keeps (steps back and forth are free)
PART_CACHE = 8  # the analysis board's move lists and command lines it keeps (an undo and its redo are free)
JUDGED_CACHE = 64  # the analysis board's verdict tables it keeps, by move and position judged from
MAX_LINK_TEXT = 24  # how much of a bad deep link is quoted back to the reader
_BOARD_PAGE = re.compile(r"(\.\./)*([a-z0-9-]+/)*")  # a relative URL made by the site build

Frame = dict[str, Any]


@lru_cache(maxsize=64)
def _preset_rules(game: str, preset: str) -> Any:
    """A preset's rules object (immutable: read once, shared)."""
    return find(game).rules(preset)


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
    - ``collapsed``: true when the board stays folded away until the reader asks for it (a ruling);
    - ``board_page``: the analysis board's page in the same language, relative to this one
      (``../../board/``): the widget then links to the board at the position it shows
      (``board_link`` in every frame).

    Every frame names the cards the last move carried (``moved``: tokens), for the page to mark.
    """

    kind: ClassVar[str] = "board"
    interactive: ClassVar[bool] = False  # the board's cards and columns are buttons
    OPS: ClassVar[dict[str, Callable[[Any, dict[str, Any]], Frame]]] = {}  # request op → its answer
    hint: ClassVar[str] = ""  # the widget text (``render.text``) that tells a reader what to do
    label: ClassVar[str] = ""  # the widget text that names it when it has no title
    focusable: ClassVar[bool] = False  # the widget itself takes the focus (a replay: the arrow keys step it)
    texts: ClassVar[tuple[str, ...]] = ()  # widget texts its page script needs beside ``render.client_texts``

    def __init__(self, config: dict[str, Any]):
        if not isinstance(config, dict):
            raise EngineError("widget config must be an object")
        if config.get("kind", self.kind) != self.kind:
            raise EngineError(f"a {self.kind} session cannot open a {str(config.get('kind'))[:40]!r} widget")
        self.game = _choice(config.get("game", next(iter(GAMES))), tuple(GAMES), "game")
        self.lang = _choice(config.get("lang", DEFAULT_LANGUAGE), LANGUAGES, "lang")
        self.start = _text(config.get("start"), "start")
        self.start_score = config.get("score")  # None: the rules' own (``Position.own_score``)
        if self.start_score is not None and type(self.start_score) is not int:
            raise EngineError("score must be a whole number")
        self.rules = _text(config.get("rules") or self.default_rules(config), "rules", empty=True)
        self.page_rules = self.rules  # the page's own: a start score they refuse is the page's error
        self.title = config.get("title") or ""
        self.collapsed = config.get("collapsed") is True
        self.board_page = config.get("board_page") or None
        page = self.board_page
        if page is not None and not (isinstance(page, str) and _BOARD_PAGE.fullmatch(page)):
            raise EngineError(f"board_page {str(self.board_page)[:40]!r}: a relative URL such as ../board/")
        self.pos = self.restart()
        self.start_dollars = self.pos.scored_in_dollars()  # the unit of ``start_score``
        self.message: str = ""
        self.said: str = ""  # the message as a screen reader says it (the card in words, no arrow)
        self.legal: bool | None = None
        self.moved: list[str] = []
        self._drawn: dict[tuple[str, str], tuple[str, str]] = {}  # (position, rules) -> (board, description)
        self.shown = ""  # the position string of the frame made last (``frame``)

    def default_rules(self, config: dict[str, Any]) -> str:
        """The rules when the config names none ("": the game's default)."""
        return ""

    def restart(self) -> Position:
        """The starting position, afresh: under rules the reader switched to, with the page's score
        where they allow it, else with their own (Vegas dollars are no Normal score)."""
        if self.rules != self.page_rules:
            return position_under(self.game, self.start, self.rules, self.start_score, dollars=self.start_dollars)
        return make_position(self.game, self.start, rules=self.rules or None, score=self.start_score)

    # -- requests ----------------------------------------------------------------------------
    def answer(self, op: Any, request: dict[str, Any]) -> Frame:
        """The frame that answers ``request`` (its ``op`` is one of this kind's ``OPS``)."""
        found = self.OPS.get(op) if isinstance(op, str) else None
        if found is None:
            raise EngineError(f"unknown request {str(op)[:40]!r} for the {self.kind} widget")
        return found(self, request)

    # -- frames ------------------------------------------------------------------------------
    def frame(self, full: bool = False) -> Frame:
        """The widget's current state for the page; ``full`` adds what only the first frame needs."""
        pos = self.pos
        self.shown = str(pos)
        drawn = self._draw(pos, self.shown)
        out: Frame = {
            "kind": self.kind,
            "board": drawn[0],
            "description": drawn[1],
            "score": score_text(pos, self.lang),
            "message": self.message,
            "message_said": self.said,
            "legal": self.legal,
            "won": pos.is_won(),
            "moved": self.moved,
        }
        if self.board_page:
            out["board_link"] = f"{self.board_page}#{self.link()}"
        self.add_to_frame(out, full)
        if full and self.title:
            out["title"] = self.title
        return out

    def add_to_frame(self, out: Frame, full: bool) -> None:
        """This kind's own fields of a frame."""

    def link(self) -> str:
        """The analysis board's fragment for the position shown (``engine.board_link``): the start,
        the rules, and the moves that lead to it."""
        return board_link.write(self.game, position=self.start, rules=self.rules or str(self.pos.rules),
                                score=self.start_score, moves=self.played())

    def played(self) -> list[str]:
        """The moves from the start to the position shown."""
        return []

    def _draw(self, pos: Position, here: str) -> tuple[str, str]:
        """The board and the description of ``pos`` (its string: ``here``), rendered once per position
        and rules."""
        key = (here, str(pos.rules))
        found = self._drawn.get(key)
        if found is None:
            if len(self._drawn) >= FRAME_CACHE:
                self._drawn.pop(next(iter(self._drawn)))
            found = self._drawn[key] = (board(pos, self.lang, interactive=self.interactive), pos.describe(self.lang))
        return found

    def _say(self, message: str, legal: bool | None, moved: list[str] | None = None, said: str | None = None) -> Frame:
        """The frame with ``message``; ``said``: how a screen reader says it, when that differs (a move
        named with its card's symbol and an arrow, ``made_said``)."""
        self.message, self.legal, self.moved = message, legal, moved or []
        self.said = message if said is None else said
        return self.frame()

    def _made(self, token: str, points: int, moved: list[str] | None = None) -> Frame:
        """The frame after the legal move ``token`` that earned ``points`` (and carried the cards
        ``moved``): its message shown and said."""
        game, dollars = find(self.game), self.pos.scored_in_dollars()
        return self._say(game.made_text(token, points, self.lang, dollars), True, moved,
                         said=game.made_said(token, points, self.lang, dollars))

    # -- the page (the site build) -----------------------------------------------------------
    def widget(self, widget_id: str, config: dict[str, Any], frame: Frame | None = None) -> str:
        """The whole widget around its first frame, as the page carries it (``render.widget``)."""
        frame = frame or self.frame(full=True)
        hint = self.hint_key()
        return widget_html(frame, lang=self.lang, config=config, widget_id=widget_id,
                           controls=self.controls(frame), panels=self.panels(frame, widget_id),
                           intro=self.intro(frame, widget_id), hint=text(hint, self.lang) if hint else "",
                           label=frame.get("title") or (text(self.label, self.lang) if self.label else ""),
                           focusable=self.focusable, after=self.after(frame), texts=client_texts(self.lang, self.texts),
                           collapsible=self.collapsed, taps=bool(frame.get("taps")))

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

    def after(self, frame: Frame) -> list[str]:
        """This kind's parts after the description: the link to the analysis board."""
        return [render_board_link(frame["board_link"], self.lang)] if frame.get("board_link") else []


class ReplaySession(Session):
    """A game record stepped through. Config beside the base's: ``moves`` (tokens) and
    ``annotations`` (one text per frame, already in the page's language), ``frame``: the move
    number the widget opens at (0, the start, when left out).

    A frame says where the replay is (``counter``: "Move 14 of 50"), what the move that led there
    did (``caption``: "5♠ → column 5: 5 points", and ``caption_said`` as a screen reader hears it:
    "5 of spades to column 5: 5 points") and which cards it carried (``moved``)."""

    kind = "replay"
    hint = "replay-hint"
    label = "replay-title"
    focusable = True

    def __init__(self, config: dict[str, Any]):
        super().__init__(config)
        self.index = 0
        self.caption = self.caption_said = ""
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
        out["caption_said"] = self.caption_said
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
        self.caption, self.caption_said, moved = self._last_move()
        return self._say("", None, moved)

    def _last_move(self) -> tuple[str, str, list[str]]:
        """The caption of the move that led to the shown position (the move, what it earned), as
        shown and as said, and the cards it carried; nothing at the start."""
        if not self.index:
            return "", "", []
        token = self.tokens[self.index - 1]
        game = find(self.game)
        if token == "undo":  # an undo's own move is gone from the stack: no points to name
            shown = game.move_text(token, self.lang)
            return shown, shown, []
        after = str(self.pos)
        move = self.pos.pop()
        before = str(self.pos)
        points = self.pos.push(move)
        dollars = self.pos.scored_in_dollars()
        return (game.made_text(token, points, self.lang, dollars), game.made_said(token, points, self.lang, dollars),
                moved_cards(before, after))

    def step(self, delta: int) -> Frame:
        return self.goto(max(0, min(len(self.tokens), self.index + int(delta))))

    def _step(self, request: dict[str, Any]) -> Frame:
        delta = request.get("delta")
        if not isinstance(delta, int) or isinstance(delta, bool):
            raise EngineError("step needs a whole-number delta")
        return self.step(delta)

    def played(self) -> list[str]:
        return self.tokens[:self.index]

    OPS = {"goto": lambda self, request: self.goto(request.get("index")), "step": _step}

    # -- the page --
    def controls(self, frame: Frame) -> list[str]:
        counter = f'<span class="sol-counter" data-role="counter">{esc(frame["counter"])}</span>'
        return [*replay_controls(frame["index"], frame["total"], self.lang), counter]

    def panels(self, frame: Frame, widget_id: str) -> list[str]:
        said = move_content(frame.get("caption", ""), frame.get("caption_said", ""))
        caption = f'<p class="sol-caption" data-role="caption">{said}</p>'
        annotation = f'<p class="sol-annotation" data-role="annotation">{esc(frame.get("annotation", ""))}</p>'
        spoken = [find(self.game).move_spoken(t, self.lang) for t in self.tokens]
        return [caption, annotation, moves_list(frame["moves"], frame["index"], widget_id, self.lang, spoken)]

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
        self.last_attempt: tuple[str, str, int, bool] | None = None  # token, position before, its score, in dollars
        self.asked: str | None = None  # the disputed move the last answer is about
        for token in self.attempts:
            self.pos.check_token(token)  # malformed → EngineError now

    def default_rules(self, config: dict[str, Any]) -> str:
        return self.presets[0] if self.presets else ""

    def hint_key(self) -> str:
        return "try-hint-taps" if find(self.game).taps else self.hint

    def link(self) -> str:
        """The position on the board with its score (a rules switch replaces the position, so the
        moves that led to it are not kept)."""
        return board_link.write(self.game, position=str(self.pos), rules=self.rules or str(self.pos.rules),
                                score=self.pos.score)

    def add_to_frame(self, out: Frame, full: bool) -> None:
        out["can_undo"] = self.pos.can_undo()
        out["rules"] = self.rules
        out["asked"] = self.asked
        out["pick"] = find(self.game).pick_texts
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
                                "spoken": game.move_spoken(t, self.lang),
                                "label": game.attempt_text(t, self.lang),
                                "label_spoken": game.attempt_spoken(t, self.lang), "note": note,
                                "verdicts": self.verdicts(t) if self.presets else []}
                               for t, note in zip(self.attempts, self.notes)]
        if self.attempt and self.presets:  # the first disputed move's (computed once)
            out["verdicts"] = out["attempts"][0]["verdicts"] if "attempts" in out else self.verdicts()

    def verdicts(self, token: str | None = None) -> list[dict[str, Any]]:
        """A disputed move's verdict (the first one's by default) under each preset, from the
        starting position."""
        out = []
        for p in self.presets:
            start = position_under(self.game, self.start, p, self.start_score, dollars=self.start_dollars)
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
        before, score, dollars = str(self.pos), self.pos.score, self.pos.scored_in_dollars()
        token, verdict = self.pos.play(token)
        self.last_attempt = (token, before, score, dollars)
        if self.asked is not None:
            self.asked = token
        moved = moved_cards(before, str(self.pos)) if verdict.legal else []
        if rejudged is None:
            return self._verdict(token, verdict, moved)
        message = rejudged_text(rejudged, verdict.legal, verdict.points, verdict.message(self.lang), self.lang,
                                self.pos.scored_in_dollars())
        return self._say(message, verdict.legal, moved)

    def _verdict(self, token: str, verdict: Verdict, moved: list[str] | None = None) -> Frame:
        """The frame after ``token`` was judged: what it earned, or why it was refused."""
        if verdict.legal:
            return self._made(token, verdict.points, moved)
        if self.asked is not None:  # beside the button that asked: say which move was refused
            parts, message = find(self.game).move_parts(token), verdict.message(self.lang)
            return self._say(refused_text(parts, message, self.lang), False, moved,
                             said=refused_said(parts, message, self.lang))
        return self._say(verdict.message(self.lang), False, moved)

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
            self.pos = position_under(self.game, str(self.pos), rules, self.pos.score,
                                      dollars=self.pos.scored_in_dollars())
            return self._say("", None)
        token, before, score, dollars = self.last_attempt
        start = self.restart()  # from the question's position: its score as the page gives it, where it can
        self.pos = start if before == str(start) else position_under(self.game, before, rules, score, dollars=dollars)
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


SOLVER_SECONDS = 30.0
"""The analysis board's solver budget: seconds of searching (its pauses between slices do not count)."""
SOLVER_EVERY = 64
"""Positions between two pauses of the board's search: a few hundredths of a second in the browser,
so a slice ends soon after it is due and a Cancel is seen at once."""
MAX_SLICE_MS = 250
MAX_START_TEXT = 400  # the longest code or position the start field takes


class AnalysisSession(TrySession):
    """The analysis board (DESIGN.md §5.1): the reader's own game, from a deal code, a position or a
    fresh deal, every move judged under every rule set of the game, the solver on request.

    Its state: the start (``start``; ``code`` when it came from a deal code), the ``rules``, the
    score the start has (``start_score``; None: the rules' own), the moves played (``moves``) and how
    many of them are on the board (``at``; the others wait for Redo: the board's own history,
    without limit, beside the app's 100-action ``undo``). ``link()`` writes all of it as the page's
    fragment (``engine.board_link``), and the ``link`` request reads one back: the first bad part
    stops it, the board keeps what was good before it and the message names the part.

    Requests beside a try-it board's ``move`` (answered with the board, the verdict, and the verdict
    under every preset: the table and its summary), ``undo``, ``reset`` and ``rules`` (a rules switch
    plays the moves again under the new rules, up to the first they refuse): ``link``
    (``fragment``: the fragment's text, ``length``: its whole length when the page sent only its
    beginning), ``redo``, ``goto`` (``index``: a place in the move list), ``start`` (``text``: a
    deal code or a position, ``game``: the game of a position), ``random`` (``preset``:
    ``<game>/<preset>``, ``number``: the deal number the page drew), ``solve``, ``solve-step``
    (``ms``: how long this slice of the search may run), ``solve-stop`` (the reader's Cancel) and
    ``line`` (``step``: play the winning line up to its move ``step``). The solver's answers are
    small frames (``solver`` and ``busy``, no board): the worker runs ``solve-step`` again and again
    while ``busy``, returning to its event loop in between (docs/assets/solitaire/worker.mjs).
    """

    kind = "analysis"
    hint = "analysis-hint"
    label = "analysis-title"
    texts = ("copied", "copy-failed", "show-line", "hide-line")

    def hint_key(self) -> str:
        return self.hint  # the board's own: a card is picked (or dragged), never tapped

    def restart(self) -> Position:
        """The start under the board's rules with its score, which is always those rules' own kind of
        score (``set_rules`` carries it over or drops it)."""
        return make_position(self.game, self.start, rules=self.rules or None, score=self.start_score)

    def __init__(self, config: dict[str, Any]):
        if isinstance(config, dict) and config.get("presets"):
            raise EngineError("an analysis board offers every rules preset of its game: give no presets")
        super().__init__(config)
        self.rules = str(self.pos.rules)
        self.presets = list(find(self.game).presets)
        self.code: str | None = config.get("code") or None
        self.code_rules = ""  # the rules the code names (the command line gives --code only under them)
        if self.code is not None:
            dealt = make_position(self.game, code=self.code)
            if str(dealt) != self.start:
                raise EngineError(f"code {str(self.code)[:40]!r} does not deal the start position")
            self.code_rules = str(dealt.rules)
        self.moves: list[str] = []
        self.at = 0
        self.judged: tuple[str, list[dict[str, Any]], str, str] | None = None  # the last attempt: token,
        # its verdicts by preset, their table and summary
        self._parts: dict[str, dict[tuple[Any, ...], str]] = {}  # frame part -> what it shows -> its markup
        # (the last PART_CACHE of each part, the one shown last at the end)
        self._judgements: dict[tuple[Any, ...], tuple[str, list[dict[str, Any]], str, str]] = {}  # a move as
        # asked from a position (its string, score and unit) under the board's rules -> ``judged``
        self.searching: Any = None  # a running ``engine.solver.Solving``
        self.search_base: tuple[list[str], str] = ([], self.rules)  # the moves and rules it searches from
        self.solver: Frame = {"state": None}
        self.solution: tuple[list[str], str, list[str]] | None = None  # (moves before, rules, winning line)
        self._texts: dict[str, tuple[str, str]] = {}  # move token -> its text and its words, in the page's language
        self._names: dict[str, str] = {}  # preset -> its name in the page's language (asked on every move)

    # -- the board's state -----------------------------------------------------------------------------
    def _new_game(self, game: str, start: str, code: str | None, rules: str, score: int | None = None) -> None:
        self._stop_search()
        self.game, self.start, self.code, self.rules, self.start_score = game, start, code, rules, score
        self.code_rules = rules if code else ""
        self.pos = self.restart()
        self.presets = list(find(game).presets)
        self.moves, self.at = [], 0
        self.judged = self.solution = None
        self.solver = {"state": None}
        self._texts.clear()
        self._names.clear()
        self._parts.clear()
        self._judgements.clear()

    def _goto(self, n: int) -> tuple[int, str, Verdict] | None:
        """The position after the first ``n`` moves of the list on the board; a move the rules refuse
        stops it there: (its place in the list, its token, the verdict)."""
        if n < self.at:
            if "undo" in self.moves[:self.at]:  # the app's undo cannot be popped: play from the start
                self.pos, self.at = self.restart(), 0
            else:
                while self.at > n:
                    self.pos.pop()
                    self.at -= 1
        while self.at < n:
            token = self.moves[self.at]
            _, verdict = self.pos.play(token)
            if not verdict.legal:
                return self.at, token, verdict
            self.at += 1
        return None

    def played(self) -> list[str]:
        return self.moves[:self.at]

    def link(self) -> str:
        return board_link.write(self.game, code=self.code, position=None if self.code else self.start,
                                rules=self.rules, score=self.start_score, moves=self.played())

    def _name(self, preset: str) -> str:
        found = self._names.get(preset)
        if found is None:
            found = self._names[preset] = preset_label(self.game, preset, self.lang)
        return found

    def _move_texts(self, tokens: list[str]) -> tuple[list[str], list[str]]:
        """The moves' texts as the list shows them and as a screen reader says them."""
        game = find(self.game)
        both = []
        for token in tokens:
            found = self._texts.get(token)
            if found is None:
                found = self._texts[token] = (game.move_text(token, self.lang), game.move_spoken(token, self.lang))
            both.append(found)
        return [shown for shown, _ in both], [said for _, said in both]

    # -- moves, history, rules ---------------------------------------------------------------------------
    def move(self, token: Any) -> Frame:
        """The reader's move, judged under the board's rules and under every preset (one frame: the
        board, the verdict and the table, which costs a fraction of a millisecond)."""
        token = _text(token, "token")
        if len(token) > 16:
            raise EngineError(f"move {token[:16]!r}…: not a move token")
        before = self.pos.under(self.pos.rules)  # the position it is judged from, under every preset
        before.score = self.pos.score
        asked = token
        token, verdict = self.pos.play(token)
        if verdict.legal:
            self._stop_search()
            if not (self.at < len(self.moves) and self.moves[self.at] == token):
                del self.moves[self.at:]  # a new move: the moves that waited for Redo are gone
                self.moves.append(token)
            self.at += 1
        self._judge(token, asked, before)
        return self._verdict(token, verdict)

    def _judge(self, token: str, asked: str, before: Position) -> None:
        """A move's verdicts under every preset, and their table: the same move from the same position
        (tried again after an undo, or after another try) is judged once (the last JUDGED_CACHE moves
        so judged are kept)."""
        key = (self.rules, asked, str(before), before.score, before.scored_in_dollars())
        judged = self._judgements.pop(key, None)
        if judged is None:
            verdicts = self.verdicts(asked, before)
            judged = (token, verdicts, *self._verdicts_shown(token, verdicts))
            if len(self._judgements) >= JUDGED_CACHE:
                self._judgements.pop(next(iter(self._judgements)))
        self._judgements[key] = self.judged = judged

    def _verdicts_shown(self, token: str, verdicts: list[dict[str, Any]]) -> tuple[str, str]:
        """The verdict table and its one-line summary (the live region), rendered once per attempt."""
        if not verdicts:
            return _EMPTY_VERDICTS, ""
        allowed = [v["name"] for v in verdicts if v["legal"]]
        if len(allowed) == len(verdicts):
            summary = text("verdicts-all", self.lang)
        elif not allowed:
            summary = text("verdicts-none", self.lang)
        else:
            names = list_text([rules_name(name, self.lang) for name in allowed], self.lang)
            summary = plural_text("verdicts-some", len(allowed), self.lang, names=names)
        return verdicts_table(verdicts, self.lang, move=token), summary

    def verdicts(self, token: str | None = None, here: Position | None = None) -> list[dict[str, Any]]:
        """The move ``token`` from the position on the board (or ``here``), judged under every preset
        of the game (with its points when legal); a preset under which this position cannot arise says so."""
        if token is None or token.strip() == "undo":
            return []
        here = here or self.pos
        score, dollars = here.score, here.scored_in_dollars()
        out = []
        for p in self.presets:
            entry: dict[str, Any] = {"rules": p, "name": self._name(p)}
            try:  # the position on the board under the preset's rules, without reading its string again
                there = position_under(self.game, here, _preset_rules(self.game, p), score, dollars=dollars)
                verdict = there.check_token(token)
            except EngineError:
                entry.update(legal=False, misfit=True, reason=None, message=None)
            else:
                entry.update(legal=verdict.legal, reason=verdict.reason, message=verdict.message(self.lang),
                             points=verdict.points if verdict.legal else None, dollars=there.scored_in_dollars())
            out.append(entry)
        return out

    def undo(self) -> Frame:
        if not self.at:
            return self._say(Verdict(False, "nothing-to-undo").message(self.lang), False)
        self._stop_search()
        self._goto(self.at - 1)
        return self._say(text("undone", self.lang), True)

    def redo(self) -> Frame:
        if self.at >= len(self.moves):
            return self._say("", None)
        self._stop_search()
        refused = self._goto(self.at + 1)
        if refused:
            return self._say(self._refusal(refused), False)
        token = self.moves[self.at - 1]
        points = self.pos.move_stack[-1][2] if token != "undo" and self.pos.move_stack else 0
        return self._made(token, points)

    def goto(self, index: Any) -> Frame:
        n = _frame_number(index, len(self.moves))
        if n is None:
            raise EngineError(f"index {str(index)[:MAX_LINK_TEXT]!r}: a place in the move list (0–{len(self.moves)})")
        self._stop_search()
        refused = self._goto(n)
        if refused:
            return self._say(self._refusal(refused), False)
        said = text("start", self.lang) + "." if n == 0 else plural_text("at-move", n, self.lang)
        return self._say(said, None)

    def reset(self) -> Frame:
        self._stop_search()
        self._goto(0)
        return self._say(text("reset-done", self.lang), None)

    def _refusal(self, refused: tuple[int, str, Verdict]) -> str:
        k, _, verdict = refused
        name = preset_label(self.game, self.rules, self.lang)
        said = text("rules-refused", self.lang, rules=name, n=k + 1, reason=verdict.message(self.lang))
        return f"{said} {text('rules-stopped', self.lang)}"

    def set_rules(self, rules: Any) -> Frame:
        """Switch the rules and play the moves again under them, up to the first they refuse."""
        new = str(find(self.game).rules(_text(rules, "rules")))
        try:  # the start's score where the new rules count the same way, else their own
            start = position_under(self.game, self.start, new, self.start_score, dollars=self.pos.scored_in_dollars())
        except EngineError:
            return self._say(text("rules-misfit", self.lang), False)
        score = self.start_score if start.score == self.start_score else None
        self._stop_search()
        self.solution = None
        if self.solver.get("state") == "won":
            self.solver = {"state": None}
        wanted = self.at
        self.rules, self.start_score, self.pos, self.at = new, score, start, 0
        refused = self._goto(wanted)
        if refused:
            return self._say(self._refusal(refused), False)
        name = preset_label(self.game, new, self.lang)
        if not wanted:
            return self._say(text("rules-now", self.lang, rules=name), None)
        return self._say(plural_text("rules-replayed", wanted, self.lang, rules=name), True)

    # -- starting a game ------------------------------------------------------------------------------
    def open_link(self, fragment: Any, length: Any = None) -> Frame:
        """Open the board a link describes (the page's fragment), as far as its parts are good."""
        if not isinstance(length, int) or isinstance(length, bool):
            length = None
        try:
            link = board_link.read(fragment if isinstance(fragment, str) else "", length)
            if link.empty:
                return self._say("", None)
            self._follow(link)
        except board_link.LinkProblem as problem:
            return self._say(problem.message(self.lang), False)
        return self._say(plural_text("opened-link", self.at, self.lang), None)

    def _follow(self, link: board_link.Link) -> None:
        """Apply a link part by part: game, start, rules, score, moves. A part that is bad raises
        ``LinkProblem``; the board keeps what the parts before it set up (nothing, before a good start)."""
        LinkProblem = board_link.LinkProblem
        name = link.game
        if name is None and link.code is not None:
            try:
                name = games.name_of_code(parse_code(link.code.upper()).game)
            except EngineError:
                raise LinkProblem("code", "code", value=board_link.quoted(link.code),
                                  example=find(self.game).code(0, find(self.game).presets[0])) from None
        if name is None:
            raise LinkProblem("game", "no-start" if link.position is None else "no-game")
        if name not in GAMES:
            raise LinkProblem("game", "game", value=board_link.quoted(name), games=", ".join(GAMES))
        game = find(name)
        if link.code is not None and link.position is not None:
            raise LinkProblem("position", "two-starts")
        rules = None
        if link.rules is not None:
            try:
                rules = game.rules(link.rules)
            except EngineError:
                rules = None
        if link.code is not None:
            try:
                code = parse_code(link.code.upper())
                pos = game.from_code(code)
            except EngineError:
                raise LinkProblem("code", "code", value=board_link.quoted(link.code),
                                  example=game.code(0, game.presets[0])) from None
            self._new_game(game.name, str(pos), str(code), str(pos.rules))
        elif link.position is not None:
            try:
                pos = game.position(link.position, rules)
            except EngineError:
                raise LinkProblem("position", "position") from None
            self._new_game(game.name, str(pos), None, str(pos.rules))
        else:
            raise LinkProblem("game", "no-start")
        # The start is on the board: from here on a bad part stops the link, and the board keeps what it has.
        if link.rules is not None:
            if rules is None:
                raise LinkProblem("rules", "rules", value=board_link.quoted(link.rules),
                                  presets=", ".join(game.presets))
            if str(rules) != self.rules:
                try:
                    self.pos = make_position(self.game, self.start, rules=str(rules))
                except EngineError:
                    raise LinkProblem("rules", "rules-misfit", value=board_link.quoted(link.rules)) from None
                self.rules = str(rules)
        if link.score is not None:
            score = _whole_number(link.score)
            try:
                if score is None:
                    raise EngineError("not a whole number")
                self.pos = make_position(self.game, self.start, rules=self.rules, score=score)
            except EngineError:
                raise LinkProblem("score", "score", value=board_link.quoted(link.score)) from None
            self.start_score = score
        for n, token in enumerate(link.moves or [], 1):
            try:
                token, verdict = self.pos.play(token)
            except EngineError:
                raise LinkProblem("moves", "move", n=n, token=board_link.quoted(token)) from None
            if not verdict.legal:
                raise LinkProblem("moves", "move-refused", n=n, token=board_link.quoted(token),
                                  reason=verdict.message(self.lang))
            self.moves.append(token)
            self.at += 1

    def start_from(self, value: Any, game: Any = None) -> Frame:
        """A new game from what the reader typed: a deal code, or a position of ``game``."""
        if isinstance(value, str) and not value.strip():  # the field left empty
            return self._say(text("start-empty", self.lang), False)
        value = _text(value, "text")
        shown = board_link.quoted(value)
        try:
            if len(value) > MAX_START_TEXT:
                raise EngineError("too long")
            if _CODE_LIKE.fullmatch(value):
                code = parse_code(value.upper())
                pos = find(games.name_of_code(code.game)).from_code(code)
                self._new_game(pos.GAME, str(pos), str(code), str(pos.rules))
                return self._say(text("opened-code", self.lang, code=str(code)), None)
            name = _choice(game or self.game, tuple(GAMES), "game")
            rules = self.rules if name == self.game else None
            pos = position_under(name, value, rules) if rules else make_position(name, value)
        except EngineError:
            return self._say(text("start-bad", self.lang, value=shown), False)
        self._new_game(name, str(pos), None, str(pos.rules))
        return self._say(text("opened-position", self.lang), None)

    def random_deal(self, preset: Any, number: Any) -> Frame:
        """A new game from a deal the page drew (``number``, from the browser's crypto random numbers)."""
        name, _, rules = _text(preset, "preset").partition("/")
        game = find(_choice(name, tuple(GAMES), "game"))
        if rules not in game.presets:
            raise EngineError(f"unknown {game.title} preset {rules[:40]!r}")
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= MAX_NUMBER:
            raise EngineError(f"deal number {str(number)[:20]!r}: a whole number from 0 to {MAX_NUMBER}")
        code = game.code(number, rules)
        pos = game.from_code(parse_code(code))
        self._new_game(game.name, str(pos), code, str(pos.rules))
        return self._say(text("opened-code", self.lang, code=code), None)

    # -- the solver -------------------------------------------------------------------------------------
    def solve(self) -> Frame:
        """Start a search from the position on the board (a copy: the board stays the reader's)."""
        if self.searching is None:
            from .solver import Solving  # noqa: PLC0415  (a page loads the solver only when a reader asks)

            here = make_position(self.game, str(self.pos), rules=self.rules, score=self.pos.score)
            self.searching = Solving(here, seconds=SOLVER_SECONDS, every=SOLVER_EVERY)
            self.search_base = (self.moves[:self.at], self.rules)
            self.solver = {"state": "running", "nodes": 0}
        return self._solver_frame()

    def solve_step(self, ms: Any) -> Frame:
        """Search on for ``ms`` milliseconds (at most ``MAX_SLICE_MS``)."""
        if not isinstance(ms, (int, float)) or isinstance(ms, bool) or not ms > 0:
            raise EngineError("solve-step needs a positive number of milliseconds")
        if self.searching is not None:
            result = self.searching.run(seconds=min(float(ms), MAX_SLICE_MS) / 1000)
            self.solver = {"state": "running", "nodes": self.searching.nodes}
            if result is not None:
                self._solved(result)
        return self._solver_frame()

    def solve_stop(self) -> Frame:
        """The reader's Cancel: the search ends where it is (not decided, unless it just was)."""
        if self.searching is not None:
            result = self.searching.stop()
            if result.solved is None:
                self.searching = None
                self.solver = {"state": "cancelled", "nodes": result.nodes}
            else:
                self._solved(result)
        return self._solver_frame()

    def _stop_search(self) -> None:
        """The board changes: a running search is for a position no longer shown, so it stops."""
        if self.searching is not None:
            self.searching.stop()
            self.searching = None
            self.solver = {"state": "changed", "nodes": self.solver.get("nodes", 0)}

    def _solved(self, result: Any) -> None:
        self.searching = None
        state = {True: "won", False: "lost", None: "unknown"}[result.solved]
        self.solver = {"state": state, "nodes": result.nodes}
        if result.solved:
            base, rules = self.search_base
            self.solution = (list(base), rules, list(result.moves))

    def solver_state(self) -> Frame:
        """The solver's part of a frame: its state, the texts to show and, for a win, the line."""
        state, lang = self.solver.get("state"), self.lang
        nodes = self.solver.get("nodes", 0)
        out: Frame = {"state": state, "result": state if state in ("won", "lost", "unknown") else None,
                      "progress": plural_text("solver-progress", nodes, lang) if state else ""}
        if state == "won" and self.solution:
            line = self.solution[2]
            out["text"] = (plural_text("solver-won", len(line), lang) if line else text("solver-won-now", lang))
            shown, spoken = self._move_texts(line)
            out["line"] = solution_list(line, shown, lang, spoken)
        else:
            out["text"] = text(_SOLVER_TEXTS[state], lang) if state in _SOLVER_TEXTS else ""
            out["line"] = ""
        if state == "cancelled":
            out["result"] = "unknown"
        return out

    def _solver_frame(self) -> Frame:
        return {"kind": self.kind, "solver": self.solver_state(), "busy": self.searching is not None}

    def play_line(self, step: Any) -> Frame:
        """Play the winning line up to its move ``step``, from where the search started; the rest of
        the line waits for Redo. A line no longer there (the board changed, or another search began),
        or a step not in it, is answered in the reader's language, the board as it was."""
        if self.solution is None or self.solution[1] != self.rules:
            return self._say(text("line-gone", self.lang), False)
        base, rules, line = self.solution
        k = _frame_number(step, len(line) - 1)
        if k is None:
            return self._say(text("line-step", self.lang, total=len(line)), False)
        self._stop_search()
        self.moves = base + line
        self.pos, self.at = self.restart(), 0
        refused = self._goto(len(base) + k + 1)
        if refused:  # the line was found here: it never is
            return self._say(self._refusal(refused), False)
        points = self.pos.move_stack[-1][2]
        return self._made(line[k], points)

    OPS = {
        **TrySession.OPS,
        "link": lambda self, request: self.open_link(request.get("fragment"), request.get("length")),
        "move": lambda self, request: self.move(request.get("token")),
        "redo": lambda self, request: self.redo(),
        "goto": lambda self, request: self.goto(request.get("index")),
        "start": lambda self, request: self.start_from(request.get("text"), request.get("game")),
        "random": lambda self, request: self.random_deal(request.get("preset"), request.get("number")),
        "solve": lambda self, request: self.solve(),
        "solve-step": lambda self, request: self.solve_step(request.get("ms")),
        "solve-stop": lambda self, request: self.solve_stop(),
        "line": lambda self, request: self.play_line(request.get("step")),
    }

    # -- frames and the page --------------------------------------------------------------------------
    def add_to_frame(self, out: Frame, full: bool) -> None:
        lang = self.lang
        out["game"], out["rules"], out["at"] = self.game, self.rules, self.at
        out["pick"] = find(self.game).pick_texts  # the game on the board, which the reader may switch
        if full:  # what the page script needs to know of links and deals
            out["link_limit"], out["deal_numbers"] = board_link.MAX_LENGTH, MAX_NUMBER + 1
        out["can_undo"], out["can_redo"] = self.at > 0, self.at < len(self.moves)
        out["fragment"] = self.link()
        out["moves"] = self._once("moves", (self.game, tuple(self.moves), self.at), lambda: self._history(lang))
        out["presets"] = [{"id": p, "name": self._name(p)} for p in self.presets]
        out["command"] = self._once("command", (self.shown, tuple(self.played()), self.game, self.start, self.code,
                                                self.code_rules, self.rules, self.start_score),
                                    lambda: self.command(self.shown))
        out["solver"] = self.solver_state()
        out["verdicts"], out["verdicts_summary"] = self.judged[2:] if self.judged else (_EMPTY_VERDICTS, "")

    def _history(self, lang: str) -> str:
        shown, spoken = self._move_texts(self.moves)
        return history_list(shown, self.at, lang, spoken)

    def _once(self, part: str, key: tuple[Any, ...], make: Callable[[], str]) -> str:
        """A part of the frame made only when what it shows (``key``) was not among the last
        PART_CACHE it showed: a refused move leaves the move list or the command line as they were,
        and an undo, its redo or a step back in the list show one made before."""
        kept = self._parts.setdefault(part, {})
        found = kept.pop(key, None)
        if found is None:
            found = make()
            if len(kept) >= PART_CACHE:
                kept.pop(next(iter(kept)))
        kept[key] = found
        return found

    def command(self, here: str | None = None) -> str:
        """The same game on the command line: ``python -m engine play …`` to the position shown (its
        string: ``here``), then ``python -m engine solve …`` from it."""
        own = self.code is not None and self.code_rules == self.rules
        start = ["--code", str(self.code)] if own else ["--position", self.start, "--rules", self.rules]
        score = ["--score", str(self.start_score)] if self.start_score is not None else []
        play = ["python", "-m", "engine", "play", "--game", self.game, *start, *score,
                "--moves", " ".join(self.played()), "--lang", self.lang]
        solve = ["python", "-m", "engine", "solve", "--game", self.game, "--position", here or str(self.pos),
                 "--rules", self.rules]
        return "\n".join(" ".join(shlex.quote(word) for word in words) for words in (play, solve))

    def controls(self, frame: Frame) -> list[str]:
        lang = self.lang
        options = "".join(f'<option{attrs(value=p["id"], selected=p["id"] == frame["rules"])}>{esc(p["name"])}</option>'
                          for p in frame["presets"])
        return [
            button("undo", lang, disabled=not frame["can_undo"]),
            button("redo", lang, disabled=not frame["can_redo"]),
            button("reset", lang),
            f'<label class="sol-rules">{esc(text("rules", lang))} <select data-role="rules">{options}</select></label>',
        ]

    def panels(self, frame: Frame, widget_id: str) -> list[str]:
        lang = self.lang
        verdicts = (f'<section class="sol-analysis-verdicts"{attrs(aria_label=text("verdicts", lang))}>'
                    f'<p class="sol-verdicts-summary" data-role="verdicts-summary" aria-live="polite">'
                    f'{esc(frame["verdicts_summary"])}</p>{frame["verdicts"]}</section>')
        return [verdicts, frame["moves"]]

    def after(self, frame: Frame) -> list[str]:
        lang = self.lang
        solver = frame["solver"]
        solver_html = (
            f'<section class="sol-solver"{attrs(aria_label=text("solver", lang))} data-search-exclude>'
            f'<p class="sol-solver-note">{esc(text("solver-note", lang))}</p>'
            f'<p class="sol-buttons">{button("solve", lang, label=text("solver", lang))}'
            f'{button("cancel", lang, disabled=True)}</p>'
            f'<p class="sol-solver-progress" data-role="solver-progress">{esc(solver["progress"])}</p>'
            f'<p class="sol-solver-result" data-role="solver" role="status">{esc(solver["text"])}</p>'
            f'<p class="sol-buttons">{button("show-line", lang, hidden=True, aria_expanded="false")}</p>'
            f'<div class="sol-line" data-role="line-panel" hidden>'
            f'<p class="sol-line-hint">{esc(text("line-hint", lang))}</p>'
            f'{solver["line"] or solution_list([], [], lang)}</div></section>'
        )
        game_options = "".join(
            f'<option{attrs(value=g, selected=g == self.game)}>{esc(find(g).title_in(lang))}</option>' for g in GAMES)
        deal_options = "".join(
            f'<optgroup{attrs(label=find(g).title_in(lang))}>' + "".join(
                f'<option{attrs(value=f"{g}/{p}", selected=g == self.game and p == self.rules)}>'
                f'{esc(preset_label(g, p, lang))}</option>' for p in find(g).presets) + "</optgroup>"
            for g in GAMES)
        start_html = (
            f'<section class="sol-start"{attrs(aria_label=text("start-title", lang))} data-search-exclude>'
            f'<p class="sol-panel-title">{esc(text("start-title", lang))}</p>'
            f'<p class="sol-field"><label>{esc(text("start-field", lang))} '
            f'<input type="text" data-role="start-text" spellcheck="false" autocomplete="off" '
            f'{attrs(maxlength=MAX_START_TEXT)}></label> '
            f'<label>{esc(text("start-game", lang))} <select data-role="start-game">{game_options}</select></label> '
            f'{button("open", lang)}</p>'
            f'<p class="sol-field"><label>{esc(text("new-deal-rules", lang))} '
            f'<select data-role="deal-rules">{deal_options}</select></label> {button("new-deal", lang)}</p></section>'
        )
        share_html = (
            f'<section class="sol-share"{attrs(aria_label=text("share-title", lang))} data-search-exclude>'
            f'<p class="sol-panel-title">{esc(text("share-title", lang))}</p>'
            f'<p class="sol-field"><label>{esc(text("link-field", lang))} '
            f'<input type="text" data-role="link" readonly spellcheck="false" '
            f'{attrs(value="#" + frame["fragment"])}></label> {button("copy", lang)}</p>'
            f'<p class="sol-command-label">{esc(text("command", lang))}</p>'
            f'<pre class="sol-command" data-role="command" tabindex="0">{esc(frame["command"])}</pre></section>'
        )
        return [solver_html, start_html, share_html]


_CODE_LIKE = re.compile(r"[A-Za-z]{2}[0-9]+-[A-Za-z0-9]{3}-[A-Za-z]{7}")
_EMPTY_VERDICTS = '<ul class="sol-verdicts" data-role="verdicts"></ul>'
_SOLVER_TEXTS = {"running": "solver-running", "lost": "solver-lost", "unknown": "solver-unknown",
                 "cancelled": "solver-cancelled", "changed": "solver-changed"}


def _whole_number(value: str) -> int | None:
    """A score from a link: ASCII digits with an optional minus, within ``board_link.MAX_SCORE``."""
    digits = value[1:] if value.startswith("-") else value
    if not digits or len(digits) > 7 or not (digits.isascii() and digits.isdigit()):
        return None
    n = int(value)
    return n if abs(n) <= board_link.MAX_SCORE else None


KINDS: dict[str, type[Session]] = {cls.kind: cls for cls in (Session, ReplaySession, TrySession, AnalysisSession)}


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
             "spoken": find(game).move_spoken(frame["attempt"], lang),
             "label": find(game).attempt_text(frame["attempt"], lang),
             "label_spoken": find(game).attempt_spoken(frame["attempt"], lang),
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
    move = move_content(attempt["move"], attempt.get("spoken") or attempt["move"])
    tried = (f'<p class="sol-attempt-try"><span class="sol-attempt-move">{move}</span>'
             f'<button type="button"{attrs(data_action="attempt", data_move=token)} data-search-exclude>'
             f'{move_content(label, attempt.get("label_spoken") or label)}</button> '
             f'<span class="sol-attempt-result" data-role="attempt-result" role="status">'
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


__all__ = ["KINDS", "SESSIONS", "AnalysisSession", "ReplaySession", "Session", "TrySession", "card_places", "handle",
           "moved_cards", "open_session", "preset_label", "session"]
