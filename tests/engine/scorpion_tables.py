"""Scorpion tables for the tests, written the way a reader sets them up by hand.

``table("9D 7S 4H TC 2D", "8S", "", "... KD")`` is the position string whose column 1 holds
9♦ 7♠ 4♥ 10♣ 2♦ (table edge first), column 2 8♠, column 3 empty, column 4 every card not written
anywhere else, face down in deck order, under a face-up K♦; columns not given are empty. Lower
case is face down, as in position strings. ``removed="HS"`` accounts for the hearts and spades
sequences; ``reserve`` is written as in a position string (``"-"``: already dealt).
"""

from __future__ import annotations

import engine
from engine.cards import SUITS, card_token, parse_card, suit_cards
from engine.scorpion import ScorpionPosition

FILLER = "..."


def table(*columns: str, reserve: str = "-", removed: str = "-", width: int = 7) -> str:
    written: set[int] = set()
    for column in columns:
        for token in column.split():
            if token != FILLER:
                written.add(parse_card(token))
    for i in range(0, len(reserve) if reserve != "-" else 0, 2):
        written.add(parse_card(reserve[i : i + 2]))
    for suit in removed if removed != "-" else "":
        written.update(suit_cards(SUITS.index(suit)))
    leftover = "".join(card_token(c, face_up=False) for c in range(52) if c not in written)
    out = []
    for column in [*columns, *[""] * (width - len(columns))]:
        out.append("".join(leftover if token == FILLER else token for token in column.split()))
    return f"{'/'.join(out)} {reserve} {removed}"


def scorpion(*columns: str, rules: str | None = None, **kwargs) -> ScorpionPosition:
    """The position ``table(*columns, **kwargs)`` under ``rules`` (default: the app's Classic)."""
    if rules is not None and "three-blind-mice" in rules:
        kwargs.setdefault("width", 10)
    return engine.position("scorpion", table(*columns, **kwargs), rules=rules)


def run(suit: str, high: str = "K", low: str = "A") -> str:
    """A same-suit run from ``high`` down to ``low``, face up: ``run("H", "K", "2")`` = K♥ … 2♥."""
    ranks = "A23456789TJQK"
    return " ".join(ranks[r] + suit for r in range(ranks.index(high), ranks.index(low) - 1, -1))


def column(pos: ScorpionPosition, n: int) -> str:
    """Column ``n`` (1-based) of ``pos`` as it appears in the position string."""
    return str(pos).split(" ")[0].split("/")[n - 1]
