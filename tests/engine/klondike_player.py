"""A small scripted Klondike player for the tests: a depth-first search that wins many deals.

It is not the project's solver; it only has to produce won games, deterministically, so that the
tests can check what seed 001 says about won games. It never takes a card back from a foundation,
so the games it wins are won "without take-backs".
"""

from __future__ import annotations

from engine.cards import KING, OTHER_COLOUR, rank_of, suit_of
from engine.klondike import DRAW, FOUNDATION, FOUNDATION_PILE, RECYCLE, WASTE


def _safe(pos, c: int) -> bool:
    """A card no tableau card will ever need: both cards that could lie on it are on their foundations."""
    r = rank_of(c)  # cards on a foundation of rank below c
    return all(pos.found[s] >= r for s in OTHER_COLOUR[suit_of(c)])


def _ordered(pos) -> list:
    """The moves worth trying, best first: no take-backs, no idle moves; a safe move to a foundation
    is the only one tried (nothing can need that card any more)."""
    found, flips, waste, rest, stock = [], [], [], [], []
    for move in pos.legal_moves():
        if move == DRAW or move == RECYCLE:
            stock.append(move)
            continue
        c, to = move
        where = pos.loc[c]
        if where == FOUNDATION_PILE:
            continue  # no take-backs
        if to == FOUNDATION:
            if _safe(pos, c):
                return [move]
            found.append(move)
        elif where == WASTE:
            waste.append(move)
        else:
            col = pos.cols[where]
            idx = col.index(c)
            if idx == 0 and rank_of(c) == KING:
                continue  # a king at the table edge moving to an empty column changes nothing
            if idx == pos.down[where]:
                (flips if idx else rest).append(move)
            elif pos.found[suit_of(col[idx - 1])] == rank_of(col[idx - 1]):
                rest.append(move)  # part of a run, uncovering a card that can go to its foundation
    return found + flips + waste + rest + stock


def _key(pos) -> tuple:
    return (tuple(map(tuple, pos.cols)), tuple(pos.down), tuple(pos.stock), tuple(pos.waste), tuple(pos.found))


def win(pos, max_nodes: int = 20_000) -> list[str] | None:
    """Move tokens that win from ``pos`` (left as it was), or None when none is found within the budget."""
    seen: set[tuple] = set()
    start = len(pos.move_stack)
    stack = [iter(_ordered(pos))]
    seen.add(_key(pos))
    nodes = 0
    tokens = None
    while stack:
        if pos.is_won():
            tokens = [pos.move_token(m) for m, _, _ in pos.move_stack[start:]]
            break
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if len(pos.move_stack) > start:
                pos.pop()
            continue
        pos.push(move)
        key = _key(pos)
        nodes += 1
        if key in seen or nodes > max_nodes:
            pos.pop()
            if nodes > max_nodes:
                break
            continue
        seen.add(key)
        stack.append(iter(_ordered(pos)))
    while len(pos.move_stack) > start:
        pos.pop()
    return tokens
