"""HTML for boards and widgets: a pure function of a position, the same at build time and in the browser.

Modelled on ``chess.svg``: nothing here keeps state or touches the page; ``board(pos, lang)`` returns
markup for the position as it is. The site build puts the first frame of every widget into the page
with these functions (readers without JavaScript see the board and the description); in the browser
the engine, running in Pyodide, renders every later frame with the same functions, so the page does
not jump when the script takes over.

>>> from engine import position
>>> pos = position("scorpion", code="SC1-CLA-AAAAAAB")
>>> html = board(pos, "hu")
>>> 'data-column="7"' in html and 'class="sol-card sol-down"' in html
True
>>> move_text("4H>7", "hu"), move_text("deal", "en")
('4♥ → 7. oszlop', 'Deal the reserve')

The markup is the widgets' DOM contract (DESIGN.md §5): columns ``[data-column="7"]`` (1-based),
face-up cards ``[data-card="4H"]`` (face-down cards carry no card, only ``data-face="down"``),
buttons ``[data-action=…]``, and ``[data-role=…]`` for the description, message, score and move
list. Every text goes through the engine's catalogs and every value is escaped as ``html.escape`` does.
The board, the toolbar and the hint carry ``data-search-exclude``: a site's search indexes a widget's
description, message, move list and verdicts, not the names of its cards and buttons.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from . import games
from .cards import DECK, card_symbol, card_token, is_red, parse_card
from .errors import NotationError
from .grammar import hu_with_article
from .i18n import CASES, MINUS, N_, NP_, minus, number, sentence_case, translator

# Texts the engine already has (Scorpion's module owns them and their catalog): named here, not extracted.
_COLUMN = "column {n}"
_EMPTY_COLUMN = "empty"

_TEXTS = {
    # The board
    "table": N_("widget", "Table"),
    "reserve": N_("widget", "Reserve"),
    "places": N_("widget", "Places for complete sequences"),
    "place-empty": N_("widget", "empty place"),
    "removed-suit": N_("widget", "removed sequence: {suit}"),
    "face-down": N_("widget", "face-down card"),
    "aside": N_("widget", "Cards set aside"),
    "stock": N_("widget", "Stock"),
    "waste": N_("widget", "Waste"),
    "foundations": N_("widget", "Foundations"),
    # The chrome
    "first": N_("widget", "First position"),
    "prev": N_("widget", "Previous move"),
    "next": N_("widget", "Next move"),
    "last": N_("widget", "Last position"),
    "play": N_("widget", "Play"),
    "pause": N_("widget", "Pause"),
    "undo": N_("widget", "Undo"),
    "reset": N_("widget", "Reset"),
    "score": N_("widget", "Score:"),
    "moves": N_("widget", "Moves"),
    "start": N_("widget", "Starting position"),
    "rules": N_("widget", "Rules:"),
    "controls": N_("widget", "Controls"),
    "replay-title": N_("widget", "Game replay"),
    "try-title": N_("widget", "Try it yourself"),
    "try-hint": N_("widget", "Pick a card, then the column it should go to, or drag the card there."),
    "try-hint-taps": N_("widget", "One tap sends a card to its foundation and two quick taps find it a place on the "
                                  "tableau; or drag a card, or pick it and then a column."),
    "replay-hint": N_("widget", "Step through the game with the buttons, the arrow keys or the move list."),
    "selected": N_("widget", "{card} picked: now pick a column (Escape cancels)."),
    "selected-touch": N_("widget", "{card} picked: now tap a column, or tap the card again to put it back."),
    # the same, where a picked card may also go to a foundation (Klondike)
    "selected-foundation": N_("widget", "{card} picked: now pick a column or a foundation (Escape cancels)."),
    "selected-touch-foundation": N_("widget", "{card} picked: now tap a column or a foundation, or tap the card "
                                              "again to put it back."),
    "cancelled": N_("widget", "No card picked."),
    "loading": N_("widget", "Starting the rules engine… ({step}/{steps})"),
    "failed": N_("widget", "The rules engine could not start, so this board cannot be played ({error})."),
    "undone": N_("widget", "Move taken back."),
    "reset-done": N_("widget", "Back at the starting position."),
    "attempt": N_("widget", "Try the disputed move"),
    # What the reader shows or hides
    "show-description": N_("widget", "Show the description"),
    "hide-description": N_("widget", "Hide the description"),
    "show-board": N_("widget", "Show the board"),
    "hide-board": N_("widget", "Hide the board"),
    "verdicts": N_("widget", "The verdict under each rule set"),
    "foundation-empty-suit": N_("widget", "Empty foundation: {suit}"),
    # Deep links
    "bad-fragment": N_("widget", "This link points to move “{text}”, which this game does not have (moves 0–{total})."),
    "board-link": N_("widget", "Open on the analysis board"),
    # The analysis board (engine.web.AnalysisSession)
    "analysis-title": N_("widget", "Analysis board"),
    "analysis-hint": N_("widget", "Pick a card, then the column or foundation it should go to: the engine judges "
                                  "the move under every rule set of the game."),
    "redo": N_("widget", "Redo"),
    "history": N_("widget", "Moves played"),
    "rules-now": N_("widget", "The board now plays under {rules}."),
    "rules-misfit": N_("widget", "These rules would deal this game differently, so they cannot judge it; the board "
                                 "keeps the rules it had."),
    "rules-refused": N_("widget", "Judged again under {rules}, move {n} of the list is refused. {reason}."),
    "rules-stopped": N_("widget", "The board stops before it; the moves after it stay in the move list."),
    "verdicts-all": N_("widget", "Allowed under every rule set."),
    "verdicts-none": N_("widget", "Refused under every rule set."),
    "solver": N_("widget", "Is it still winnable?"),
    "cancel": N_("widget", "Cancel"),
    "solver-note": N_("widget", "The site knows the face-down cards from the deal code or the position, and so "
                                "does the solver: it answers for a player who could see every card."),
    "solver-running": N_("widget", "Searching for a winning line…"),
    "solver-won-now": N_("widget", "The game on the board is won."),
    "solver-lost": N_("widget", "Not winnable: no position that can be reached from here is won."),
    "solver-unknown": N_("widget", "Not decided: the solver's time ran out before it found an answer."),
    "solver-cancelled": N_("widget", "Search cancelled: not decided."),
    "solver-changed": N_("widget", "The search stopped because the board changed."),
    "show-line": N_("widget", "Show the winning line"),
    "hide-line": N_("widget", "Hide the winning line"),
    "line": N_("widget", "The winning line"),
    "line-gone": N_("widget", "There is no winning line to play here now: ask the solver again."),
    "line-step": N_("widget", "The winning line has no such move: it has moves 1 to {total}."),
    "line-hint": N_("widget", "Pick a move in the line to play up to that move; Redo then continues one move at "
                              "a time."),
    "start-title": N_("widget", "Start another game"),
    "start-field": N_("widget", "Deal code or position:"),
    "start-game": N_("widget", "Game of the position:"),
    "open": N_("widget", "Open"),
    "new-deal": N_("widget", "New random deal"),
    "new-deal-rules": N_("widget", "Rules of the new deal:"),
    "start-bad": N_("widget", "The text “{value}” is neither a deal code nor a position of the chosen game."),
    "start-empty": N_("widget", "Type a deal code or a position first."),
    "opened-code": N_("widget", "New game on the board: {code}."),
    "opened-position": N_("widget", "New game on the board, from the position given."),
    "share-title": N_("widget", "Share"),
    "copy": N_("widget", "Copy link"),
    "copied": N_("widget", "The link is copied."),
    "copy-failed": N_("widget", "The link could not be copied here: it is selected in the field, copy it from there."),
    "link-field": N_("widget", "Link to this game:"),
    "command": N_("widget", "The same on the command line:"),
}

_PLURAL_TEXTS = {
    "at-move": NP_("widget", "Position after {n} move.", "Position after {n} moves."),
    # TRANSLATORS: the rule sets that allow a move, {names} a list of their names; {n} how many (one
    # rule set or several: the plural form agrees with the list).
    "verdicts-some": NP_("widget", "Allowed only under {names}.", "Allowed only under {names}."),
    "rules-replayed": NP_("widget", "Judged again under {rules}: {n} move played, none refused.",
                          "Judged again under {rules}: {n} moves played, none refused."),
    "opened-link": NP_("widget", "Opened from the link, with {n} move played.",
                       "Opened from the link, with {n} moves played."),
    "solver-progress": NP_("widget", "{n} position searched", "{n} positions searched"),
    "solver-won": NP_("widget", "Still winnable: the solver found a winning line of {n} move.",
                      "Still winnable: the solver found a winning line of {n} moves."),
}

# Every text that speaks of a move is one catalog entry per kind of move (the grammar differs: "Try
# tapping 2♥", "Try dealing the reserve"), so each language orders and inflects it whole. ``move_parts``
# says which kind a token is and the values its texts name: ``card`` (the card's symbol, ``4♥``) and
# ``n`` (a column's number).
MOVE_KINDS = ("to-column", "to-foundation", "deal", "draw", "recycle", "tap", "dtap", "undo")

_MOVE_TEXTS = {  # the move list, and the heading of a disputed move
    "to-column": N_("move", "{card} → column {n}"),
    "to-foundation": N_("move", "{card} → foundation"),
    "deal": N_("move", "Deal the reserve"),
    "draw": N_("move", "Draw from the stock"),
    "recycle": N_("move", "Turn the waste over"),
    "tap": N_("move", "Tap {card}"),
    "dtap": N_("move", "Double-tap {card}"),
    "undo": N_("move", "Undo"),
}

# The same moves as a screen reader says them (the list shows the symbols, ``_MOVE_TEXTS``; an arrow
# and a suit symbol are read as "right arrow", "black heart suit"): the card named in words, in the
# case the sentence needs. Every value is offered to every language; each translation takes the
# ones it needs (``move_spoken``). Deal, draw, recycle and undo have no symbol: they are said as shown.
_SPOKEN_TEXTS = {
    # TRANSLATORS: a move as a screen reader says it (shown as "4♥ → column 7"). Values, use any of
    # them: {card} the card's name ("4 of hearts", hu "kőr 4", ca "4 de cors", ru "четвёрка червей");
    # {card_acc}, {card_gen}, {card_dat}, {card_ins}, {card_pre} the name in that case (ru
    # "четвёрку червей", "четвёрки червей"); {n} the column's number; {the_n} the number with the
    # Hungarian definite article ("a 7", "az 5"). The first letter is made a capital.
    "to-column": N_("move|spoken", "{card} to column {n}"),
    # TRANSLATORS: a move as a screen reader says it (shown as "4♥ → foundation"). Values as in
    # "{card} to column {n}": {card}, {card_acc}, {card_gen}, {card_dat}, {card_ins}, {card_pre}.
    "to-foundation": N_("move|spoken", "{card} to its foundation"),
    # TRANSLATORS: a move as a screen reader says it (shown as "Tap 2♥"). Values as in
    # "{card} to column {n}": {card}, {card_acc}, {card_gen}, {card_dat}, {card_ins}, {card_pre}.
    "tap": N_("move|spoken", "Tap the {card}"),
    # TRANSLATORS: a move as a screen reader says it (shown as "Double-tap 2♥"). Values as in
    # "{card} to column {n}": {card}, {card_acc}, {card_gen}, {card_dat}, {card_ins}, {card_pre}.
    "dtap": N_("move|spoken", "Double-tap the {card}"),
}
SPOKEN_VALUES = ("card", *(f"card_{case}" for case in CASES), "n", "the_n")
"""The values a spoken move's translation may name (``_SPOKEN_TEXTS``)."""

_ATTEMPT_TEXTS = {  # the button that plays one of a ruling's disputed moves
    "to-column": N_("attempt", "Try {card} → column {n}"),
    "to-foundation": N_("attempt", "Try {card} → foundation"),
    "deal": N_("attempt", "Try dealing the reserve"),
    "draw": N_("attempt", "Try drawing from the stock"),
    "recycle": N_("attempt", "Try turning the waste over"),
    # TRANSLATORS: the button that tries a disputed move (a tap on 2♥). Values, use any of them: {card}
    # the card's symbol, "2♥"; {the_card} the symbol with the Hungarian definite article, "a 2♥", "az A♥".
    "tap": N_("attempt", "Try tapping {card}"),
    # TRANSLATORS: as "Try tapping {card}": {card} "2♥", {the_card} "a 2♥", "az A♥".
    "dtap": N_("attempt", "Try double-tapping {card}"),
    "undo": N_("attempt", "Try undoing the last move"),
}
ATTEMPT_VALUES = ("card", "the_card", "n", "the_n")
"""The values a disputed move's button may name (``_ATTEMPT_TEXTS``): the card's symbol and the column's
number, each also with the Hungarian definite article (the symbol read aloud: "az A♥", "az 5♥", "a 10♥")."""

_MADE_TEXTS = {  # the message after a legal move: the move and what it earned ({points}: ``amount_text``)
    "to-column": N_("made", "{card} → column {n}: {points}"),
    "to-foundation": N_("made", "{card} → foundation: {points}"),
    "deal": N_("made", "Reserve dealt: {points}"),
    "draw": N_("made", "Draw from the stock: {points}"),
    "recycle": N_("made", "Waste turned over: {points}"),
    "tap": N_("made", "Tap on {card}: {points}"),
    "dtap": N_("made", "Double tap on {card}: {points}"),
    "undo": N_("made", "Move undone: {points}"),
}

# The same messages as a screen reader says them (the live region shows ``_MADE_TEXTS`` to the eye):
# the card in words, no arrow. Deal, draw, recycle and undo have no symbol: they are said as shown.
_MADE_SPOKEN = {
    # TRANSLATORS: the message after a legal move as a screen reader says it (shown as "4♥ → column 7:
    # +5 points"). Values, use any of them: {card} the card's name ("4 of hearts", hu "kőr 4", ca "4 de
    # cors", ru "четвёрка червей"); {card_acc}, {card_gen}, {card_dat}, {card_ins}, {card_pre} the name
    # in that case; {n} the column's number; {the_n} the number with the Hungarian definite article
    # ("a 7", "az 5"); {points} what the move earned ("+5 points", "−100 pont", "+5 $"). The first
    # letter is made a capital.
    "to-column": N_("made|spoken", "{card} to column {n}: {points}"),
    # TRANSLATORS: the message after a legal move as a screen reader says it (shown as "4♥ →
    # foundation: +10 points"). Values as in "{card} to column {n}: {points}".
    "to-foundation": N_("made|spoken", "{card} to its foundation: {points}"),
    # TRANSLATORS: the message after a legal move as a screen reader says it (shown as "Tap on 2♥: +10
    # points"). Values as in "{card} to column {n}: {points}".
    "tap": N_("made|spoken", "Tap on the {card}: {points}"),
    # TRANSLATORS: the message after a legal move as a screen reader says it (shown as "Double tap on
    # 2♥: +5 points"). Values as in "{card} to column {n}: {points}".
    "dtap": N_("made|spoken", "Double tap on the {card}: {points}"),
}
MADE_SPOKEN_VALUES = (*SPOKEN_VALUES, "points")
"""The values a spoken message after a move may name (``_MADE_SPOKEN``)."""

_REFUSED_TEXTS = {  # a disputed move refused, beside the button that asked ({message}: the app's message)
    "to-column": N_("refused", "{card} → column {n}: refused. {message}."),
    "to-foundation": N_("refused", "{card} → foundation: refused. {message}."),
    "deal": N_("refused", "Dealing the reserve: refused. {message}."),
    "draw": N_("refused", "Drawing from the stock: refused. {message}."),
    "recycle": N_("refused", "Turning the waste over: refused. {message}."),
    "tap": N_("refused", "Tap on {card}: refused. {message}."),
    "dtap": N_("refused", "Double tap on {card}: refused. {message}."),
    "undo": N_("refused", "Undoing the last move: refused. {message}."),
}

# The same refusals as a screen reader says them (shown beside the button as "4♣ → column 7: refused."):
# the card in words, no arrow; the kinds without a symbol are said as shown.
_REFUSED_SPOKEN = {
    # TRANSLATORS: a disputed move refused, as a screen reader says it (shown as "4♣ → column 7: refused.
    # …"). Values, use any of them: {card} the card's name ("4 of clubs", hu "treff 4", ru "четвёрка
    # треф"); {card_acc}, {card_gen}, {card_dat}, {card_ins}, {card_pre} the name in that case; {n} the
    # column's number; {the_n} the number with the Hungarian definite article ("a 7", "az 5");
    # {message} the app's message, a sentence of its own. The first letter is made a capital.
    "to-column": N_("refused|spoken", "{card} to column {n}: refused. {message}."),
    # TRANSLATORS: as "{card} to column {n}: refused. {message}." (shown as "K♥ → foundation: refused. …").
    "to-foundation": N_("refused|spoken", "{card} to its foundation: refused. {message}."),
    # TRANSLATORS: as "{card} to column {n}: refused. {message}." (shown as "Tap on 2♥: refused. …").
    "tap": N_("refused|spoken", "Tap on the {card}: refused. {message}."),
    # TRANSLATORS: as "{card} to column {n}: refused. {message}." (shown as "Double tap on 2♥: refused. …").
    "dtap": N_("refused|spoken", "Double tap on the {card}: refused. {message}."),
}
REFUSED_SPOKEN_VALUES = (*SPOKEN_VALUES, "message")
"""The values a spoken refusal may name (``_REFUSED_SPOKEN``)."""

POINTS = NP_("points", "{n} point", "{n} points")
"""An amount of points (``{n}`` as the language writes numbers, a gain with its ``+``: ``+5``, ``0``,
``−100`` with a true minus in hu, ca and ru)."""
DOLLARS = N_("dollars", "{sign}${n}")
"""A Vegas score or amount in the language's own form: en ``+$208``, hu, ca, ru ``+208 $`` (a no-break
space; ``{sign}`` is ``+``, a true minus or nothing), as the pages write it with ``| dollars``."""

# After the rules selector changed, the last move judged again: one sentence per outcome.
_REJUDGED = {
    "earns": N_("rejudged", "Rules: {rules}. The move is allowed and earns {points}."),
    "costs": N_("rejudged", "Rules: {rules}. The move is allowed and costs {points}."),
    "nothing": N_("rejudged", "Rules: {rules}. The move is allowed; the score does not change."),
    "refused": N_("rejudged", "Rules: {rules}. The move is refused. {message}."),
}
_VERDICT_ROWS = {  # a ruling's verdict under one rule set ({message}: the app's message, a sentence of its own)
    "allowed": N_("verdict", "{rules}: allowed."),
    "refused": N_("verdict", "{rules}: refused. {message}."),
    "allowed-points": N_("verdict", "{rules}: allowed, for {points}."),
    "misfit": N_("verdict", "{rules}: this position cannot arise under these rules."),
}


# A list of names in running text, as CLDR's "standard" list patterns join them (Babel's
# ``format_list``; tests/engine/test_render.py holds every language to it): "A and B", "A, B, and C".
LIST_PAIR = N_("list", "{first} and {last}")
LIST_END = N_("list", "{items}, and {last}")
"""The last two of three or more: ``{items}`` is the others joined by the language's comma (en keeps
the serial comma; hu ``{items} és {last}``, ca ``{items} i {last}``, ru ``{items} и {last}``)."""
LIST_COMMA = N_("list", "{items}, {next}")
# TRANSLATORS: the same two joins for names that hold a comma themselves ("Hard (draw 3), Normal scoring"),
# set apart by semicolons as the language punctuates such a list (ca «{items}, i {last}», hu «{items} és {last}»).
LIST_END_LONG = N_("list", "{items}; and {last}")
LIST_COMMA_LONG = N_("list", "{items}; {next}")


# TRANSLATORS: a rule set's name in a list of names inside a sentence ("Allowed only under Easy and
# Wasp"): marked as the language marks such a name in prose (ca, ru «{name}»), or left as it is.
RULES_NAME = N_("rules-name", "{name}")
# TRANSLATORS: the same, for a name that holds a comma ("Hard (draw 3), Normal scoring"): always in the
# language's quotation marks, so that a list of such names shows where each one ends.
RULES_NAME_QUOTED = N_("rules-name", "“{name}”")


# Quotation marks inside quotation marks: a quoted name that holds a quoted word («…») takes the
# language's second-level marks for it (ru „…“, ca “…”), so that no »» closes two quotations at once.
_INNER_QUOTES = {"ru": ("„", "“"), "ca": ("“", "”")}


def rules_name(name: str, lang: str = "en") -> str:
    """A rule set's name as a sentence names it: en ``Easy``, ca ``«Flexible»``, ru ``«Упрощённые»``;
    one that holds a comma always quoted (en ``“Hard (draw 3), Normal scoring”``, hu ``„…”``), and
    a quoted word inside it takes the inner marks: ru ``«… счёт „Обычный“»``."""
    message = RULES_NAME_QUOTED if "," in name else RULES_NAME
    pattern = translator(lang).pgettext("rules-name", message)
    inner = _INNER_QUOTES.get(lang)
    if inner and "«" in pattern and "«" in name:
        name = name.replace("«", inner[0]).replace("»", inner[1])
    return pattern.format(name=name)


def list_text(names: list[str], lang: str = "en") -> str:
    """``names`` joined as the language joins a list in a sentence: en ``Classic, Easy, and Wasp``,
    hu ``Klasszikus, Könnyített és Wasp``, ca ``Clàssica, Flexible i Wasp``.

    >>> list_text(["Classic", "Easy", "Wasp"])
    'Classic, Easy, and Wasp'

    Names that hold a comma themselves are set apart by semicolons, as each language punctuates such
    a list: en ``…, Normal scoring; Easy (draw 1), Vegas scoring; and …``, ca ``…; «…», i «…»``.
    """
    if len(names) < 2:
        return "".join(names)
    t = translator(lang)
    if len(names) == 2:
        return t.pgettext("list", LIST_PAIR).format(first=names[0], last=names[1])
    long = any("," in name for name in names)
    comma = t.pgettext("list", LIST_COMMA_LONG if long else LIST_COMMA)
    end = t.pgettext("list", LIST_END_LONG if long else LIST_END)
    items = names[0]
    for name in names[1:-1]:
        items = comma.format(items=items, next=name)
    return end.format(items=items, last=names[-1])


def text(key: str, lang: str = "en", **values: object) -> str:
    """A widget text in ``lang``, its ``{placeholders}`` filled (values are not escaped here)."""
    msg = translator(lang).pgettext("widget", _TEXTS[key])
    return msg.format(**values) if values else msg


def counter_text(n: int, total: int, lang: str = "en") -> str:
    """Where a replay is: "Move 14 of 50", or at move 0 "Starting position (50 moves)"; the plural
    follows the game's number of moves (ru «из 21 хода», «из 50 ходов»)."""
    t = translator(lang)
    if n == 0:
        start = t.npgettext("widget", "Starting position ({total} move)", "Starting position ({total} moves)", total)
        return start.format(total=number(total, lang))
    return t.npgettext("widget", "Move {n} of {total}", "Move {n} of {total}", total).format(
        n=number(n, lang), total=number(total, lang))


def plural_text(key: str, n: int, lang: str = "en", **values: object) -> str:
    """A widget text that counts, in ``lang``, with the language's plural form for ``n`` (written as
    the language groups digits)."""
    singular, plural = _PLURAL_TEXTS[key]
    msg = translator(lang).npgettext("widget", singular, plural, n)
    return msg.format(n=number(n, lang), **values)


DOLLARS_SPOKEN = NP_("dollars|spoken", "{sign}{n} dollar", "{sign}{n} dollars")
"""A Vegas amount as a screen reader says it, the unit in words and in the number's plural (``+5
dollars``, ru ``+5 долларов``): ``$`` alone is read "dollar" whatever the number."""


@lru_cache(maxsize=1024)  # pure; a verdict table asks for an amount twice per rule set on every move
def amount_said(points: int, lang: str = "en", dollars: bool = False) -> str:
    """``amount_text`` as a screen reader says it: dollars in words (``+5 dollars``, hu ``+5 dollár``);
    points as shown.

    >>> amount_said(5, "en", dollars=True), amount_said(-52, "en", dollars=True), amount_said(5, "en")
    ('+5 dollars', '−52 dollars', '+5 points')
    """
    if not dollars:
        return amount_text(points, lang)
    sign = "" if not points else "+" if points > 0 else MINUS
    return translator(lang).npgettext("dollars|spoken", *DOLLARS_SPOKEN, abs(points)).format(
        sign=sign, n=number(abs(points), lang))


@lru_cache(maxsize=1024)
def amount_text(points: int, lang: str = "en", dollars: bool = False, signed: bool = True) -> str:
    """An amount of points or (Klondike Vegas) dollars, a gain signed as a loss is: ``+5 points``,
    ``−100 pont``, ``+5 $``; nothing gained is unsigned (``0 pont``, ``0 $``); the minus as ``number``
    writes it (English the hyphen: ``-$52``). ``signed=False`` leaves the sign out (a sentence says
    "costs 100 points")."""
    t = translator(lang)
    if dollars:
        sign = "" if not signed or not points else "+" if points > 0 else minus(lang)
        return t.pgettext("dollars", DOLLARS).format(sign=sign, n=number(abs(points), lang))
    n = points if signed else abs(points)
    return t.npgettext("points", *POINTS, abs(n)).format(n=("+" if n > 0 and signed else "") + number(n, lang))


def points_cell(points: int, lang: str = "en", dollars: bool = False) -> str:
    """A scoring table's cell, as the site's prose writes amounts: ``+10``, ``0``, ``−100`` (a true
    minus in hu, ca, ru); Vegas dollars in the language's form, ``+5 $``, ``0 $``, ``−52 $`` (en
    ``+$5``, ``-$52``). The app's screen form (``-$52``) is only for quoting the app."""
    if dollars:
        return amount_text(points, lang, dollars=True)
    return ("+" if points > 0 else "") + number(points, lang)


def score_text(pos: Any, lang: str = "en") -> str:
    """The score a widget shows, as the app's score line shows it: ``625``; Vegas ``-$42`` in every
    language (``Position.score_text``; seed 001: the app shows dollars as „+$208”, „$0” or
    „-$52”, which the scoring page quotes next to its boards). The pages' prose writes dollars as
    each language does (``amount_text``: hu, ca, ru ``−42 $``)."""
    if pos.scored_in_dollars():
        return str(pos.score_text(lang))
    return number(pos.score, lang)


def rejudged_text(rules: str, legal: bool, points: int, message: str, lang: str = "en",
                  dollars: bool = False) -> str:
    """The last move judged again under ``rules`` (a preset's name): allowed, with what it earns or
    costs, or refused, with the app's ``message``."""
    outcome = "refused" if not legal else "earns" if points > 0 else "costs" if points < 0 else "nothing"
    return translator(lang).pgettext("rejudged", _REJUDGED[outcome]).format(
        rules=rules, points=amount_text(points, lang, dollars, signed=False), message=message)


def client_texts(lang: str = "en", extra: tuple[str, ...] = ()) -> dict[str, str]:
    """The texts the page script needs before (or without) the engine: loading, failure, play/pause,
    what a selected card lets the reader do (with a mouse and keyboard, on a touch screen), and a
    kind's ``extra`` ones."""
    return {key: text(key, lang) for key in ("loading", "failed", "play", "pause", "selected", "selected-touch",
                                             "selected-foundation", "selected-touch-foundation", "cancelled",
                                             *extra)}


# What html.escape(quote=True) does, without importing the html package: in Pyodide its import
# (html.entities, a table of 2,231 names) costs more than a tenth of a second on every page.
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def clear_caches() -> None:
    """Forget every text this module keeps (``_CACHED``): a test that changes the catalogs calls it."""
    for cached in _CACHED:
        cached.cache_clear()


def esc(value: object) -> str:
    return str(value).translate(_ESCAPES)


def attrs(**values: Any) -> str:
    """``data_card="4H"`` → `` data-card="4H"``; None and False are left out, True is a bare attribute."""
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
    return "".join(out)


# -- cards ---------------------------------------------------------------------------------------


def card_label(c: int, lang: str = "en") -> str:
    """The card's name for screen readers: "4 of hearts", "kőr 4", "4 de cors", "четвёрка червей"."""
    return translator(lang).card(c)


@lru_cache(maxsize=4096)  # a pure function of its arguments; a board asks for the same cards again and again
def card(c: int, lang: str = "en", *, face_up: bool = True, button: bool = False, tabindex: int | None = None,
         label: str | None = None, token_attr: str = "data-card") -> str:
    """One card. Face up: rank and suit glyph (``4♥``, ``10♠``), its name for screen readers, and
    ``sol-red``/``sol-black`` (red cards are also hatched and underlined, so colour is not needed);
    a button's name is its symbol, then the card's name (``"4♥, kőr 4"``).
    Face down: a back, no card identity in the markup. ``button=True`` makes a face-up card a
    button (the try-it widget's picks). ``label`` replaces the card's name for screen readers;
    ``token_attr`` names the attribute that carries the card's token (``data-card`` on the table)."""
    if not face_up:
        hidden = esc(text("face-down", lang))
        return f'<span class="sol-card sol-down" data-face="down"><span class="sol-sr">{hidden}</span></span>'
    token = card_token(c)
    symbol = card_symbol(c)
    rank, suit = symbol[:-1], symbol[-1]
    cls = "sol-card sol-up " + ("sol-red" if is_red(c) else "sol-black")
    face = (
        f'<span class="sol-index" aria-hidden="true"><span class="sol-rank">{esc(rank)}</span>'
        f'<span class="sol-suit">{esc(suit)}</span></span>'
        f'<span class="sol-pip" aria-hidden="true">{esc(suit)}</span>'
    )
    name = card_label(c, lang) if label is None else label
    ident = f' {token_attr}="{esc(token)}"'
    if button:
        # A button's name starts with what it shows ("4♥, four of hearts"): a reader who speaks to
        # the page says what they see (WCAG 2.5.3, label in name: "jack of hearts" alone does not
        # contain the visible "J♥"). Native reviewers would rather hear the name alone; the
        # criterion wins, and the name follows at once.
        extra = attrs(aria_label=f"{symbol}, {name}", aria_pressed="false", tabindex=tabindex)
        return f'<button type="button" class="{cls}"{ident}{extra}>{face}</button>'
    return f'<span class="{cls}"{ident}>{face}<span class="sol-sr">{esc(name)}</span></span>'


def pile(cards_html: list[str], cls: str = "sol-cards") -> str:
    return f'<ol class="{cls}">' + "".join(f"<li>{h}</li>" for h in cards_html) + "</ol>"


def backs(n: int, lang: str) -> str:
    """A stack of ``n`` card backs (the reserve, the stock): spans, as it may sit inside a button;
    decoration only, out of the accessibility tree on every board (the stack's name says it all,
    never "face-down card" once per back)."""
    if not n:
        return ""
    return '<span class="sol-backs" aria-hidden="true">' + card(0, lang, face_up=False) * n + "</span>"


def stack(shown: int, count: int, name: str, lang: str, button: str | None = None) -> str:
    """A face-down pile (the reserve, the stock): ``shown`` backs and, while it holds cards, its
    ``count``, which a screen reader hears only as the pile's ``name`` ("Reserva: 3 cartes tapades",
    «Колода: 24 карты»), never as "face-down card, face-down card, …, 24". ``button``: the
    attributes of the button it is on a board one plays on (``name`` is its aria-label then);
    without controls the count is hidden from assistive technology and the name is a text of its
    own. The backs are hidden on either."""
    # the count only while there are cards: the name says "dealt" or "empty" then, and a button
    # shows nothing its name does not say (WCAG 2.5.3)
    if button is not None:
        count_html = f'<span class="sol-count">{esc(count)}</span>' if count else ""
        return f'<button type="button"{button}{attrs(aria_label=name)}>{backs(shown, lang)}{count_html}</button>'
    count_html = f'<span class="sol-count" aria-hidden="true">{esc(count)}</span>' if count else ""
    return f'{backs(shown, lang)}{count_html}<span class="sol-sr">{esc(name)}</span>'


# -- boards ----------------------------------------------------------------------------------------


def board(pos: Any, lang: str = "en", *, interactive: bool = False) -> str:
    """The board of ``pos`` as HTML: the game's top row (``Game.board_top``: the reserve, the stock,
    the foundations …), then the columns. ``interactive=True``: face-up cards and column labels are
    buttons, and the reserve or the stock is the ``deal`` button."""
    game = games.of(pos)
    return (
        f'<div class="sol-board sol-{esc(game.name)}" data-role="board" data-search-exclude>'
        f'<div class="sol-top">{game.board_top(pos, lang, interactive)}</div>'
        f"{_columns(pos, lang, interactive)}</div>"
    )


def _columns(pos: Any, lang: str, interactive: bool) -> str:
    items = []
    first_focus = interactive  # the board's first face-up card is its one tab stop
    for n, (col, d) in enumerate(zip(pos.cols, pos.down), 1):
        takes_focus = first_focus and len(col) > d
        items.append(_column(n, tuple(col), d, takes_focus, lang, interactive))
        first_focus = first_focus and not takes_focus
    return (
        f'<ol class="sol-columns" style="--sol-columns:{len(pos.cols)}"'
        f'{attrs(aria_label=text("table", lang))}>{"".join(items)}</ol>'
    )


@lru_cache(maxsize=2048)
def _column(n: int, col: tuple[int, ...], d: int, takes_focus: bool, lang: str, interactive: bool) -> str:
    """Column ``n`` of a board, its cards ``col`` (``d`` face down); ``takes_focus``: its first face-up
    card is the board's tab stop. Kept: a move changes two or three columns, the others are drawn
    as they were."""
    t = translator(lang)
    label = t.pgettext("column", _COLUMN).format(n=n)
    cards = []
    for i, c in enumerate(col):
        up = i >= d
        tab = None
        if interactive and up:
            tab = 0 if takes_focus and i == d else -1
        cards.append(card(c, lang, face_up=up, button=interactive and up, tabindex=tab))
    if interactive:
        button = attrs(class_="sol-column-label", data_target=n, aria_label=label, tabindex=-1)
        head = f'<button type="button"{button}>{n}</button>'
    else:
        head = f'<span class="sol-column-label" aria-hidden="true">{n}</span>'
    empty = "" if col else f'<span class="sol-sr">{esc(t.pgettext("column", _EMPTY_COLUMN))}</span>'
    return f'<li{attrs(class_="sol-column", data_column=n, aria_label=label)}>{head}{empty}{pile(cards)}</li>'


# -- moves -------------------------------------------------------------------------------------------


MoveParts = tuple[str, dict[str, Any]]


def move_parts(token: str) -> MoveParts:
    """The kind of a move token of the forms Scorpion and Klondike share (``MOVE_KINDS``) and the
    values its texts name: ``4H>7`` → ``("to-column", {"card": "4♥", "n": 7})``, ``deal`` →
    ``("deal", {})``. Card symbols are language-neutral; the words come from the catalogs."""
    token = token.strip()
    if token in ("deal", "draw", "recycle", "undo"):
        return token, {}
    for prefix in ("dtap:", "tap:"):
        if token.startswith(prefix):
            return prefix[:-1], {"card": card_symbol(parse_card(token[len(prefix):]))}
    card_text, sep, where = token.partition(">")
    if not sep:
        raise NotationError(f"move {token!r} is not a move token")
    symbol = card_symbol(parse_card(card_text))
    if where == "F":
        return "to-foundation", {"card": symbol}
    if not (where.isascii() and where.isdigit()):
        raise NotationError(f"move {token!r}: no column {where!r}")
    return "to-column", {"card": symbol, "n": int(where)}


def move_label(parts: MoveParts, lang: str = "en") -> str:
    """A move as the move list names it: "4♥ → 7. oszlop", "A tartalék kiosztása"."""
    kind, values = parts
    return translator(lang).pgettext("move", _MOVE_TEXTS[kind]).format(**values)


def move_text(token: str, lang: str = "en") -> str:
    """A move token in the reader's language: ``4H>7`` → "4♥ → 7. oszlop", ``deal`` → "A tartalék
    kiosztása" (``move_label`` of ``move_parts``)."""
    return move_label(move_parts(token), lang)


_CARDS_BY_SYMBOL = {card_symbol(c): c for c in DECK}


def inside_sentence(said: str) -> str:
    """A spoken move (which starts as a sentence) inside another sentence: its first letter small."""
    return said[:1].lower() + said[1:]


def move_said(parts: MoveParts, lang: str = "en") -> str:
    """A move as a screen reader says it: the card in words, no arrow (``_SPOKEN_TEXTS``): "4 of hearts
    to column 7", "Kőr 4 a 7. oszlopra", "Касание двойки червей"; a move without a card symbol is
    said as the list shows it (``move_label``)."""
    if parts[0] not in _SPOKEN_TEXTS:
        return move_label(parts, lang)
    return _said("move|spoken", _SPOKEN_TEXTS, parts, lang)


def _said(context: str, table: dict[str, str], parts: MoveParts, lang: str, **extra: str) -> str:
    """The spoken sentence of ``table`` (msgctxt ``context``) for the move ``parts``: its card in words
    in every case (``_spoken_values``), the ``extra`` values, the first letter a capital."""
    kind, values = parts
    said = translator(lang).pgettext(context, table[kind])
    return sentence_case(said.format(**extra, **_spoken_values(values, lang)), lang)


def _spoken_values(values: dict[str, Any], lang: str) -> dict[str, Any]:
    """A move's values (``move_parts``) as a spoken text may name them (``SPOKEN_VALUES``): the card
    in words in every case, the column's number alone and with the Hungarian article."""
    t = translator(lang)
    c = _CARDS_BY_SYMBOL[values["card"]]
    named: dict[str, Any] = {"card": t.card(c), **{f"card_{case}": t.card(c, case) for case in CASES}}
    if "n" in values:
        named.update(n=values["n"], the_n=hu_with_article(values["n"]))
    return named


def move_spoken(token: str, lang: str = "en") -> str:
    """A move token as a screen reader says it: ``4H>7`` → "Kőr 4 a 7. oszlopra" (``move_said`` of
    ``move_parts``); the list shows ``move_text``, "4♥ → 7. oszlop".

    >>> move_spoken("4H>7", "en"), move_spoken("tap:2H", "ru"), move_spoken("deal", "en")
    ('4 of hearts to column 7', 'Касание двойки червей', 'Deal the reserve')
    """
    return move_said(move_parts(token), lang)


def move_content(shown: str, spoken: str) -> str:
    """A move as the content of a list item or a button: the symbols to the eye, the words to a screen
    reader (``<span aria-hidden="true">4♥ → 7. oszlop</span><span class="sol-sr">Kőr 4 a 7. oszlopra</span>``);
    a move said as it is shown is its text alone. The site's search indexes what is shown (the card's
    name is the board's, ``data-search-exclude``)."""
    if spoken == shown:
        return esc(shown)
    return (f'<span aria-hidden="true">{esc(shown)}</span>'
            f'<span class="sol-sr" data-search-exclude>{esc(spoken)}</span>')


def attempt_text(parts: MoveParts, lang: str = "en") -> str:
    """The button that tries a disputed move: "Try tapping 2♥", "Kipróbálás: az A♥ megérintése",
    "Prova de repartir la reserva" (``ATTEMPT_VALUES``)."""
    kind, values = parts
    named = dict(values)
    for name in ("card", "n"):
        if name in values:
            named[f"the_{name}"] = hu_with_article(values[name])
    return translator(lang).pgettext("attempt", _ATTEMPT_TEXTS[kind]).format(**named)


# TRANSLATORS: the button that tries a disputed move, as a screen reader says it (shown as "Try 4♥ →
# column 7"): {move} is the move in words, "4 of hearts to column 7", "tap the 2 of hearts" (as
# "{card} to column {n}" says it, its first letter small).
ATTEMPT_SPOKEN = N_("attempt|spoken", "Try: {move}")


def attempt_said(parts: MoveParts, lang: str = "en") -> str:
    """The button that tries a disputed move as a screen reader says it, the card in words: "Try: 4
    of hearts to column 7"; a move without a card symbol is said as shown (``attempt_text``)."""
    if parts[0] not in _SPOKEN_TEXTS:
        return attempt_text(parts, lang)
    said = move_said(parts, lang)
    return translator(lang).pgettext("attempt|spoken", ATTEMPT_SPOKEN).format(move=inside_sentence(said))


def made_text(parts: MoveParts, points: int, lang: str = "en", dollars: bool = False) -> str:
    """The message after a legal move: the move and what it earned, "4♥ → 7. oszlop: +5 pont";
    ``dollars``: the game counts its score in dollars (Klondike Vegas), "K♥ → base: +5 $"."""
    return _made(parts, amount_text(points, lang, dollars), lang)


def _made(parts: MoveParts, amount: str, lang: str) -> str:
    kind, values = parts
    return translator(lang).pgettext("made", _MADE_TEXTS[kind]).format(points=amount, **values)


def made_said(parts: MoveParts, points: int, lang: str = "en", dollars: bool = False) -> str:
    """The message after a legal move as a screen reader says it, the card in words and no arrow (the
    live region shows ``made_text``): "Kőr 4 a 7. oszlopra: +5 pont"; a move without a card symbol
    is said as shown, but for its amount, which is said (``amount_said``: "+5 dollars", not "+5 $").

    >>> made_said(move_parts("4H>7"), 5, "en"), made_said(move_parts("deal"), 0, "en")
    ('4 of hearts to column 7: +5 points', 'Reserve dealt: 0 points')
    """
    if parts[0] not in _MADE_SPOKEN:
        return _made(parts, amount_said(points, lang, dollars), lang)
    return _said("made|spoken", _MADE_SPOKEN, parts, lang, points=amount_said(points, lang, dollars))


def refused_text(parts: MoveParts, message: str, lang: str = "en") -> str:
    """A disputed move refused, named, with the app's ``message``: "4♣ → 7. oszlop: tilos. …"."""
    kind, values = parts
    return translator(lang).pgettext("refused", _REFUSED_TEXTS[kind]).format(message=message, **values)


def refused_said(parts: MoveParts, message: str, lang: str = "en") -> str:
    """A disputed move refused, as a screen reader says it, the card in words and no arrow (beside the
    button the page shows ``refused_text``): "Treff 4 a 7. oszlopra: elutasítva („…”)."; a move
    without a card symbol is said as shown."""
    if parts[0] not in _REFUSED_SPOKEN:
        return refused_text(parts, message, lang)
    return _said("refused|spoken", _REFUSED_SPOKEN, parts, lang, message=message)


# -- widgets ---------------------------------------------------------------------------------------

_ICONS = {  # 16×16 paths; inline, so no icon font or request is needed
    "first": "M3 3h2v10H3zM12.5 2.5 7 8l5.5 5.5 1.4-1.4L9.8 8l4.1-4.1z",
    "prev": "M10.5 2.5 5 8l5.5 5.5 1.4-1.4L7.8 8l4.1-4.1z",
    "next": "M5.5 2.5 11 8l-5.5 5.5-1.4-1.4L8.2 8 4.1 3.9z",
    "last": "M11 3h2v10h-2zM3.5 2.5 9 8l-5.5 5.5-1.4-1.4L6.2 8 2.1 3.9z",
    "play": "M4 2.5v11l9.5-5.5z",
    "pause": "M4 3h3v10H4zm5 0h3v10H9z",
}
_REPLAY_BUTTONS = ("first", "prev", "play", "next", "last")


def _icon(name: str) -> str:
    return (
        f'<svg class="sol-icon sol-icon-{name}" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" '
        f'focusable="false"><path fill="currentColor" d="{_ICONS[name]}"/></svg>'
    )


def button(action: str, lang: str, icon: bool = False, *, disabled: bool = False, label: str | None = None,
           **extra: Any) -> str:
    """A toolbar button ``[data-action=…]``; ``icon``: an icon with the label for screen readers."""
    label = text(action, lang) if label is None else label
    if not icon:
        return f'<button type="button"{attrs(data_action=action, disabled=disabled, **extra)}>{esc(label)}</button>'
    icons = _icon(action) + (_icon("pause") if action == "play" else "")
    return (
        f'<button type="button"{attrs(data_action=action, aria_label=label, title=label, disabled=disabled, **extra)}>'
        f"{icons}</button>"
    )


def replay_controls(at: int, total: int, lang: str) -> list[str]:
    """A replay's buttons at move ``at`` of ``total``: first, previous, play, next, last."""
    out = []
    for action in _REPLAY_BUTTONS:
        off = (action in ("first", "prev") and at == 0) or (action in ("next", "last", "play") and at == total)
        extra = {"aria_pressed": "false"} if action == "play" else {}
        out.append(button(action, lang, True, disabled=off, **extra))
    return out


def widget(frame: dict[str, Any], *, lang: str, config: dict[str, Any], widget_id: str, controls: list[str],
           panels: list[str], hint: str, label: str, focusable: bool, intro: list[str] | None = None,
           after: list[str] | tuple[str, ...] = (), texts: dict[str, str] | None = None,
           collapsible: bool = False, taps: bool = False) -> str:
    """A whole widget around its first ``frame``; ``engine.web.Session.widget`` gives its kind's
    ``controls`` (the toolbar's buttons), ``panels`` (between the message and the description),
    ``intro`` (before the toolbar: a replay's deep-link anchors, a ruling's disputed moves),
    ``after`` (after the description: the link to the analysis board, shown even while the board
    is folded away), ``hint``, ``label`` (its name for screen readers), whether it takes the focus
    itself and the ``texts`` its script needs (default: ``client_texts``).
    ``collapsible``: the board and its toolbar stay folded away until the reader asks for them
    (with the page script; without it everything shows). ``taps``: the game's cards answer a tap
    and a double tap (``data-taps``).

    ``config`` is what the page script hands back to the engine to open the same session in the
    browser (``data-config``); the texts the script needs before the engine runs are in ``data-texts``.
    The start-up progress stands in the hint's place, under the toolbar, so it never covers a control.
    """
    kind = frame["kind"]
    cfg = json.dumps(config, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    texts_json = json.dumps(client_texts(lang) if texts is None else texts, ensure_ascii=False, separators=(",", ":"))
    score = (
        f'<span class="sol-score"><span class="sol-score-label">{esc(text("score", lang))}</span> '
        f'<output data-role="score">{esc(frame["score"])}</output></span>'
    )
    progress = (
        '<span class="sol-progress" data-role="progress" hidden><progress max="3" value="0"></progress>'
        '<span data-role="status"></span></span>'
    )
    legal = frame.get("legal")
    body = [
        f'<div class="sol-toolbar" role="toolbar"{attrs(aria_label=text("controls", lang))} data-search-exclude>'
        f'{"".join(controls)}{score}</div>',
        # The start-up progress stands in the hint's place while the engine loads (never over a control).
        f'<div class="sol-status-line" data-search-exclude>{progress}<p class="sol-hint">{esc(hint)}</p></div>',
        frame["board"],
        f'<p class="sol-message" data-role="message" role="status"'
        f'{attrs(data_legal=None if legal is None else str(legal).lower())}>{esc(frame.get("message", ""))}</p>',
        *panels,
        description(frame["description"], lang, live=True),
    ]
    parts = list(intro or [])
    if collapsible:
        part = f"{widget_id}-board"
        parts.append(
            f'<p class="sol-board-switch" data-search-exclude><button type="button" class="sol-board-toggle" '
            f'data-action="board" aria-expanded="false" aria-controls="{esc(part)}">'
            f'{_either("show-board", "hide-board", lang)}</button></p>'
            f'<div class="sol-board-part" id="{esc(part)}">{"".join(body)}</div>'
        )
    else:
        parts += body
    parts += after
    root = attrs(
        class_=f"sol-widget sol-{kind}" + (" sol-collapsible" if collapsible else ""), id=widget_id,
        data_widget=kind, data_state="loading", lang=lang, data_config=cfg, data_texts=texts_json,
        data_taps=taps, tabindex=0 if focusable else None, role="group", aria_label=label,
    )
    return f"<div{root}>" + "".join(parts) + "</div>"


def _either(shown_when_folded: str, shown_when_open: str, lang: str) -> str:
    """A toggle's two labels; the stylesheet shows the one that fits the state (so a remembered
    state has the right label from the first paint, before any script runs)."""
    return (f'<span class="sol-when-folded">{esc(text(shown_when_folded, lang))}</span>'
            f'<span class="sol-when-open">{esc(text(shown_when_open, lang))}</span>')


def description(words: str, lang: str, live: bool = False) -> str:
    """The engine's description of a board, for screen readers and readers without the script, and
    the toggle that shows it to sighted readers (``data-action="description"``; the page script
    remembers the choice for every board). Folded, it is only visually hidden: always in the
    accessibility tree. ``live``: a widget's description, updated as the position changes."""
    region = attrs(class_="sol-description", data_role="description" if live else None,
                   aria_live="polite" if live else None, aria_atomic="true" if live else None)
    return (
        f'<p class="sol-description-switch" data-search-exclude><button type="button" '
        f'class="sol-description-toggle" data-action="description">'
        f'{_either("show-description", "hide-description", lang)}</button></p>'
        f"<p{region}>{esc(words)}</p>"
    )


def anchors(widget_id: str, total: int) -> str:
    """The targets of a replay's deep links (``#<widget id>-<k>``), at the top of the widget: a link
    to a move lands on the toolbar and the board, with or without the page script."""
    spans = "".join(f'<span class="sol-anchor" id="{esc(widget_id)}-{k}"></span>' for k in range(total + 1))
    return f'<div class="sol-anchors">{spans}</div>'


def moves_list(moves: list[str], index: int, widget_id: str, lang: str, spoken: list[str] | None = None) -> str:
    """The clickable, numbered move list; item ``k`` shows the position after ``k`` moves and links to
    it (``#<widget id>-<k>``: a deep link, kept by the page's address; its target is an ``anchors`` span).
    ``spoken``: the moves as a screen reader says them (``move_spoken``; by default as shown)."""
    items = []
    start = text("start", lang)
    for k, (label, said) in enumerate(zip([start, *moves], [start, *(spoken or moves)])):
        link = attrs(href=f"#{widget_id}-{k}", data_index=k, aria_current="step" if k == index else None)
        number = f'<span class="sol-move-number">{k}.</span> ' if k else ""
        items.append(f"<li><a{link}>{number}{move_content(label, said)}</a></li>")
    label = attrs(aria_label=text("moves", lang))
    return f'<ol class="sol-moves" data-role="moves" start="0"{label}>{"".join(items)}</ol>'


def board_link(href: str, lang: str) -> str:
    """The link that opens a widget's position on the analysis board (the page script keeps its
    ``href`` at the position shown)."""
    return (f'<p class="sol-board-link" data-search-exclude><a{attrs(href=href, data_role="board-link")}>'
            f'{esc(text("board-link", lang))}</a></p>')


def history_list(moves: list[str], at: int, lang: str, spoken: list[str] | None = None) -> str:
    """The analysis board's move list: the start and each move played (``moves``: their texts;
    ``spoken``: as a screen reader says them), as buttons that go to the position after it; ``at``:
    the moves on the board, those after it wait to be played again (``data-ahead``)."""
    start = text("start", lang)
    items = "".join(_history_item(k, label, said, (k > at) - (k < at))
                    for k, (label, said) in enumerate(zip([start, *moves], [start, *(spoken or moves)])))
    label = attrs(aria_label=text("history", lang))
    return f'<ol class="sol-moves sol-history" data-role="moves" start="0"{label}>{items}</ol>'


@lru_cache(maxsize=4096)
def _history_item(k: int, label: str, said: str, place: int) -> str:
    """One item of ``history_list``: the move ``k`` before the board's (``place`` -1), on it (0: the
    current one) or waiting for Redo (1). Kept: a move list is drawn again after every move, and all
    its items but the last few are the ones drawn before."""
    button = attrs(type="button", data_index=k, aria_current="step" if place == 0 else None, data_ahead=place > 0)
    return f"<li><button{button}>{move_content(label, said)}</button></li>"


def solution_list(tokens: list[str] | tuple[str, ...], moves: list[str], lang: str,
                  spoken: list[str] | None = None) -> str:
    """A winning line, hidden until the reader asks for it (a spoiler): one button per move
    (``data-move``: its token; ``moves``: their texts, ``spoken``: as a screen reader says them),
    which plays the line up to it."""
    items = "".join(f"<li><button{attrs(type='button', data_move=token, data_step=k)}>"
                    f"{move_content(label, said)}</button></li>"
                    for k, (token, label, said) in enumerate(zip(tokens, moves, spoken or moves)))
    return f'<ol class="sol-solution" data-role="solution"{attrs(aria_label=text("line", lang))} hidden>{items}</ol>'


_AMOUNT = "\x00"  # where a verdict's amount goes: shown as the score shows it, said in words


def _verdict_row(v: dict[str, Any], lang: str) -> tuple[str, str]:
    """A verdict's sentence as the text before and after its rule set's name, with ``_AMOUNT`` where
    its amount goes (``_amount``)."""
    if v.get("misfit"):  # the analysis board: a rule set under which the position cannot arise
        key = "misfit"
    elif v["legal"] and v.get("points") is not None:  # the analysis board: what the move earns there
        key = "allowed-points"
    else:
        key = "allowed" if v["legal"] else "refused"
    return _verdict_parts(key, v.get("message"), lang)


@lru_cache(maxsize=1024)
def _verdict_parts(key: str, message: str | None, lang: str) -> tuple[str, str]:
    row = translator(lang).pgettext("verdict", _VERDICT_ROWS[key])
    values = {"message": message, "points": _AMOUNT}
    before, _, after = row.partition("{rules}")
    return before.format(**values), after.format(**values)


def _amount(v: dict[str, Any], lang: str) -> tuple[str, str]:
    """A verdict's amount as shown and as said: ``+5 $`` and ``+5 dollars`` (points: the same)."""
    points, dollars = v.get("points") or 0, bool(v.get("dollars"))
    return amount_text(points, lang, dollars), amount_said(points, lang, dollars)


def verdict_text(verdict: dict[str, Any], lang: str = "en") -> str:
    """One verdict of a table as a sentence: "Könnyített: megengedett (0 pont)." (``verdict``: its
    ``name``, ``legal``, ``message``; on the analysis board ``points``, ``dollars`` or ``misfit``)."""
    before, after = _verdict_row(verdict, lang)
    shown = _amount(verdict, lang)[0] if _AMOUNT in before + after else ""
    return f"{before}{verdict['name']}{after}".replace(_AMOUNT, shown)


def verdicts_table(verdicts: list[dict[str, Any]], lang: str, move: str | None = None) -> str:
    """A ruling's verdict under each rule set, for every reader (no script needed); ``move``: the
    disputed move's token, when the ruling has several (``data-move`` on the list). An outcome that
    repeats the one before it ("refused: Only a king …" under four rule sets) is said in full to
    screen readers and only by its mark (✗, ✓) to the eye. An amount in dollars is shown as the
    score shows it ("+5 $") and said in words ("+5 dollars")."""
    rows = []
    previous = None
    for v in verdicts:
        ahead, outcome = _verdict_row(v, lang)  # the name is markup: the rest is escaped around it
        shown, said = _amount(v, lang) if _AMOUNT in ahead + outcome else ("", "")
        both = esc(shown) if shown == said else (f'<span aria-hidden="true">{esc(shown)}</span>'
                                                 f'<span class="sol-sr">{esc(said)}</span>')
        repeated = (outcome, shown) == previous
        previous = (outcome, shown)
        same = attrs(class_="sol-verdict-outcome" + (" sol-sr" if repeated else ""))
        row = (esc(ahead).replace(_AMOUNT, both) + f'<span class="sol-verdict-rules">{esc(v["name"])}</span>'
               + f"<span{same}>{esc(outcome).replace(_AMOUNT, esc(said) if repeated else both)}</span>")
        rows.append(f'<li{attrs(data_rules=v["rules"], data_legal=str(v["legal"]).lower())}>{row}</li>')
    return (
        f'<ul class="sol-verdicts" data-role="verdicts"{attrs(data_move=move, aria_label=text("verdicts", lang))}>'
        f'{"".join(rows)}</ul>'
    )

_CACHED = (card, amount_text, amount_said, _verdict_parts, _history_item, _column)  # pure functions of their
# arguments and the catalogs, kept (``clear_caches``)


__all__ = ["MOVE_KINDS", "amount_text", "anchors", "attempt_said", "attempt_text", "attrs", "backs", "board",
           "board_link", "button", "card", "card_label", "clear_caches", "client_texts", "counter_text",
           "description", "esc", "history_list", "inside_sentence", "list_text", "made_said", "made_text",
           "move_content", "move_label", "move_parts", "move_said", "move_spoken", "move_text", "moves_list", "pile",
           "plural_text", "refused_said", "refused_text", "rejudged_text", "replay_controls", "rules_name",
           "score_text", "solution_list", "text", "verdict_text", "verdicts_table", "widget"]
