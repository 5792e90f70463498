"""The solver as it was before issue 11 (engine/solver.py at f3dc5b2), kept unchanged as the
baseline that ``bench_solver`` measures the new search against (positions per second on the same
positions, in the same run). Only its imports are rewritten to load from here; the command line
part is left out. Do not use it for anything else.

Its original docstring follows.

A solver for positions whose face-down cards are known: "is this deal winnable, and how?".

>>> from engine import position
>>> pos = position("scorpion", "KSQSJSTS9S8S7S6S5S4S3S2S/AS/KHQHJHTH9H8H7H6H5H4H3H2HAH///KDQDJDTD9D8D7D6D5D4D3D2DAD/"
...                "KCQCJCTC9C8C7C6C5C4C3C2CAC - -")
>>> solve(pos, max_nodes=1000).moves  # doctest: +SKIP  # runs are removed only from a column that receives cards
('AS>1', 'KH>1', 'KD>1', 'KC>1')

A depth-first search over the moves the engine itself generates, made with ``push`` and taken
back with ``pop`` (no copies of the position), with

- a **transposition table**: the set of canonical keys of every position already reached. A
  position met again is either on the current line (a cycle) or was fully explored without a
  win, so it is skipped. Exhausting the table therefore *proves* a position unwinnable.
- **canonical keys**: columns whose place no longer matters (for Scorpion every column once the
  reserve is dealt, and columns 4–7 before it; for Klondike every column) are sorted, so a
  king moved from one empty column to another is the same position;
- **move ordering** (never pruning, so the search stays complete): moves that turn a face-down
  card first, then moves that complete or extend same-suit runs, then the rest; a king moved
  from the table edge of one column to an empty one (a relocation) and the deal last.
- a **budget** in seconds and/or in positions (``max_nodes``, deterministic, for tests); when it
  runs out the answer is ``None``: not known.

The result is deterministic for a given position, rules and node budget.

    python -m engine solve --game scorpion --code SC1-CLA-AAAAAAB --seconds 10 --json
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable

from engine.cards import KING, rank_of
from engine.core import Position
from engine.errors import EngineError


@dataclasses.dataclass(frozen=True)
class Solution:
    """What the solver found.

    ``solved``: True (``moves`` wins), False (proved unwinnable: every reachable position was
    explored) or None (the budget ran out first). ``nodes``: positions explored.
    """

    solved: bool | None
    moves: tuple[str, ...]
    nodes: int
    seconds: float

    def as_dict(self) -> dict:
        return {"solved": self.solved, "moves": list(self.moves), "nodes": self.nodes,
                "seconds": round(self.seconds, 3)}


class Search:
    """What the depth-first search needs from a game: a canonical key and ordered moves.

    With ``pruning`` on, ``moves`` may leave out moves that are rarely useful (and sets
    ``pruned``); an exhausted pruned search proves nothing, so ``solve`` then searches again
    without pruning.
    """

    def __init__(self, pos: Position):
        self.pos = pos
        self.pruning = False
        self.pruned = False

    def key(self):
        raise NotImplementedError

    def moves(self) -> list:
        raise NotImplementedError

    def won(self) -> bool:
        return self.pos.is_won()

    # A step of the search is one engine move here; a game may make it several (Klondike: draws,
    # then the card they uncover), pushed one by one and popped together.
    def push(self, step) -> None:
        self.pos.push(step)

    def pop(self, step) -> None:
        self.pos.pop()

    def tokens(self, step) -> list[str]:
        return [self.pos.move_token(step)]


# -- Scorpion ----------------------------------------------------------------------------------


class ScorpionSearch(Search):
    """Scorpion: at most one target per card under Classic, so the tree is narrow but deep."""

    def __init__(self, pos):
        super().__init__(pos)
        grid = pos.rules.grid
        self._fixed = tuple(grid.deal_columns) if not grid.aside else ()
        self._free = tuple(i for i in range(grid.columns) if i not in self._fixed)
        self._same = pos.rules.suits == "same"

    def key(self):
        p = self.pos
        cols, down = p.cols, p.down
        if p.reserve and self._fixed:
            fixed = tuple(bytes((down[i], *cols[i])) for i in self._fixed)
            free = sorted(bytes((down[i], *cols[i])) for i in self._free)
            return (bytes(p.reserve), fixed, *free)
        return (bytes(p.reserve), *sorted(bytes((d, *c)) for c, d in zip(cols, down)))

    def moves(self) -> list:
        p = self.pos
        cols, down, loc = p.cols, p.down, p.loc
        pruning = self.pruning
        ranked = []
        deal = None
        for move in p.legal_moves():
            if move[0] < 0:
                deal = move
                continue
            c, to = move
            w = loc[c]
            if w < 0:  # a set-aside card (Three Blind Mice)
                ranked.append((20, move))
                continue
            col = cols[w]
            i = col.index(c)
            dest = cols[to]
            on_next = i > down[w] and rank_of(col[i - 1]) == rank_of(c) + 1  # it sits on a card it fits
            if i == down[w] and down[w]:
                score = 0  # turns a face-down card
            elif dest and dest[-1] == c + 1 and rank_of(c) != KING:
                score = 10  # onto its own suit: a longer same-suit run
                if on_next and col[i - 1] == c + 1:  # (Easy only) from its own suit: churn
                    score = 60
            elif dest:
                score = 70 if on_next else 40
            elif i == 0:
                score = 95  # a king relocated from the table edge: only the column's place changes
            else:
                score = 25  # a king with its block onto an empty column
            if pruning and on_next and score >= 60:
                self.pruned = True  # moving a card that already sits on a fitting card sideways
                continue
            ranked.append((score, move))
        if deal is not None:
            if pruning and ranked and any(s < 60 for s, _ in ranked):
                self.pruned = True  # the first pass deals only when nothing but shuffling is left
            else:
                ranked.append((90, deal))
        ranked.sort(key=_first)
        return [m for _, m in ranked]


# -- Klondike ----------------------------------------------------------------------------------


class KlondikeSearch(Search):
    """Klondike, thoughtful (every card known). A step is a card move, preceded by the draws (and
    the recycle) that bring a stock card to the top of the waste: the stock never needs to be
    turned for its own sake, so the search never draws without playing what it drew.

    A card that can go to its foundation *safely* goes there as the only step: an ace or a two,
    or a card whose two possible covers (the cards of the other colour one rank lower) are already
    on their foundations — nothing could ever need it on the tableau. Everything else is ordered,
    never pruned (except in the first, pruned pass: moving a card from one fitting card to another).
    """

    def __init__(self, pos):
        super().__init__(pos)
        from engine import klondike  # noqa: PLC0415

        self.k = klondike
        self._draw = pos.rules.draw_count
        self._vegas = pos.rules.vegas
        # Drawing one card with unlimited passes, every stock and waste card can be brought to the top
        # from any state of the two: only which cards they hold matters, not their order.
        self._any_order = self._draw == 1 and not self._vegas

    def key(self):
        p = self.pos
        columns = sorted(bytes((d, *c)) for c, d in zip(p.cols, p.down))
        if self._any_order:
            return (bytes(sorted(p.stock + p.waste)), *columns)
        return (bytes(p.stock), bytes(p.waste), *columns)

    def push(self, step) -> None:
        for move in step:
            self.pos.push(move)

    def pop(self, step) -> None:
        for _ in step:
            self.pos.pop()

    def tokens(self, step) -> list[str]:
        return [self.pos.move_token(m) for m in step]

    def _king_waits(self) -> bool:
        """Is a king ready for an empty column: face up on other cards, or in the stock or waste?"""
        p = self.pos
        for s in range(4):
            k = s * 13 + 12
            w = p.loc[k]
            if w < 0:
                if w in (self.k.STOCK, self.k.WASTE):
                    return True
            elif p.cols[w].index(k) > 0 and p.cols[w].index(k) >= p.down[w]:
                return True
        return False

    def _talon(self) -> list[tuple[tuple, int]]:
        """Every card the draws can bring to the top of the waste: (the draws and recycle, the card)."""
        p, k = self.pos, self.k
        stock, waste = p.stock[:], p.waste[:]
        out, seen = [], set()
        if waste:
            out.append(((), waste[-1]))
            seen.add(waste[-1])
        moves: list = []
        recycled = False
        while True:
            if stock:
                for _ in range(min(self._draw, len(stock))):
                    waste.append(stock.pop())
                moves.append(k.DRAW)
            elif waste and not recycled and not self._vegas:
                stock, waste = waste[::-1], []
                moves.append(k.RECYCLE)
                recycled = True
                continue
            else:
                return out
            top = waste[-1]
            if top not in seen:
                seen.add(top)
                out.append((tuple(moves), top))

    def moves(self) -> list:
        p, k = self.pos, self.k
        cols, down, found = p.cols, p.down, p.found
        FOUNDATION = k.FOUNDATION  # noqa: N806
        # 1. a safe card to its foundation: the only step
        tops = [col[-1] for col in cols if col] + p.waste[-1:]
        for c in tops:
            s, r = divmod(c, 13)
            if found[s] == r and (r <= 1 or all(found[o] >= r for o in ((1, 2) if s in (0, 3) else (0, 3)))):
                return [((c, FOUNDATION),)]
        ranked = []
        pruning = self.pruning
        loc = p.loc
        empties = [j for j, col in enumerate(cols) if not col]
        wanted: dict[int, list[int]] = {}  # card → the columns whose free end takes it
        for j, dest in enumerate(cols):
            if dest:
                t = dest[-1]
                r = t % 13 - 1
                if r >= 0:
                    for s in (1, 2) if t // 13 in (0, 3) else (0, 3):
                        wanted.setdefault(s * 13 + r, []).append(j)
        # 2. cards of the tableau: to the foundation, onto another column
        for w, col in enumerate(cols):
            if col:
                c = col[-1]
                if found[c // 13] == c % 13:
                    d = down[w]
                    ranked.append((0 if len(col) - 1 == d and d else 20, ((c, FOUNDATION),)))
        for c, targets in wanted.items():
            w = loc[c]
            if w < 0:
                continue
            col = cols[w]
            i = col.index(c)
            d = down[w]
            if i < d:
                continue
            if i == d and d:
                score = 10 - d  # turns a face-down card: the longest hidden pile first
            elif i == d:
                score = 40  # empties a column (for a king)
                if pruning and not self._king_waits():
                    self.pruned = True
                    continue
            else:
                under = col[i - 1]
                frees = found[under // 13] == under % 13  # the card under it can go up then
                if pruning and not frees:
                    self.pruned = True  # it sits on a card it follows: moving it only changes its place
                    continue
                score = 50 if frees else 80
            for j in targets:
                ranked.append((score, ((c, j),)))
        if empties:
            for s in range(4):
                c = s * 13 + 12
                w = loc[c]
                if w < 0:
                    continue
                col = cols[w]
                i = col.index(c)
                d = down[w]
                if i < d or (i == 0 and not d):
                    continue  # face down, or alone at the table edge: another empty column is the same place
                ranked.append((10 - d if i == d else 45, ((c, empties[0]),)))  # every empty column is alike
        # 3. cards the stock and waste can give
        for draws, c in self._talon():
            cost = len(draws)
            if found[c // 13] == c % 13:
                ranked.append((20 + cost, (*draws, (c, FOUNDATION))))
            for j in empties[:1] if c % 13 == 12 else wanted.get(c, ()):
                ranked.append((30 + cost, (*draws, (c, j))))
        # 4. take-backs from the foundations
        if pruning:
            self.pruned = True
            ranked.sort(key=_first)
            return [step for _, step in ranked]
        for s in range(4):
            n = found[s]
            if n:
                c = s * 13 + n - 1
                for j in empties[:1] if n == 13 else wanted.get(c, ()):
                    ranked.append((90, ((c, j),)))
        ranked.sort(key=_first)
        return [step for _, step in ranked]


def _first(pair):
    return pair[0]


SEARCHES: dict[str, Callable[[Position], Search]] = {"scorpion": ScorpionSearch, "klondike": KlondikeSearch}


FIRST_PASS = 0.5
"""The share of the budget the pruned first pass may use."""


def solve(pos: Position, seconds: float | None = 10.0, max_nodes: int | None = None) -> Solution:
    """Search for a winning line from ``pos`` (left unchanged). See the module docstring.

    Two passes share the budget: a pruned pass (half of it), then, unless that found a win or
    pruned nothing, a complete pass with what is left.
    """
    if pos.GAME not in SEARCHES:
        raise EngineError(f"no solver for {pos.GAME}")
    started = time.perf_counter()
    deadline = None if seconds is None else started + seconds
    search = SEARCHES[pos.GAME](pos)
    search.pruning = True
    first_deadline = None if seconds is None else started + seconds * FIRST_PASS
    first_nodes = None if max_nodes is None else max(1, int(max_nodes * FIRST_PASS))
    solved, line, nodes = _depth_first(search, first_deadline, first_nodes)
    # A pruned search that found nothing proves nothing, and one that ran out of its share of the
    # budget has the rest: both search again, without pruning.
    if (solved is False and search.pruned) or (solved is None and (max_nodes is None or first_nodes < max_nodes)):
        search = SEARCHES[pos.GAME](pos)
        more = None if max_nodes is None else max_nodes - nodes
        solved, line, extra = _depth_first(search, deadline, more)
        nodes += extra
    return Solution(solved, tuple(line) if solved else (), nodes, time.perf_counter() - started)


def _depth_first(search: Search, deadline: float | None, max_nodes: int | None):
    """One depth-first pass: (True, winning tokens, nodes), (False, [], nodes) when every
    position was explored, (None, [], nodes) when the budget ran out."""
    pos = search.pos
    depth0 = len(pos.move_stack)
    line: list = []
    nodes = 1

    def done(solved: bool | None):
        tokens = [t for step in line for t in search.tokens(step)] if solved else []
        while len(pos.move_stack) > depth0:
            pos.pop()
        return solved, tokens, nodes

    if search.won():
        return done(True)
    if max_nodes is not None and max_nodes <= 1:
        return done(None)
    seen = {search.key()}
    stack: list[Iterable] = [iter(search.moves())]
    key, moves, won, push, pop = search.key, search.moves, search.won, search.push, search.pop
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            if line:
                pop(line.pop())
            continue
        push(step)
        k = key()
        if k in seen:
            pop(step)
            continue
        seen.add(k)
        nodes += 1
        line.append(step)
        if won():
            return done(True)
        if max_nodes is not None and nodes >= max_nodes:
            return done(None)
        if not nodes & 1023 and deadline is not None and time.perf_counter() > deadline:
            return done(None)
        stack.append(iter(moves()))
    return done(False)
