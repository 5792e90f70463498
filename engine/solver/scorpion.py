"""Scorpion's search hooks: canonical keys, ordered moves, proved dead ends and safe moves.

Everything here is either ordering (never changes the answer) or a pruning with its proof written
next to it and a test that compares it with the exhaustive search (tests/examples/test_solver_pruning.py).

Words used in the proofs: a card's **pile** is the card with every card on it; a card **moves** when
it is the base of a block move (``4H>7`` moves 4♥ and its pile); a card is **exposed** when it lies at
the free end of a column; **X+1** is the card of X's suit one rank higher; X is **placed** when it
lies directly on X+1 (every non-king must be placed at the end of a won game, under every rule set:
a complete sequence is K to A, each card on the next higher one).

**A placed card stays** (a pruning of ``moves``): **under matching suits, with
nothing left to deal, a card X lying on X+1 face up is never moved onto an empty column.**
(Under matching suits X's only other target is X+1 itself, so X is then never moved at all.)

**Proof.** Take a won line L from P whose first such move, m, moves X (with the cards on
it, its pile) from X+1 onto the empty column e. Let L' be L without m and without every
later move of X onto an empty column, up to X's return onto X+1 (X must return: every
non-king is placed in a won game, and X+1 is X's only target). Between m and that return,
the position of L' is the one of L with column e's cards (X at its table edge) lifted onto
X+1, wherever X+1 is; e (or the empty column X last went to) is empty. Each move of L in
that stretch is legal in L', onto the same card: a card Y ≠ X lies on the same card in both
(only X differs); nothing but X fits on X+1, so the only move onto X+1's free end in L is
X's return; a move onto e's free end in L goes onto the same card, now at the free end of
X+1's column; a move of X+1 or of a card under it carries X's pile too (a block of any
length moves); L' has every empty column of L (and e); a complete run removed in L lies
at the same free end in L'; X+1 is face up, so exposing it turns no card in L that L'
leaves down. Nothing is dealt (the deal's three cards go onto the free ends of columns
1–3, which differ between the lines; set-aside cards go onto a card or an empty column as
any move). At X's return the two positions are equal, and L' goes on as L. L' has fewer
such moves (a card other than X lies on its next card in L' exactly when in L), so by
induction P has a won line with none, and the search, which tries every other move, finds
P won.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from ..cards import ACE, KING, card, rank_of, suit_of
from ..errors import EngineError
from ..scorpion import DEAL, RESERVE, ScorpionPosition
from . import SLICE, Search

_RANK = tuple(rank_of(c) for c in range(52))
_KINGS = tuple(c for c in range(52) if _RANK[c] == KING)
_NON_KINGS = tuple(c for c in range(52) if _RANK[c] != KING)
# the cards one rank higher than each card, of any suit (Easy); () for a king
_HIGHER_ANY = tuple(
    () if _RANK[c] == KING else tuple(s * 13 + _RANK[c] + 1 for s in range(4)) for c in range(52)
)
_LOWER_ANY = tuple(
    () if _RANK[c] == ACE else tuple(s * 13 + _RANK[c] - 1 for s in range(4)) for c in range(52)
)
_LOWERS_SAME = tuple(() if _RANK[c] == ACE else (c - 1,) for c in range(52))
_RUNS = tuple(bytes(card(r, suit_of(c)) for r in range(KING, ACE - 1, -1)) for c in range(52))  # c's suit, K to A
_HEADER = tuple(bytes((64 + d,)) for d in range(192))  # a column's header byte in ``key``: 64 + its face-down count


class ScorpionSearch(Search):
    """Scorpion: under Classic at most one target per card, so the tree is narrow but deep; what
    makes it large is *when* the reserve is dealt, so nearly every decision comes from
    ``dead_end`` (a position proved lost is not expanded) and ``safe_move``."""

    pos: ScorpionPosition
    depth_first_nodes = SLICE  # with ``best_first``: see ``priority`` (a multiple of the solver's SLICE)

    def __init__(self, pos: ScorpionPosition):
        super().__init__(pos)
        rules = pos.rules
        grid = rules.grid
        self._fixed = tuple(grid.deal_columns) if not grid.aside else ()
        self._free = tuple(i for i in range(grid.columns) if i not in self._fixed)
        self._same = rules.suits == "same"
        self._king_only = rules.empty == "king"
        self._remove = rules.complete == "remove"
        self._aside = grid.aside
        # the safe move needs every rule its proof uses (see ``safe_move``)
        self._safe_rules = self._same and self._king_only
        self._lowers = _LOWERS_SAME if self._same else _LOWER_ANY
        self._emptyable = _KING_MASK if self._king_only else _MASK
        # ``dead_end``'s starting facts of each column seen, by the column's part of the key
        self._columns: dict[bytes, Any] = {}
        self._check = True  # whether the position just reached may be a new dead end
        self.best_first = not self._same  # Easy: see ``priority``
        # the key's parts, kept up to date by ``push`` and ``pop``: each column's (its header byte,
        # 64 + its face-down count, and its cards) and the reserve's; per step made, what ``pop`` needs
        self._keys = self._column_keys()
        self._prefix = self._reserve_key()
        self._below = {_BIT[c]: 0 for c in pos.reserve}  # ``dead_end``'s: the card under each card, kept up to date too
        for col in pos.cols:
            self._below.update(_cards_below(col))
        self._made: list[Any] = []
        self._scores: dict[bytes, int] = {}  # ``priority``'s part of each column seen, by its part of the key

    def priority(self) -> int:
        """Lowest first (``best_first``): twice the distance from a win as it looks (face-down
        cards weigh 4; each card on its own suit's next card −2, a removed suit counting its twelve,
        on another suit's −1; an empty column −1), plus the moves made (a long line of moves that
        only shuffle cards between alike places ranks behind).

        **The order.** Under Easy (any suit) a card has up to four places to go, and depth first
        wanders: its won lines ran to thousands of moves, most of them shuffling cards between
        alike places, and a deal it does not win at once it rarely wins at all. Best first alone
        loses deals that depth first wins in a hundred positions, or in a few thousand; so the
        search is depth first for ``depth_first_nodes`` positions, then best first from the start
        and the depth-first search where it paused take turns of as many positions
        (``_depth_then_best``). Measured (issue 11, 20,000 positions a deal, ``bench/winrates.py
        --probe``): depth first and then best first alone, Easy deals 0–199 undecided 19 → 6, deals
        200–399 25 → 5; deals 0–999 112 → 36, 745 → 357 s CPU; taking turns, deals 0–201 20 → 17
        (depth first won five of its deals in 1,300 to 7,300 positions that best first did not
        win in 20,000, the deals best first wins it mostly wins in under 10,000); best first by
        distance alone (no moves made) won fewer than depth first. Wasp stays depth first: best
        first decided a few of its hardest deals but lost as many others (deals 0–399: 7
        undecided against 5).
        """
        scores = self._scores
        score = -24 * len(self.pos.removed)
        for key in self._keys:
            part = scores.get(key)
            if part is None:
                part = _keep(scores, key, _column_score(key))
            score += part
        return 2 * score + len(self._made)

    # -- making and taking back steps ---------------------------------------------------------
    # A card that leaves a column for another (the search's nearly every step) is moved here, the
    # two columns' parts of the key with it; a deal, a card set aside and a pile that completes a
    # sequence to remove are the engine's own ``push``, after which the key's parts are written again.
    def push(self, step: Any) -> None:
        self._check = self._may_end(step)
        plain = self._plain(step)
        if plain is None:
            self._push_engine(step)
            return
        w, col, i, keys = plain
        self._move(step, w, col, i, keys)

    def enter(self, step: Any, seen: dict[Any, Any]) -> bool:
        """``Search.enter``; a card that leaves a column for another is looked up in ``seen`` by the key
        it would give, made only when that is new."""
        plain = self._plain(step)
        if plain is None:
            return super().enter(step, seen)
        keys = plain[3]
        k = self._key_of(keys)
        if k in seen:
            return False
        seen[k] = None
        self._check = self._may_end(step)
        self._move(step, *plain)
        return True

    def pop(self, step: Any) -> None:
        made = self._made.pop()
        w = made[0]
        if w is None:  # the engine's own step
            self.pos.pop()
            _, self._keys, self._prefix, self._below = made
            return
        w, to, n, flipped, self._keys = made
        dest = self.pos.cols[to]
        self._carry(dest, len(dest) - n, w)
        if flipped:
            self.pos.down[w] += 1

    def _plain(self, step: Any) -> tuple[int, list[int], int, list[bytes]] | None:
        """For a card that leaves a column and completes no sequence to remove: its column, that
        column's cards, the card's place there and the columns' parts of the key after the step;
        else None."""
        c, to = step
        p = self.pos
        w = p.loc[c] if to >= 0 else -1  # (the deal goes to no column)
        if w < 0:
            return None
        col = p.cols[w]
        i = col.index(c)
        keys = self._keys.copy()
        kw = keys[w]
        d = p.down[w]
        keys[w] = _HEADER[d - 1] + kw[1:i + 1] if i == d and d else kw[:i + 1]  # a face-down card turned
        kt = keys[to] = keys[to] + kw[i + 1:]
        last = col[-1]
        if self._remove and _RANK[last] == ACE and kt.endswith(_RUNS[last]) and len(kt) - 1 - p.down[to] >= 13:
            return None  # the pile completes a sequence: the engine removes it
        return w, col, i, keys

    def _move(self, step: Any, w: int, col: list[int], i: int, keys: list[bytes]) -> None:
        to = step[1]
        n = self._carry(col, i, to)
        down = self.pos.down
        d = down[w]
        flipped = i == d and d > 0
        if flipped:
            down[w] = d - 1
        self._made.append((w, to, n, flipped, self._keys))
        self._keys = keys

    def _carry(self, src: list[int], i: int, to: int) -> int:
        """The cards of ``src`` from place ``i`` on onto column ``to``'s free end (``loc`` and ``_below``
        with them); how many."""
        p = self.pos
        block = src[i:]
        del src[i:]
        dest = p.cols[to]
        self._below[_BIT[block[0]]] = _BIT[dest[-1]] if dest else 0
        dest += block
        loc = p.loc
        for b in block:
            loc[b] = to
        return len(block)

    def _push_engine(self, step: Any) -> None:
        p = self.pos
        p.push(step)
        self._made.append((None, self._keys, self._prefix, self._below))
        keys = self._column_keys()
        below = self._below.copy()
        for col, before, now in zip(p.cols, self._keys, keys):
            if before != now:  # (a removed sequence's cards keep theirs: ``dead_end`` never looks them up)
                below.update(_cards_below(col))
        self._keys, self._below = keys, below
        self._prefix = self._reserve_key()

    def _column_keys(self) -> list[bytes]:
        """Each column's part of the key, read from the position."""
        return [_HEADER[d] + bytes(col) for col, d in zip(self.pos.cols, self.pos.down)]

    def _reserve_key(self) -> bytes:
        """The reserve's part of the key (it comes first), read from the position."""
        return bytes((128, *self.pos.reserve))

    def _may_end(self, move: Any) -> bool:
        """Whether ``move`` can turn a position that ``dead_end`` did not find lost into one it
        finds lost. Asking less often never makes an answer wrong (it only prunes less); the
        cases below are the only ones where the move takes away a fact that ``dead_end``
        starts from: (1) the deal covers three free ends; (2) a card that goes onto another
        card's free end puts its pile in one column above a card that must go onto a card of
        the pile (that card can no longer come apart from it for free), or (only under Easy)
        hides the card it goes onto from the other cards that could go there; (3) a card onto
        the last empty column, unless it leaves another one behind.

        **Under Easy, a card that leaves a card one rank higher** (any suit: it may go back) for
        another one, not its own suit's next card, takes nothing away unless by (2)'s pile. Say
        c leaves u for t. In the new position c can move (back onto u, which lies exposed in
        another column), so t can be exposed again: every fact the old position started from
        can be had again (t exposed, as it was; c placed, if u was c's own next card, as u is
        exposed); u exposed and the cards under c's old place are new facts, and the spans of
        c's pile (a card below its target in one column) are the old ones, less those whose
        target the pile took away, unless a card of the new column must go onto a card of the
        pile. What every step of ``dead_end``'s fixed point needs then holds again, so it
        finds no new dead end. (Onto its own suit's next card c may complete a sequence, whose
        removal takes away the cards that went onto its cards: that move is asked.)"""
        if move == DEAL:
            return True
        p = self.pos
        c, to = move
        cols, loc = p.cols, p.loc
        dest = cols[to]
        w = loc[c]
        if not dest:
            left = cols.count([]) - 1
            return left == 0 and not (w >= 0 and cols[w][0] == c)
        if w >= 0:
            col = cols[w]
            i = col.index(c)
            pile = col[i:]
        else:
            col, i, pile = [], 0, [c]
        lowers = self._lowers
        for x in pile:
            for y in lowers[x]:
                if loc[y] == to:
                    return True
        if self._same:
            return False
        return not (i > 0 and _RANK[col[i - 1]] == _RANK[c] + 1 and dest[-1] != c + 1)

    def check(self) -> None:
        """A position play can reach: no column holds more face-down cards than the layout deals
        there (face-down cards never move: a block starts at a face-up card). (Each card once,
        a full reserve or none, the position string already checks.)"""
        super().check()
        grid = self.pos.rules.grid
        for w, d in enumerate(self.pos.down):
            if d > grid.face_down[w]:
                raise EngineError(
                    f"position cannot arise: column {w + 1} has {d} face-down cards; the {grid.name} layout deals "
                    f"{grid.face_down[w]} there and face-down cards never move")

    def cards(self) -> list[int]:
        p = self.pos
        return [c for col in p.cols for c in col] + p.reserve + [s * 13 + r for s in p.removed for r in range(13)]

    # -- the key ------------------------------------------------------------------------------
    def key(self) -> bytes:
        """The position with the order of interchangeable columns forgotten: every column once the
        reserve is dealt (or when there is none), else the columns the reserve does not reach.
        Each column is written as a header byte (64 + its face-down count) and its cards."""
        return self._key_of(self._keys)

    def _key_of(self, keys: list[bytes]) -> bytes:
        """``key`` from the columns' parts ``keys``."""
        if self._fixed and self.pos.reserve:
            fixed = b"".join([keys[i] for i in self._fixed])
            return self._prefix + fixed + b"\xff" + b"".join(sorted([keys[i] for i in self._free]))
        return self._prefix + b"".join(sorted(keys))

    # -- moves --------------------------------------------------------------------------------
    def moves(self) -> list[Any]:
        p = self.pos
        if self._check and self.dead_end():
            return []
        safe = self.safe_move()
        if safe is not None:
            return [safe]
        cols, down, loc = p.cols, p.down, p.loc
        lowers = self._lowers
        ranked = []
        empties = []
        for d, dest in enumerate(cols):
            if not dest:
                empties.append(d)
                continue
            top = dest[-1]
            if _RANK[top] == ACE:
                continue
            for c in lowers[top]:
                w = loc[c]
                if w == d:
                    continue
                if w < 0:
                    if w == RESERVE and self._aside:
                        ranked.append((20, (c, d)))
                    continue
                col = cols[w]
                i = col.index(c)
                if i < down[w]:
                    continue
                if i and i == down[w]:
                    score = 0  # turns a face-down card
                elif i and col[i - 1] == c + 1:
                    score = 70  # from its own suit's next card (Easy): churn
                elif c == top - 1:
                    score = 10 if i else 15  # onto its own suit: a longer run (and empties a column)
                else:
                    score = 40
                ranked.append((score, (c, d)))
        if empties:
            any_card = not self._king_only
            stays = self._same and (not p.reserve or self._aside)  # see *A placed card stays* in the module docstring
            if any_card:
                spots = [(w, i) for w, col in enumerate(cols) for i in range(down[w], len(col))]
            else:  # the face-up kings, in the same order
                spots = []
                for k in _KINGS:
                    w = loc[k]
                    if w >= 0:
                        i = cols[w].index(k)
                        if i >= down[w]:
                            spots.append((w, i))
                spots.sort()
            for w, i in spots:
                col = cols[w]
                c = col[i]
                if stays and i > down[w] and col[i - 1] == c + 1 and _RANK[c] != KING:
                    continue  # placed on its face-up next card: it stays
                if i == 0:
                    score = 95  # a whole column relocated: only its place changes
                elif _RANK[c] == KING:
                    score = 30 if i > down[w] or not down[w] else 5
                else:
                    score = 50
                for e in empties:
                    if e != w:
                        ranked.append((score, (c, e)))
                        if i == 0 or not p.reserve or not self._fixed:
                            break  # the empty columns are alike (the key sorts them)
            if self._aside:
                for c in p.reserve:
                    if any_card or _RANK[c] == KING:
                        ranked.append((20, (c, empties[0])))
        if p.reserve and not self._aside:
            if p.rules.reserve == "anytime" or not any(s < 95 for s, _ in ranked):
                ranked.append((90, DEAL))
        ranked.sort(key=_FIRST)
        return [m for _, m in ranked]

    # -- a safe move --------------------------------------------------------------------------
    def safe_move(self) -> Any:
        """A move that keeps every winnable position winnable, made as the only move, or None.

        **The rule.** Suits must match, only a king goes onto an empty column, and nothing is left
        to deal (the reserve is dealt, or the layout sets its cards aside). X, not a king, is face
        up and not placed; X+1 is exposed in another column; and under X+1 its column holds X+1's
        suit from a king down to X+1 (K, Q, …, X+1, face up), with only face-down cards (or
        nothing) under the king. Then moving X onto X+1 is safe.

        **Proof.** Take a won line L from the position P, and let P' be P after X>X+1. In L, X
        must at some point be placed; under matching suits X's only target is X+1, so X's first
        move in L, say move k, is X>X+1, and until then nothing can lie on X+1 (only X fits on it,
        and nothing is dealt). Play L without move k from P'. Before k, P' is P with X's pile
        lifted off the card U under it and set on X+1 (U turned up if it was face down). A move
        of L before k is legal in P' too: it moves a face-up card W (P' has no more face-down
        cards than P) onto W+1 exposed (W+1 is not X+1, which only X fits; U exposed in P' only
        helps) or a king onto an empty column (P' has at least P's empty columns). It could fail
        only if W and W+1 were in one column in P' but not in P: W+1 in X's pile and W under X+1
        in its column, or X+1 itself. But the cards there never move: each of K…X+1 lies on its
        own next card, which only it fits, so it can never move again, and a king can only go
        onto an empty column, never onto X's pile. A removed sequence is removed in both. After
        move k of L both lines are in the same position. So P' is won too.

        Why not with a reserve still to deal: the three cards go onto the free ends of columns
        1–3, which differ between P and P' when X's pile changes column.
        """
        p = self.pos
        if not self._safe_rules or (p.reserve and not self._aside):
            return None
        cols, down, loc = p.cols, p.down, p.loc
        for b, col in enumerate(cols):
            if not col:
                continue
            top = col[-1]
            if _RANK[top] == ACE:
                continue
            # under the exposed card top (= X+1): top's suit, from a king down to top
            n = len(col)
            k = n - 1 - (KING - _RANK[top])  # where the king would be
            if k != down[b] or col[k] != top + KING - _RANK[top]:
                continue
            if any(col[i] != col[i - 1] - 1 for i in range(k + 1, n)):
                continue
            x = top - 1
            w = loc[x]
            if w == b:
                continue
            if w == RESERVE:  # set aside (Three Blind Mice)
                return (x, b)
            if w < 0:
                continue
            src = cols[w]
            i = src.index(x)
            if i >= down[w]:
                return (x, b)
        return None

    # -- proved dead ends ---------------------------------------------------------------------
    def dead_end(self) -> bool:
        """True when the position is proved lost: a card can never be placed, or (sequences that
        stay) a king never reach the table edge, or a card never turn face up.

        **What can ever happen.** Each of these is computed as a least fixed point: everything
        starts impossible, and an event is marked possible once every condition it needs is
        possible. Every condition below is *necessary* for the event (proofs in brackets) and
        each is an event strictly before it or a fact of the position now, so by induction on
        time everything that can happen in any line of play gets marked: what stays unmarked
        can never happen.

        - ``up[c]``, c can be face up: it is, or it is in the reserve or set aside, or ``expo[c]``
          [a face-down card turns up only when it is the free end of its column].
        - ``expo[c]``, c can lie exposed: it is, or it is in the reserve [dealt onto a free
          end], or set aside and ``moves[c]``, or the card lying on it now, ``z``, can leave:
          ``moves[z]``, or z is a king whose sequence can be removed ``gone[z]`` [the card
          directly on c changes only when that card moves or is removed: nothing can be put on
          c, nor dealt, before c is exposed, and moving c or a card under it carries z along].
        - ``moves[c]``, c can move: ``up[c]`` and either (a) a card one rank higher (of c's suit
          when suits must match) ``expo``-sed, c not already lying on it, and c *separable*
          from it, or (b) c may go onto an empty column (a king, or any card under Wasp) and
          ``empty`` [the rules of a move]. *Separable*: when c lies below the target in one
          column now, one of the cards above c up to the target must move first [that stretch
          of the column changes only when one of its cards moves, or is removed together with
          the target].
        - ``placed[y]`` (not a king), y can lie on y+1: it does, or ``expo[y+1]``, and y on the
          table is ``up`` and separable from y+1 [y gets there only by moving onto it, or by
          being dealt onto it].
        - ``gone[K]``, K's sequence can be removed (sequences removed): ``up[K]`` and
          ``placed`` for all twelve others.
        - ``empty``: a column is empty, or the card at the table edge of a column can leave
          [a column empties only when its first card moves or is removed].

        A won game needs every non-king placed, every card face up; with sequences removed every
        ``gone[K]``; with sequences that stay, every king not at a table edge to move (it gets
        there only by moving onto an empty column: there is no removal to clear under it).

        **How it is worked out.** Each kind of fact is a set of cards, the bits of an int (bit c: card
        c), and the rules are applied to every card at once, in rounds, until a round adds nothing: that
        is the least fixed point. The cards that may move: under matching suits c's one target is c+1,
        so ``expo`` shifted down one bit (kings left out); under Easy its targets are the four cards of
        the next rank, so ``expo`` folded onto one suit's thirteen bits says which ranks are exposable,
        shifted down one and spread back to the four suits. "c not already lying on it" holds of itself
        for a card not yet known to move (the card it lies on can be exposed only once it moves; under
        matching suits it has no other target, and is left out); a card below a target in its own column
        (a *span*) is unblocked once a card of the span moves (under Easy such a card, once a card of
        the next rank is exposable, is looked at target by target). Each card newly known to move
        exposes the card it lies on, or empties a column (at the table edge). When no more cards can
        move: ``placed`` (bit y from ``expo``'s bit y+1, with ``up`` and separable; a card off the table
        is up and has no span), then ``gone`` (a suit's twelve non-kings' bits plus one carry into its
        king's bit exactly when all are set); a king newly gone exposes the card under it, and the
        rounds go on. What a column gives to start from (its face-up, face-down, exposed and table-edge
        cards, its spans) depends only on its cards and its face-down count, so it is worked out once
        for each column seen and kept (``_column``); what lies on what, the search keeps up to date as
        it makes and takes back its steps (``_below``).

        **The early stop.** Facts are only ever added, so once each of those goals is known
        possible the answer is no, and the rest of the fixed point is not worked out: the goals
        are looked at each time the moves come to rest.
        """
        p = self.pos
        cols, down = p.cols, p.down
        kept = self._columns
        keys = self._keys
        infos: list[Any] = list(map(kept.get, keys))
        if None in infos:
            for w, info in enumerate(infos):
                if info is None:
                    infos[w] = _keep(kept, keys[w], self._column(cols[w], down[w]) if cols[w] else _NO_FACTS)
        packed = sum(map(_FIRST, infos))  # (the columns' cards are apart: their sum is their union)
        below = self._below
        spans: list[tuple[int, int]] = []
        exc: dict[int, tuple[tuple[int, int], ...]] = {}
        for _, more in infos:
            if more:
                spans += more[0]
                exc.update(more[1])
        empty = _EMPTY in keys
        spanned = 0  # the cards of every span
        for _, m in spans:
            spanned |= m
        up = packed & _MASK
        ex = packed >> 64 & _MASK
        fd = packed >> 128 & _MASK
        on = packed >> 192 & _MASK
        edge = packed >> 256 & _MASK
        kneed = packed >> 320 & _MASK
        blocked = packed >> 384 & _MASK
        xm = packed >> 448
        aside = 0
        for c in p.reserve:
            b = _BIT[c]
            up |= b
            if self._aside:
                aside |= b
            else:
                ex |= b
            if _IS_KING[c]:
                kneed |= b
        up |= ex
        need = _NON_KING_MASK
        kings = _KING_MASK
        for s in p.removed:
            need &= ~_SUIT_MASK[s]
            kings &= ~_SUIT_MASK[s]
        remove = self._remove
        kgoal = kings if remove else kneed
        same = self._same
        emptyable = self._emptyable
        pl = on
        mv = gn = 0
        free = ~(_KING_MASK | on | blocked)  # same suits: not the cards whose one target is out of reach
        while True:
            if same:
                x = (ex >> 1) & free
            else:
                r = ex | ex >> 13 | ex >> 26 | ex >> 39
                x = ((r >> 1) & 0xFFF) * _SPREAD  # a card of the next rank exposable
                near = x & xm & up & ~mv  # and a target above the card in its column: target by target
                x &= ~xm
                while near:
                    cb = near & -near
                    near ^= cb
                    for tb, m in exc[cb]:
                        if ex & tb and (not m or mv & m):
                            x |= cb
                            break
            if empty:
                x |= emptyable
            x &= up & ~mv
            if x:
                mv |= x
                if blocked and x & spanned:  # (a span is unblocked by its first card known to move)
                    for cb, m in spans:
                        if blocked & cb and mv & m:
                            blocked ^= cb
                            free |= cb
                if aside:
                    ex |= x & aside
            else:
                pl |= (ex >> 1) & need & up & ~blocked
                if remove:
                    x = ((pl & _NON_KING_MASK) + _ACES) & up & kings & ~gn  # twelve placed: a carry into the king
                    gn |= x
                if pl & need == need and not fd & ~up and kgoal & (gn if remove else mv) == kgoal:
                    return False
                if not x:
                    return True
            if x & edge:
                empty = True
            while x:
                ex |= below[x & -x]
                x &= x - 1
            up |= ex

    def _column(self, col: list[int], d: int) -> tuple[int, Any]:
        """What ``dead_end`` starts from in one column (``d`` cards face down), as bit masks, packed
        into one int 64 bits apart (face up, exposed, face down, placed, at the table edge, a king
        not at the table edge, blocked by a span of the same suit, Easy's cards with a span); and
        None, or the spans of the same suit (card, span) and Easy's cards with a span (card, its
        targets with their spans, 0 for none). Kept in ``_columns``."""
        bits = list(map(_BIT.__getitem__, col))
        cards = sum(bits)
        c_fd = sum(bits[:d])
        c_on = sum([b for b, u in zip(bits[1:], bits) if u == b << 1]) & _NON_KING_MASK  # on its next card
        c_kneed = (cards - bits[0]) & _KING_MASK
        c_blocked = c_xm = 0
        spans = []
        exc = []
        if self._same:
            pairs = cards >> 1 & cards & _NON_KING_MASK & ~c_on  # c and c+1 both here, c not on c+1
            while pairs:
                c = (pairs & -pairs).bit_length() - 1
                pairs &= pairs - 1
                i, j = col.index(c), col.index(c + 1)
                if j > i:  # c below its next card: a span
                    spans.append((bits[i], sum(bits[i + 1:j + 1])))
                    c_blocked |= bits[i]
        else:
            above = 0  # the cards above the one looked at
            for i in range(len(col) - 1, -1, -1):
                c = col[i]
                if _HIGHER_MASK[c] & above:  # a target above c here: spans
                    u = col[i - 1] if i else -1
                    targets = []
                    for t in _HIGHER_ANY[c]:
                        if t == u:
                            continue  # lies on it
                        m = sum(bits[i + 1:col.index(t) + 1]) if above & _BIT[t] else 0
                        if m and t == c + 1:
                            spans.append((bits[i], m))
                            c_blocked |= bits[i]
                        targets.append((_BIT[t], m))
                    exc.append((bits[i], tuple(targets)))
                    c_xm |= bits[i]
                above |= bits[i]
        packed = (cards - c_fd | bits[-1] << 64 | c_fd << 128 | c_on << 192 | bits[0] << 256 | c_kneed << 320
                  | c_blocked << 384 | c_xm << 448)
        return packed, (tuple(spans), dict(exc)) if spans or exc else None


def _keep(record: dict[bytes, Any], key: bytes, value: Any) -> Any:
    """``value`` recorded under a column's part of the key (``dead_end``'s and ``priority``'s records
    of the columns seen), the record emptied first once it holds ``_COLUMN_CACHE`` columns."""
    if len(record) > _COLUMN_CACHE:
        record.clear()
    record[key] = value
    return value


def _column_score(key: bytes) -> int:
    """One column's part of ``priority``'s score, from its part of the key (header byte, cards)."""
    d = key[0] - 64
    if len(key) == 1:
        return -1  # empty
    score = 4 * d
    prev = -1
    for c in key[1 + d:]:
        if prev >= 0 and _RANK[c] + 1 == _RANK[prev]:
            score -= 2 if c + 1 == prev else 1
        prev = c
    return score


def _cards_below(col: list[int]) -> Any:
    """Per card of ``col``, its bit and the bit of the card under it (0: at the table edge)."""
    bits = list(map(_BIT.__getitem__, col))
    return zip(bits, [0, *bits])


# ``dead_end``'s sets of cards are ints, card c at bit c (a suit's cards are thirteen bits, ace first)
_IS_KING = tuple(_RANK[c] == KING for c in range(52))
_BIT = tuple(1 << c for c in range(52))
_MASK = (1 << 52) - 1  # every card
_KING_MASK = sum(_BIT[c] for c in _KINGS)
_NON_KING_MASK = sum(_BIT[c] for c in _NON_KINGS)
_SUIT_MASK = tuple(sum(_BIT[s * 13 + r] for r in range(13)) for s in range(4))
_ACES = sum(_BIT[s * 13 + ACE] for s in range(4))
_SPREAD = 1 | 1 << 13 | 1 << 26 | 1 << 39  # a rank's bit (of the thirteen) times this: that rank in every suit
_HIGHER_MASK = tuple(sum(_BIT[t] for t in _HIGHER_ANY[c]) for c in range(52))
_COLUMN_CACHE = 20_000  # columns kept (``_column``'s ~1 kB each, ``priority``'s) before a record is cleared


_FIRST = itemgetter(0)  # a ranked move's score; a column's packed facts
_EMPTY = _HEADER[0]  # an empty column's part of the key
_NO_FACTS = (0, None)  # what an empty column gives ``dead_end`` to start from
