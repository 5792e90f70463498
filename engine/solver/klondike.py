"""Klondike's search hooks (thoughtful: every card known).

The search keeps its own compact copy of the position (columns, the talon as one list with a
pointer, foundation counts) and makes *steps* on it; it never touches the engine position it was
given. A step is a small tuple that says all it does (for a talon card: its place, the pointer and
the talon's length before it), and ``tokens`` makes the engine tokens that play it (the draws and
the recycle that bring a stock card to the top of the waste, then the card's move) only for the
winning line, which ``solve`` replays in the engine before it answers. That the steps are exactly the
engine's moves is tested against the engine's own move generator (tests/examples/test_solver_pruning.py).

**The talon.** Cards leave the stock and waste but never join them, and a recycle turns the waste
over so that the next pass deals the same cards in the same order: the talon is always the deal's
stock in dealing order with the played cards taken out. It is kept as one list, ``talon`` (of
bytes: the key takes it as it is), with ``ptr`` cards on the waste (``talon[ptr - 1]`` is the
waste's top, ``talon[ptr]`` is drawn next). The search never draws for its own sake: a talon step
brings one card to the top and plays it.
Drawing one card with unlimited passes, every talon card can be brought to the top from any
pointer and back, so only the talon's cards matter, not the pointer (the key drops it).

**Why the prunings keep a win** (the measure). A *swap* is a block move that neither turns a card
nor empties a column: its base c leaves a face-up card u for u's *twin* (the other card of u's
colour and rank). Let μ(P) be the fewest card moves that are not swaps (draws and recycles count
nothing either) of any line that wins from P. Each pruning below keeps this true: from a winnable
position that is not won, the steps offered (``moves``) include one that reaches a position Q
with μ(Q) < μ(P), and a position skipped (``visit``) has a recorded one R with μ(R) ≤ its own.
Then a search that ends without a win never met a winnable position: the winnable recorded
position of least μ would have had its steps all tried, and the step to Q (recorded, or skipped
for an R of μ no greater) would give a lower one. The order in which open positions are taken
(depth first, best first) plays no part. The steps offered: the first move that is not a swap of
a line of least μ, as it is played from P (see *Twins*), once its draws are put after any column
move that comes before the card they bring up (a draw changes only the talon, a column move only
the columns); a talon step is the card's fewest draws, and where the pointer ends does not
depend on them (``ptr`` = the card's place). The safe step (``safe_step``): the line L' of its
proof leaves out a card move of L that is not a swap (c going up), and a move keeps its kind
(what lies under a moved block is the same in both). A king at a column's table edge going to
an empty column, or a move to an empty column other than the first, reaches a position of the
same key (columns are sorted in it).

**Twins** (``key``, ``_columns_key``). Two positions whose columns differ only in which of two
twins, both face up in the columns, carries which pile (the cards lying on each; either may be
none, and several pairs may differ at once) have the same key, and the search offers no swap: a
swap from P reaches such a position. They have the same μ: follow a line from one in the other,
putting a card that goes onto a twin onto the twin that is free here, moving a block from its
base (whatever the twins carry moves with it or stays, the positions still differ only so), until
the line takes a twin x up while here x is covered and its twin x' free: then first move x's pile
onto x' (a swap, counting nothing) and the positions are the same. So from a winnable P, a line
of least μ starts with swaps (reaching a position of P's kind) and then a move y that is not a
swap: y is legal from P as well, onto the other twin where it goes onto one, and reaches a
position of the same kind as y's, except when y takes up a twin x that P covers while its twin
is free: for that ``moves`` offers the step "x's pile onto x', then x up" (``BOTH``).

**Take-backs** (``_take_backs``). A card comes back from its foundation only as the start of a
*chain*, offered as one step: take-backs, each of a card onto the card taken back just before it,
or of the card under that one in its suit (onto a free end), then a card from a column or the
talon onto the last card taken back. Among the lines of least μ from P, take one of fewest moves
and, among those, one whose take-backs come as late as they can (the greatest sum of their places
in the line). Let T take card c back, and X be the first later move that moves c (alone, or in a
block from a card under it), puts a card onto c, or takes back the card under c in its suit; one
does, as c goes up in the end. The moves between them do not touch c, the card it lies on (it is
covered) or c's foundation, so they are legal with c still up, and T is legal after them (nothing
was put on its free end): T could come later, so X follows T at once. X is not c going up (both
left out: μ lower), nor c alone onto another card or an empty column (one take-back straight
there: fewer moves, μ no greater), nor a block from under c (that block without c, then T onto its
new place: a later take-back). So X puts a card onto c or takes back the card under c, and when X
is itself a take-back the same holds for it: the line's first card move that is not a swap, if it
is a take-back, starts such a chain, and the chain's step reaches the line's position after it
with μ lower by the chain's take-backs at least. With twins the moves onto a twin go onto the
one that is free (*Twins*); the step lists every chain legal from P.

**The pointer** (``visit``). Positions with the same columns and talon, pointers q and p, where
draws and recycles alone lead from q to p: the one at q wins whenever the one at p does (draw
first, then play p's line), with no more card moves (μ counts no draws), so p is skipped when q
was recorded. From q the draws reach q + k·draw and the end of the stock; with unlimited passes,
after a recycle, also every multiple of the draw. Drawing one card (one pass) the least pointer
so far is thus the one to keep. Measured (issue 11, deals 0–199 at 10,000 positions) it rarely
fires in play: kept because it is proved and costs one look-up.

**The order.** Steps are tried best first by ``moves``' ranks (flips, cards up, the talon…).
With one pass (Vegas) the search is best first over open positions (``best_first``,
``engine.solver._best_first``): the one of least ``priority`` (few face-down cards, many cards
up, few cards buried on the waste) is taken next. A one-pass deal's early choices are for good
(a card drawn past is under the waste until the cards on it are played), and depth first spends
the budget under the first wrong one. Measured (issue 11, deals 0–199, 10,000 positions): draw
one Vegas won 22 against 9; with unlimited passes best first decided fewer (draw one 144
against 153), so those are depth first, with **best-first looks**: after depth first's first
``SLICE`` positions, two best-first searches (each on its own record) take turns with it, one
``SLICE`` at a time, until each has had ``BEST_FIRST_LOOK`` positions, and depth first goes on
alone (``_depth_then_best``). A deal depth first wins or proves lost in N positions is decided in
at most N + 2 × ``BEST_FIRST_LOOK``. The looks' orders differ (a portfolio: each wins deals the
other does not): ``estimate`` (a won line's length as Klondike-Solver's fast search estimates it,
its steps made counted in) and the one-pass ``priority``. Measured before the looks were two, on
the 56 draw-three deals of 0–999 that depth first won only after 30,000 positions or more, best
first alone within 100,000 positions: ``estimate`` won 43 (18 in under 2,500), ``priority`` 24,
``priority`` without the waste term 27; on the 13 that 4,000,000 left undecided (one look of
4,096 by ``priority``), ``estimate`` won AAAAAPX and AAAABHP (92,004 and 69,344 positions),
``priority`` AAAAAPV (65,283); ``estimate`` won no other of the 13 in 150,000 (five tried to
400,000); Klondike-Solver at 2,000,000 closed states wins those three and decides no other. Earlier
(one look of 4,096, on the 28 draw-one and 27 draw-three deals that depth first left undecided at
1,000,000), taking turns to the end of the budget won some deep deals at once (717,213 positions →
1,454) but left 7 deals of 54 undecided that depth first decides in 540,000 to 950,000 (its half of
the budget was too small), so the looks get a share, not half.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from ..cards import KING, card_token, is_red, rank_of, suit_of
from ..errors import EngineError
from ..klondike import FOUNDATION, KlondikePosition
from . import SLICE, Search

_RANK = tuple(rank_of(c) for c in range(52))
_SUIT = tuple(suit_of(c) for c in range(52))
_RED = tuple(is_red(c) for c in range(52))
_OPPOSITE = tuple((1, 2) if not _RED[s * 13] else (0, 3) for s in range(4))  # suits of the other colour
# (written out per suit where it counts: ``_safe_cards``, ``_lowest_end``)
assert _OPPOSITE == ((1, 2), (0, 3), (0, 3), (1, 2)), "the suits: spades, hearts, diamonds, clubs"
_SAME_COLOUR = tuple(next(o for o in range(4) if o != s and _RED[o * 13] == _RED[s * 13]) for s in range(4))
# the two cards one rank lower of the other colour (what may lie on a card), () for an ace
_ON = tuple(() if _RANK[c] == 0 else tuple(s * 13 + _RANK[c] - 1 for s in _OPPOSITE[_SUIT[c]]) for c in range(52))

# the two cards one rank higher of the other colour (what c may lie on), () for a king
_ABOVE = tuple(() if _RANK[c] == KING else tuple(s * 13 + _RANK[c] + 1 for s in _OPPOSITE[_SUIT[c]]) for c in range(52))
_KINGS = tuple(s * 13 + KING for s in range(4))
_ALL_UP = [13] * 4  # the foundations of a won game
_TRUES = tuple([True] * n for n in range(14))  # n times True (``dead_end``'s foundations)
_BELOW = tuple(c - 1 if _RANK[c] else 52 for c in range(52))  # the card below c in its suit (52: none)

_TWIN = tuple(_SAME_COLOUR[_SUIT[c]] * 13 + _RANK[c] for c in range(52))  # the other card of c's colour and rank
_PAIR = tuple((min(c, _TWIN[c]), max(c, _TWIN[c])) for c in range(52))  # c and its twin, the lower first

TALON, FOUND = -1, -3  # locations of a card that is not in a column

BEST_FIRST_LOOK = 128 * SLICE
"""With unlimited passes: the positions each best-first look gets (*The order* in the module docstring)."""

# step kinds
BLOCK, TO_FOUNDATION, FROM_TALON, TAKE_BACK, BOTH = range(5)


class KlondikeSearch(Search):
    """Klondike, thoughtful. See the module docstring for the talon and the steps."""

    def __init__(self, pos: KlondikePosition):
        super().__init__(pos)
        rules = pos.rules
        self.draw = rules.draw_count
        self.vegas = rules.vegas
        self.any_order = self.draw == 1 and not self.vegas
        # see *The order* in the module docstring
        self.best_first = True
        if not self.vegas:
            self.depth_first_nodes = SLICE
            self.best_first_nodes = BEST_FIRST_LOOK
            self.best_first_orders = ("estimate", "priority")
        self.cols = [list(c) for c in pos.cols]
        self.down = list(pos.down)
        self.talon = bytearray(pos.waste) + bytearray(reversed(pos.stock))
        self.ptr = len(pos.waste)
        self.found = list(pos.found)
        self.loc = [FOUND] * 52
        for w, col in enumerate(self.cols):
            for c in col:
                self.loc[c] = w
        for c in self.talon:
            self.loc[c] = TALON
        # per step pushed, whether it drew past talon cards under Vegas (the start counts as one):
        # ``moves`` asks ``dead_end`` where the last step did (see there)
        self._drew_past = [True]
        self._reach: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
        self._reach_index: dict[tuple[int, int], frozenset[int]] = {}
        self._on = bytearray()
        self._faceup = bytearray()
        self._canon = bytearray()
        self._heads: list[bytes] = []
        self._heads_key: bytes | None = None
        self._start_key()

    def check(self) -> None:
        """A position play can reach: no column holds more face-down cards than the deal put there
        (column n is dealt n − 1; face-down cards never move), and the stock and waste hold no more
        than the 24 cards left over from the deal. (Each card once, and face-up cards going down
        in alternating colours, the position string already checks.)"""
        super().check()
        for w, d in enumerate(self.down):
            if d > w:
                raise EngineError(
                    f"position cannot arise: column {w + 1} has {d} face-down cards; the deal puts {w} there "
                    "and face-down cards never move")
        if len(self.talon) > 24:
            raise EngineError(
                f"position cannot arise: the stock and waste hold {len(self.talon)} cards; the deal leaves 24")

    def cards(self) -> list[int]:
        on_foundations = [s * 13 + r for s in range(4) for r in range(self.found[s])]
        return [c for col in self.cols for c in col] + list(self.talon) + on_foundations

    # -- the interface --------------------------------------------------------------------------
    def won(self) -> bool:
        return self.found == _ALL_UP

    def priority(self) -> int:
        """Lowest first (one pass, ``best_first``; with unlimited passes the second look): face-down
        cards weigh 3, cards on the foundations −2, each card on the waste 1."""
        return 3 * sum(self.down) - 2 * sum(self.found) + self.ptr

    def estimate(self) -> int:
        """Lowest first (unlimited passes, the first best-first look): the length of a won line
        through the position, as Klondike-Solver's fast search estimates it: the steps made, and
        the moves left at the least (each card not on its foundation goes there, each face-down
        card is turned, the stock is drawn; a card that lies in a column with face-down cards above
        a lower card of its suit moves once more, out of that card's way), and the cards not on
        the foundations once more."""
        left = 52 - sum(self.found)
        stock = len(self.talon) - self.ptr
        made = len(self._drew_past)  # one entry per step pushed (and one for the start)
        score = made + 2 * left + sum(self.down) + (stock + self.draw - 1) // self.draw
        for w, col in enumerate(self.cols):
            if not self.down[w]:
                continue
            lowest = [13, 13, 13, 13]  # per suit, the lowest rank under the card
            for c in col:
                s, r = _SUIT[c], _RANK[c]
                if r > lowest[s]:
                    score += 1
                else:
                    lowest[s] = r
        return score

    def key(self) -> bytes:
        cols = self._columns_key()
        if self.any_order:
            return cols + b"\xff" + bytes(self.talon)
        return cols + bytes((128 + self.ptr, *self.talon))

    def visit(self, seen: dict[Any, Any]) -> bool:
        """New unless a position recorded before has the same columns and talon and a pointer from
        which the draws (and recycles) reach this one's: see *The pointer* in the module docstring."""
        heads = self._heads_key
        if heads is None:
            heads = self._heads_key = b"".join(sorted(self._heads))
        k = b"".join((heads, self._canon, b"\xff", self.talon))  # ``_columns_key`` inlined, then the talon
        if self.any_order:
            if k in seen:
                return False
            seen[k] = None
            return True
        p = self.ptr
        pointers = seen.get(k)
        if pointers is None:
            seen[k] = [p]
            return True
        n, draw = len(self.talon), self.draw
        normal = not self.vegas
        for q in pointers:
            if p == q or p == n or (p > q and (p - q) % draw == 0) or (normal and p % draw == 0):
                return False  # q's draws reach p (p == n: to the end of the stock)
        pointers.append(p)
        return True

    # -- the key, kept up to date by push and pop -------------------------------------------------
    def _columns_key(self) -> bytes:
        """The columns, sorted, each pair of twins' piles exchanged into one order: see *Twins* in
        the module docstring. Of twins x < y (their card numbers), both face up in the columns,
        the card on x (none counts highest) is the lower.

        It is written as the columns' *heads* (each column's face-down cards and the face-up card
        on them, after its count of face-down cards; sorted) and, per card, the card lying on it
        (255: none, or not in a column) with the twins' exchange made (``_canon``). The columns
        can be read back from it (follow each head's last card up), so two positions share it
        exactly when their columns, so exchanged and sorted, are the same. ``push`` and ``pop``
        keep both parts up to date (a step changes what lies on two cards at most, and a head
        only when a column empties, fills or turns a card), so no position rebuilds it."""
        heads = self._heads_key
        if heads is None:
            heads = b"".join(sorted(self._heads))
            self._heads_key = heads
        return heads + bytes(self._canon)

    def _head(self, w: int) -> bytes:
        d = self.down[w]
        return bytes((64 + d, *self.cols[w][: d + 1]))

    def _start_key(self) -> None:
        self._on = bytearray(b"\xff" * 52)  # the card lying on each column card
        self._faceup = bytearray(52)  # 1: face up in a column
        for w, col in enumerate(self.cols):
            for i, c in enumerate(col):
                if i + 1 < len(col):
                    self._on[c] = col[i + 1]
                if i >= self.down[w]:
                    self._faceup[c] = 1
        self._canon = bytearray(self._on)
        for c in range(52):
            _exchange(self._on, self._canon, self._faceup, c)
        self._heads = [self._head(w) for w in range(len(self.cols))]
        self._heads_key = None

    def tokens(self, step: Any) -> list[str]:
        kind = step[0]
        if kind == BOTH:
            return self.tokens(step[1]) + self.tokens(step[2])
        if kind == BLOCK:
            return [_token(step[1], step[3])]
        if kind == TO_FOUNDATION:
            return [_token(step[1], FOUNDATION)]
        if kind == FROM_TALON:
            _, c, i, ptr, dst, n = step
            return [*_draws(ptr, n, i, self.draw, self.vegas), _token(c, dst)]
        return [_token(step[1], step[2])]  # TAKE_BACK

    def push(self, step: Any) -> None:
        # The key's two parts are kept up to date here and in ``pop``, written out (the search's
        # hottest path: a method call each cost more than the work). The pieces, each marked:
        # *lay* (what lies on column card z is recorded, then z and its twin exchanged:
        # ``_exchange``), *fix* (a card's own exchange, once it has left a column or come onto
        # one), *head* (column w's head, ``_head``, and the sorted heads dropped). A step changes
        # what lies on two cards at most, and a head only when a column empties, fills or turns a card.
        kind = step[0]
        if kind == BOTH:
            self.push(step[1])
            self.push(step[2])
            return
        self._drew_past.append(kind == FROM_TALON and self.vegas and step[2] > step[3])
        cols, loc, record, canon, faceup = self.cols, self.loc, self._on, self._canon, self._faceup
        if kind == BLOCK:
            _, c, src, dst, n, flip = step
            col = cols[src]
            block = col[-n:]
            del col[-n:]
            to = cols[dst]
            self._cover(dst, False, c)  # c onto its last card
            to.extend(block)
            for b in block:
                loc[b] = dst
            self._uncover(src, flip)
            if len(to) == n:  # head
                d = self.down[dst]
                self._heads[dst] = bytes((64 + d, *to[: d + 1]))
                self._heads_key = None
        elif kind == TO_FOUNDATION:
            _, c, src, flip = step
            col = cols[src]
            col.pop()
            loc[c] = FOUND
            self.found[_SUIT[c]] += 1
            faceup[c] = 0
            _exchange(record, canon, faceup, c)  # fix
            self._uncover(src, flip)
        else:
            if kind == FROM_TALON:
                _, c, i, _, dst, _ = step
                del self.talon[i]
                self.ptr = i
                if dst == FOUNDATION:
                    loc[c] = FOUND
                    self.found[_SUIT[c]] += 1
                    return
            else:  # TAKE_BACK
                _, c, dst = step
                self.found[_SUIT[c]] -= 1
            # a card from the talon or a foundation onto column dst
            to = cols[dst]
            self._cover(dst, False, c)  # c onto its last card
            to.append(c)
            loc[c] = dst
            faceup[c] = 1
            _exchange(record, canon, faceup, c)  # fix
            if len(to) == 1:  # head
                d = self.down[dst]
                self._heads[dst] = bytes((64 + d, *to[: d + 1]))
                self._heads_key = None

    def _uncover(self, src: int, flip: bool) -> None:
        """Cards have left column ``src``: its new last card (turned face up with ``flip``) carries
        nothing (*lay*, *head*), or the column is empty (*head*)."""
        col = self.cols[src]
        if col:
            z = col[-1]
            if flip:
                d = self.down[src] = self.down[src] - 1
                self._faceup[z] = 1
                self._heads[src] = bytes((64 + d, *col[: d + 1]))
                self._heads_key = None
            self._on[z] = 255
            _exchange(self._on, self._canon, self._faceup, z)
        else:
            self._heads[src] = b"@"  # 64 + no face-down cards
            self._heads_key = None

    def _cover(self, src: int, flip: bool, c: int) -> None:
        """c goes onto column ``src``'s last card (*lay*; the head is the caller's), before c's cards
        join the column: a step made, or, taking one back (``_uncover`` undone), that last card is
        turned face down again with ``flip``."""
        col = self.cols[src]
        if col:
            z = col[-1]
            if flip:
                self.down[src] += 1
                self._faceup[z] = 0
            self._on[z] = c
            _exchange(self._on, self._canon, self._faceup, z)

    def pop(self, step: Any) -> None:
        # ``push`` undone, its pieces written out as there
        kind = step[0]
        if kind == BOTH:
            self.pop(step[2])
            self.pop(step[1])
            return
        self._drew_past.pop()
        cols, loc, record, canon, faceup = self.cols, self.loc, self._on, self._canon, self._faceup
        if kind == BLOCK:
            _, c, src, dst, n, flip = step
            to = cols[dst]
            block = to[-n:]
            del to[-n:]
            col = cols[src]
            self._cover(src, flip, c)
            col.extend(block)
            for b in block:
                loc[b] = src
            if flip or len(col) == n:  # head
                d = self.down[src]
                self._heads[src] = bytes((64 + d, *col[: d + 1]))
                self._heads_key = None
            self._uncover(dst, False)  # nothing on its last card now, or it is empty
        elif kind == TO_FOUNDATION:
            _, c, src, flip = step
            col = cols[src]
            self._cover(src, flip, c)
            col.append(c)
            loc[c] = src
            faceup[c] = 1
            _exchange(record, canon, faceup, c)  # fix
            if flip or len(col) == 1:  # head
                d = self.down[src]
                self._heads[src] = bytes((64 + d, *col[: d + 1]))
                self._heads_key = None
            self.found[_SUIT[c]] -= 1
        else:
            if kind == FROM_TALON:
                _, c, i, ptr, dst, _ = step
                self.talon.insert(i, c)
                self.ptr = ptr
                loc[c] = TALON
                if dst == FOUNDATION:
                    self.found[_SUIT[c]] -= 1
                    return
            else:  # TAKE_BACK
                _, c, dst = step
                self.found[_SUIT[c]] += 1
            # column dst's last card, c, goes back to the talon or its foundation
            to = cols[dst]
            to.pop()
            faceup[c] = 0
            _exchange(record, canon, faceup, c)  # fix
            self._uncover(dst, False)  # nothing on its last card now, or it is empty
            if kind == TAKE_BACK:
                loc[c] = FOUND

    # -- the talon ------------------------------------------------------------------------------
    def reachable(self) -> tuple[tuple[int, int], ...]:
        """Every talon card the draws can bring to the top of the waste: (its index in ``talon``,
        the number of draws and recycles that do it, ``_draws``), fewest first. It depends only on
        the pointer and the talon's length (the draw and the passes are the search's): kept once
        worked out (``_reach``)."""
        known = self._reach.get((self.ptr, len(self.talon)))
        if known is None:
            known = self._reach[self.ptr, len(self.talon)] = tuple(self._reachable())
        return known

    def _reachable(self) -> list[tuple[int, int]]:
        n = len(self.talon)
        out: list[tuple[int, int]] = []
        seen = set()
        p = self.ptr
        if p:
            out.append((p - 1, 0))
            seen.add(p - 1)
        cost = 0
        recycled = False
        draw = self.draw
        while True:
            if p < n:
                p = min(p + draw, n)
                cost += 1
            elif p and not recycled and not self.vegas:
                p = 0
                cost += 1
                recycled = True
                continue
            else:
                return out
            if p - 1 not in seen:
                seen.add(p - 1)
                out.append((p - 1, cost))

    # -- moves ----------------------------------------------------------------------------------
    def safe_step(self) -> Any:
        """A card to its foundation that keeps every winnable position winnable, or None.

        **The rule.** Card c, of rank r (ace 1), can go onto its foundation, and lies at the free
        end of a column (or, drawing one card, on the talon: see below); both foundations of the
        other colour hold at least r − 1 cards, and the other suit of c's colour at least r − 2.
        Then moving c up is safe.

        **Proof.** Let D be the cards of c's suit below c, the cards of the other colour up to
        rank r − 1 and the other suit of c's colour up to rank r − 2: all of them are on their
        foundations now, and a card that can lie on a card of D, or on c, is in D (one rank lower,
        other colour). Take a won line L from P, and let L' be L without every move of c and of a
        card of D, played from P' (P with c up). In L, cards of D reach the tableau only by
        take-backs, and only cards of D ever lie on them or on c: so every column of L' is a
        column of L with the cards of D, and c with its pile, taken off its free end. A move of L'
        is then legal: a card moved from a column is face up (a column of L' turns its cards no
        later than L), lands on a card exposed in L' (exposed in L and not in D: what goes onto
        a D card or c is in D) or on an empty column (empty in L too); a card of another suit goes
        onto its foundation or comes back from it where it did in L (every lower card of its
        suit in D or c is on the foundation in both); the talon is the same in both. L ends with
        every card up, so L' does.

        From the talon, drawing one card: P' has the same talon without c; play L' with the
        draws of c left out (and a recycle of a waste that held only c). Each draw then draws
        the same card in both, so the top of the waste is the same whenever L plays from it.
        Drawing three, taking c out shifts the cards the draws group together: not used.
        """
        loc = self.loc
        safe = self._safe_cards()
        if not safe:
            return None
        cols = self.cols
        first = -1  # the first column whose free end is safe
        for c in safe:
            w = loc[c]
            if w >= 0 and cols[w][-1] == c and (first < 0 or w < first):
                first = w
        if first >= 0:
            return self._to_foundation(cols[first][-1])
        if self.draw == 1:
            talon = self.talon
            if self.any_order:
                # every talon card can be brought to the top (the pointer is not part of the key):
                # the first in the talon of the foundations' next cards there that is safe
                places = [talon.index(c) for c in safe if loc[c] == TALON]
                if places:
                    return self._from_talon(min(places), FOUNDATION)
            elif self.ptr:
                c = talon[self.ptr - 1]
                if c in safe:
                    return self._from_talon(self.ptr - 1, FOUNDATION)
        return None

    def _safe_cards(self) -> list[int]:
        """The foundations' next cards that the rule lets go up wherever they lie, in suit order.
        Written out per suit (spades, hearts, diamonds, clubs: ``_OPPOSITE``): for a suit whose
        foundation holds r cards (r below its next card), the other colour's suits hold r at
        least and the other suit of its colour r − 1."""
        sp, he, di, cl = self.found
        black, red = min(sp, cl), min(he, di)
        out = []
        if sp < 13 and red >= sp and cl >= sp - 1:
            out.append(sp)
        if he < 13 and black >= he and di >= he - 1:
            out.append(13 + he)
        if di < 13 and black >= di and he >= di - 1:
            out.append(26 + di)
        if cl < 13 and red >= cl and sp >= cl - 1:
            out.append(39 + cl)
        return out

    def _to_foundation(self, c: int) -> tuple[Any, ...]:
        w = self.loc[c]
        col = self.cols[w]
        flip = len(col) - 1 == self.down[w] and self.down[w] > 0
        return (TO_FOUNDATION, c, w, flip)

    def _from_talon(self, i: int, dst: int) -> tuple[Any, ...]:
        """Talon card i onto ``dst``: its draws are made from the pointer and the talon's length
        (``_draws``), in ``tokens``, only for the winning line."""
        return (FROM_TALON, self.talon[i], i, self.ptr, dst, len(self.talon))

    def dead_end(self) -> bool:
        """True when some card can never reach its foundation, so the position is lost.

        **What can ever happen**, computed as a least fixed point as Scorpion's
        (``engine.solver.scorpion.ScorpionSearch.dead_end``): every event starts impossible and
        is marked possible once all it needs is; each condition below is necessary and an
        earlier event (or a fact now), so every event of any line of play gets marked.

        - ``up[c]``, c can reach its foundation: it is there, or the card below it in its suit
          ``up`` and c ``expo``-sed [a foundation takes only its next card, from a free end or
          the waste's top].
        - ``expo[c]``, c can be playable: a column's free end; a card in the stock; on the
          waste, its top, or (with unlimited passes) any card [a recycle turns it back into
          the stock]; else the card lying on it now, z, must ``leave`` [nothing can be put on a
          card that is not exposed, and moving it or a card under it carries z along]. Under
          Vegas the waste is such a pile: each card lies on the one drawn before it, for good.
        - ``leave[z]``: ``up[z]``, or z ``moves`` onto a column.
        - ``moves[z]``: z can be face up (it is, or ``expo[z]``) and either a king with an
          ``empty`` column, or a card of the other colour one rank higher can be a free end:
          ``expo`` in a column (z never lies under it there: a column's face-up cards go down in
          rank, and a face-down z is exposed only once the card on it has left), or in the
          stock or waste ``expo`` (played onto the tableau it lies alone at a free end), or on
          its foundation (a take-back). (Marking a move possible too readily could only prune
          less, never wrongly.)
        - ``empty``: a column is empty, or the card at its table edge can ``leave``.
        """
        cols, down, found = self.cols, self.down, self.found
        talon, ptr, vegas, loc = self.talon, self.ptr, self.vegas, self.loc
        # the least fixed point by a work list: a card is looked at again whenever something its
        # events need becomes possible (the events and what they need, above)
        under = [-1] * 52  # the card each card lies on, for good as long as it lies there
        up = [False] * 52 + [True]  # (52: what ``_BELOW`` gives an ace, always up)
        expo = [False] * 52
        leave = [False] * 52
        # (a card on its foundation counts as face up here: it is never looked at for a move,
        # ``leave`` being marked already)
        faceup = [True] * 52
        for s in range(4):
            n = found[s]
            if n:
                # ``leave`` here: nothing left to look at; ``expo``: a card may go onto it (a take-back)
                a = s * 13
                up[a:a + n] = leave[a:a + n] = expo[a:a + n] = _TRUES[n]
        empty = False
        in_play = []
        for w, col in enumerate(cols):
            if not col:
                empty = True
                continue
            prev = -1
            for c in col:
                under[c] = prev
                prev = c
            expo[prev] = True
            for c in col[:down[w]]:
                faceup[c] = False
            in_play += col
        # in the stock, and the waste's top (Vegas) or all the waste (unlimited passes)
        for c in talon[ptr - 1 if vegas and ptr else 0:]:
            expo[c] = True
        if vegas:
            for i in range(1, ptr):
                under[talon[i]] = talon[i - 1]  # Vegas: it lies on the card drawn before it, for good
        in_play += talon

        todo = in_play[:]
        push, pop = todo.append, todo.pop
        left = len(in_play)  # cards in play not yet ``up``: none left, the position is not a dead end
        while todo:
            c = pop()
            if not up[c] and expo[c] and up[_BELOW[c]]:
                up[c] = True
                left -= 1
                if not left:
                    return False
                if _RANK[c] < KING:
                    push(c + 1)
                z = c
            elif leave[c]:
                continue  # a move of c matters only through ``leave`` (so it is looked at once)
            elif faceup[c] or expo[c]:
                if _RANK[c] == KING:
                    if not empty:
                        continue
                else:
                    q, r = _ABOVE[c]
                    if not (expo[q] or expo[r]):
                        continue
                z = c  # c can move
            else:
                continue
            if leave[z]:
                continue
            leave[z] = True  # z can leave: what it lies on can be exposed; a column can empty
            u = under[z]
            if u >= 0:
                if not expo[u]:
                    expo[u] = True
                    push(u)
                    todo += _ON[u]
            elif loc[z] >= 0 and not empty:  # at a column's table edge
                empty = True
                todo += _KINGS
        return left > 0  # (none in play: won)

    def _take_backs(self, wanted: dict[int, list[int]], empty: int, reach: tuple[tuple[int, int], ...]) -> list[Any]:
        """Take-backs, each offered as the chain it starts (*Take-backs* in the module docstring):
        cards back from the foundations, each one onto the card taken back before it or the card
        below that one in its suit, then a card from a column or the talon onto the last one.
        One step each (nested ``BOTH``), made from here: the chain's take-backs are made while
        its steps are listed, and taken back again."""
        found = self.found
        out: list[Any] = []
        talon_index: frozenset[int] = frozenset()
        low = -1
        for s in range(4):
            n = found[s]
            if n:
                c = s * 13 + n - 1
                if n < 13:
                    targets = wanted.get(c)
                    if targets is None:
                        continue
                elif empty >= 0:
                    targets = [empty]
                else:
                    continue
                if low < 0:
                    talon_index = self._talon_index(reach)
                    low = self._lowest_end(talon_index)
                if n - 1 < low:
                    continue
                for j in targets:
                    self._chains((TAKE_BACK, c, j), talon_index, wanted, low, out)
        return out

    def _talon_index(self, reach: tuple[tuple[int, int], ...]) -> frozenset[int]:
        """The places in ``talon`` of the cards ``reach`` (``reachable``) lists: kept as it is."""
        at = self.ptr, len(self.talon)
        index = self._reach_index.get(at)
        if index is None:
            index = self._reach_index[at] = frozenset(i for i, _ in reach)
        return index

    def _lowest_end(self, talon_index: frozenset[int]) -> int:
        """The lowest rank (ace 0) of a card on its foundation that a card could be put onto if it
        came back: a card face up in a column, or on the talon within reach (none: a rank above
        every foundation's top card). A chain ends with such a card put onto the last card it
        took back, and the chain goes down in rank one a step (so does every chain that goes on
        from it): the take-back of a card of lower rank starts no chain, nor goes on with one
        (``_chains``). The cards it looks at stay where they are while a chain is listed (the
        chain's own cards are higher than the ones going onto them).

        A card a takes such a card when a foundation of the other colour holds a card of a's rank
        + 1, that is, when the fuller of those foundations holds more than a's rank + 1 cards
        (``other``: it depends on a's colour alone). In a column only the two face-up cards at the
        free end need a look: the face-up cards go up in rank one a step in alternating colours
        from there, so a card further up is of the colour of one of the two, with ``other`` the
        same and a higher rank, and takes no such card if that one does not."""
        found, talon, down = self.found, self.talon, self.down
        low = max(found)  # no card of this rank or higher is on a foundation (none found: none is lower)
        sp, he, di, cl = found  # (spades, hearts, diamonds, clubs: ``_OPPOSITE``)
        red, black = max(he, di), max(sp, cl)
        other = (red, black, black, red)  # per suit: the other colour's fuller foundation
        for w, col in enumerate(self.cols):
            i = len(col) - 1
            d = down[w]
            if i < d:
                continue  # empty
            r = _RANK[col[i]] + 1
            if r >= low:
                continue
            if other[_SUIT[col[i]]] > r:
                low = r
            elif i > d:  # the face-up card under the free end, one rank higher
                r += 1
                if r < low and other[_SUIT[col[i - 1]]] > r:
                    low = r
        for i in talon_index:
            a = talon[i]
            r = _RANK[a] + 1
            if r < low and other[_SUIT[a]] > r:
                low = r
        return low

    def _chains(self, back: tuple[Any, ...], talon_index: frozenset[int], wanted: dict[int, list[int]], low: int,
                out: list[Any]) -> None:
        """Every chain that starts with the take-back ``back``, appended to ``out``. What may follow
        it does not depend on it (a card onto c comes from elsewhere, c's twin's suit is another,
        and c takes no card of its own suit): listed first, and ``back`` is made (then taken back)
        only to list the chains of a take-back that follows it. ``wanted`` is ``moves``' (card → the
        columns whose free end takes it, before the chain): the columns whose free end takes the
        card under c in its suit are among them, as the chain's own cards never take it (they go
        down in rank, one a step, so only c is of the rank it needs, and c is of its colour)."""
        c, j = back[1], back[2]
        cols, down, found, loc = self.cols, self.down, self.found, self.loc
        follow: list[tuple[Any, ...]] = []
        for z in _ON[c]:
            w = loc[z]
            if w >= 0:  # a card onto c from a column or the talon: the chain ends
                col = cols[w]
                i = col.index(z)
                d = down[w]
                if i >= d:
                    out.append((BOTH, back, (BLOCK, z, w, j, len(col) - i, i == d and d > 0)))
            elif w == TALON:
                i = self.talon.index(z)
                if i in talon_index:
                    out.append((BOTH, back, self._from_talon(i, j)))
            elif found[_SUIT[z]] == _RANK[z] + 1 and _RANK[z] >= low:  # back from its foundation onto c
                follow.append((TAKE_BACK, z, j))
        if _RANK[c] > low:  # the card under c in its suit, back onto a free end that takes it
            below = c - 1
            for k in wanted.get(below, ()):
                if below in _ON[cols[k][-1]]:  # (not covered by a card of the chain)
                    follow.append((TAKE_BACK, below, k))
        if follow:
            # ``back`` made on the columns, foundations and places alone: what the listing reads
            # (the key's records are not, and ``push`` would keep them up to date for nothing)
            s = _SUIT[c]
            found[s] -= 1
            cols[j].append(c)
            loc[c] = j
            for then in follow:
                chains: list[Any] = []
                self._chains(then, talon_index, wanted, low, chains)
                out.extend((BOTH, back, chain) for chain in chains)
            cols[j].pop()
            loc[c] = FOUND
            found[s] += 1

    def moves(self) -> list[Any]:
        # ``dead_end`` is asked of the start position only, and under Vegas of a position whose last
        # step drew past cards (they lie under the waste for good): measured on deals 2–21 of draw
        # 1 and draw 3 at 20,000 positions each, asking it at every position decided no more deals
        # and cut the positions searched per second five-fold. Asking less often never changes an
        # answer (it only prunes less), nor does asking more (it is proved at any position). The
        # last step is read off ``_drew_past``, which ``push`` and ``pop`` keep, so a position is not
        # asked again when the best-first search walks back down a path through such a step.
        if self._drew_past[-1] and self.dead_end():
            return []
        safe = self.safe_step()
        if safe is not None:
            return [safe]
        cols, down, found, loc = self.cols, self.down, self.found, self.loc
        ranked: list[tuple[int, Any]] = []
        empty = -1
        wanted: dict[int, list[int]] = {}  # card → the columns whose free end takes it
        # 1. the free ends of the columns to their foundations (and ``wanted``, in the same pass)
        for j, col in enumerate(cols):
            if not col:
                if empty < 0:
                    empty = j  # every empty column is alike: only the first is offered
                continue
            c = col[-1]
            on = _ON[c]
            if on:
                # the two cards that may lie on c take the same columns (those whose free end is c or
                # its twin): one list for both, never changed once made
                y, z = on
                targets = wanted.get(y)
                if targets is None:
                    wanted[y] = wanted[z] = [j]
                else:
                    targets.append(j)
            if found[_SUIT[c]] == _RANK[c]:
                d = down[j]
                flip = len(col) - 1 == d and d > 0  # (``_to_foundation``, inlined)
                ranked.append((5 if flip else 20, (TO_FOUNDATION, c, j, flip)))
        reach = self.reachable()
        # 1b. a covered card whose twin is a free end: its pile onto the twin, then it goes up (only
        # a foundation's next card can go up: at most four, taken in the columns' order)
        covered = []
        for s in range(4):
            n = found[s]
            if n == 13:
                continue
            x = s * 13 + n  # the foundation's next card
            w = loc[x]
            if w >= 0:
                y = _TWIN[x]
                j = loc[y]
                if j >= 0 and cols[j][-1] == y:
                    col = cols[w]
                    i = col.index(x)
                    if down[w] <= i < len(col) - 1:
                        covered.append((w, i, x, j))
        if covered:
            covered.sort()
            for w, i, x, j in covered:
                col = cols[w]
                c = col[i + 1]
                first = (BLOCK, c, w, j, len(col) - i - 1, False)
                # once its pile is on the twin, x is column w's last card (``_to_foundation`` then)
                second = (TO_FOUNDATION, x, w, i == down[w] > 0)
                ranked.append((5 if second[3] else 20, (BOTH, first, second)))
        # 2. blocks from column to column
        for c, targets in wanted.items():
            w = loc[c]
            if w < 0:
                continue
            col = cols[w]
            d = down[w]
            # only a block from the first face-up card is offered (below: from any other, a swap),
            # so c is at place d or there is nothing to offer
            if d >= len(col) or col[d] != c:
                continue
            n = len(col) - d
            if d:
                score = 10 - d  # turns a face-down card: the longest hidden pile first
                flip = True
            else:
                score = 40  # empties a column
                flip = False
            # (a block from above the first face-up card would be a swap: its position has the same
            # key, twins' piles exchanged)
            for j in targets:
                ranked.append((score, (BLOCK, c, w, j, n, flip)))
        if empty >= 0:
            for s in range(4):
                k = s * 13 + KING
                w = loc[k]
                if w < 0:
                    continue
                col = cols[w]
                i = col.index(k)
                d = down[w]
                if i < d or i == 0:
                    continue  # face down, or at the table edge already: another empty column is alike
                flip = i == d and d > 0
                step = (BLOCK, k, w, empty, len(col) - i, flip)
                ranked.append((10 - d if flip else 45, step))
        # 3. the talon (``_from_talon``, inlined)
        talon, ptr, size = self.talon, self.ptr, len(self.talon)
        for i, cost in reach:
            c = talon[i]
            if found[_SUIT[c]] == _RANK[c]:
                ranked.append((20 + cost, (FROM_TALON, c, i, ptr, FOUNDATION, size)))
            targets = wanted.get(c)
            if targets is not None:
                for j in targets:
                    ranked.append((30 + cost, (FROM_TALON, c, i, ptr, j, size)))
            elif empty >= 0 and _RANK[c] == KING:  # (no card takes a king: ``wanted`` has none)
                ranked.append((30 + cost, (FROM_TALON, c, i, ptr, empty, size)))
        # 4. take-backs from the foundations, each with the moves it makes way for (*Take-backs*)
        for step in self._take_backs(wanted, empty, reach):
            ranked.append((90, step))
        ranked.sort(key=_first)
        return [step for _, step in ranked]


_first = itemgetter(0)  # a ranked step's rank (the sort's key)


def _exchange(record: bytearray, canon: bytearray, faceup: bytearray, z: int) -> None:
    """The exchanged record of z and its twin (``_canon``, from ``_on`` and ``_faceup``): made
    after what lies on either of them, or whether it is face up, changed."""
    x, y = _PAIR[z]
    a, b = record[x], record[y]
    if a > b and faceup[x] and faceup[y]:
        canon[x], canon[y] = b, a
    else:
        canon[x], canon[y] = a, b


def _token(c: int, dst: int) -> str:
    return f"{card_token(c)}>{'F' if dst == FOUNDATION else dst + 1}"


def _draws(ptr: int, n: int, i: int, draw: int, vegas: bool) -> list[str]:
    """The draws (and recycle) that bring talon card i to the top of the waste from pointer ``ptr``,
    ``n`` cards in the talon: the first way ``KlondikeSearch.reachable`` finds."""
    p, tokens, recycled = ptr, [], False
    while not (p and p - 1 == i):
        if p < n:
            p = min(p + draw, n)
            tokens.append("draw")
        elif p and not recycled and not vegas:
            p, recycled = 0, True
            tokens.append("recycle")
        else:
            raise AssertionError(f"talon card {i} is out of reach")
    return tokens
