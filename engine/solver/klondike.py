"""Klondike's search hooks (thoughtful: every card known)."""

from __future__ import annotations

from . import Search





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
        from .. import klondike  # noqa: PLC0415

        self.k = klondike
        self.pruning = False
        self.pruned = False
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
