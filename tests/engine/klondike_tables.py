"""Klondike tables for the tests, written the way a reader sets them up by hand.

``table("8S", "... 7H", stock="4c", waste="2D 9H", foundations="AS/-/-/-")`` is the position string
whose column 1 holds 8♠, column 2 every card not written anywhere else, face down, under a face-up
7♥, the stock 4♣, the waste 2♦ then 9♥ (9♥ on top) and the ♠ foundation up to the ace; columns not
given are empty. Lower case is face down, as in position strings; ``...`` (in a column, the stock
or the waste) is where the cards not written go, face down in deck order, or face up in the waste.
"""

from __future__ import annotations

from verdicts import made, refused  # noqa: F401  (re-exported for the Klondike tests)

import engine
from engine.cards import card_token, parse_card, rank_of, suit_cards, suit_of
from engine.klondike import KlondikePosition

FILLER = "..."


def table(*columns: str, stock: str = "-", waste: str = "-", foundations: str = "-/-/-/-") -> str:
    written: set[int] = set()
    for part in (*columns, stock, waste):
        for token in part.split():
            if token not in (FILLER, "-"):
                written.add(parse_card(token))
    for pile in foundations.split("/"):
        if pile != "-":
            top = parse_card(pile)
            written.update(suit_cards(suit_of(top))[: rank_of(top) + 1])
    left = [c for c in range(52) if c not in written]

    def fill(part: str, face_up: bool = False) -> str:
        if part == "-":
            return "-"
        text = "".join("".join(card_token(c, face_up) for c in left) if t == FILLER else t for t in part.split())
        return text or "-"

    cols = [fill(c) if c else "" for c in [*columns, *[""] * (7 - len(columns))]]
    return f"{'/'.join(cols)} {fill(stock)} {fill(waste, face_up=True)} {foundations}"


def klondike(*columns: str, rules: str | None = None, score: int | None = None, **kwargs) -> KlondikePosition:
    """The position ``table(*columns, **kwargs)`` under ``rules`` (default: draw 1, Normal scoring)."""
    return engine.position("klondike", table(*columns, **kwargs), rules=rules, score=score)


def column(pos: KlondikePosition, n: int) -> str:
    """Column ``n`` (1-based) of ``pos`` as it appears in the position string."""
    return str(pos).split(" ")[0].split("/")[n - 1]


def field(pos: KlondikePosition, name: str) -> str:
    """``stock``, ``waste`` or ``foundations`` of ``pos`` as in the position string."""
    return str(pos).split(" ")[["columns", "stock", "waste", "foundations"].index(name)]


