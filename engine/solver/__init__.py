"""A solver for positions whose face-down cards are known: "is this deal winnable, and how?".

>>> from engine import position
>>> pos = position("scorpion", "KSQSJSTS9S8S7S6S5S4S3S2S/AS/KHQHJHTH9H8H7H6H5H4H3H2HAH///KDQDJDTD9D8D7D6D5D4D3D2DAD/"
...                "KCQCJCTC9C8C7C6C5C4C3C2CAC - -")
>>> solve(pos, max_nodes=1000).moves  # runs are removed only from a column that receives cards
('AS>1', 'KH>1', 'KD>1', 'KC>1')

The answer is one of three: **won** (with a line that the engine replays to a win), **lost** (a
proof: every position that can be reached was explored, or shown lost by an argument written in
the game's search module), or **not known** (the budget ran out, or the caller cancelled).

The search is depth first over positions made with ``push`` and taken back with ``pop`` (no
copies), or, for a game whose ``Search.best_first`` says so (Klondike, Scorpion Easy), best
first by the game's ``priority`` (``_best_first``: the same positions recorded and steps tried,
in another order), after ``depth_first_nodes`` positions depth first when the game asks, and then
taking turns with it (``_depth_then_best``: one best-first search per order the game names in
``best_first_orders``; Klondike with unlimited passes names two), with

- a **transposition table**: the canonical key of every position reached. A position met again
  is on the current line (a cycle) or was explored without a win, so it is skipped; exhausting
  the search therefore proves the start lost.
- **game hooks** (a ``Search`` per game, in ``engine/solver/<game>.py``): the canonical key
  (columns whose order does not matter are sorted), the moves in the order to try them, and the
  prunings each game has *proved* keep every winnable position winnable: moves that are safe to
  make at once (as the only move), and positions proved lost without searching them. Each proof
  is written next to its code and tested against the exhaustive search.
- a **budget**: seconds and/or positions (``max_nodes``, deterministic); and a ``progress``
  callback, called every ``PROGRESS_EVERY`` positions with the count so far, that stops the search
  when it returns False. The analysis board runs this in Pyodide: no threads, the caller keeps
  control between calls.

The result is deterministic for a given position, rules and node budget.

    python -m engine solve --game scorpion --code SC1-CLA-AAAAAAB --seconds 10 --json
"""

from __future__ import annotations

import argparse
import dataclasses
import heapq
import time
from collections.abc import Callable, Generator, Iterator
from importlib import import_module
from typing import Any

from ..cards import card_token
from ..core import Position
from ..errors import EngineError

SLICE = 1024
"""Positions between two looks at the clock: the places where a search may pause (``Solving``'s
``every``)."""
PROGRESS_EVERY = SLICE
"""Positions between two calls of ``solve``'s ``progress`` callback."""


@dataclasses.dataclass(frozen=True)
class Solution:
    """What the solver found.

    ``solved``: True (``moves`` wins), False (proved lost) or None (not known: the budget ran out,
    or ``cancelled`` by the progress callback). ``nodes``: positions explored.
    """

    solved: bool | None
    moves: tuple[str, ...]
    nodes: int
    seconds: float
    cancelled: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"solved": self.solved, "moves": list(self.moves), "nodes": self.nodes,
                "seconds": round(self.seconds, 3), "cancelled": self.cancelled}


class Search:
    """What the depth-first search needs from a game.

    ``key()``: the position's canonical key (equal keys: positions that win or lose alike);
    ``visit(seen)``: record the position in ``seen`` (a dict the search owns) and say whether it
    is new, i.e. not equal to, nor won whenever, a position recorded before (default: its key);
    ``moves()``: the steps to try here, best first ([] when the position is proved lost);
    ``push(step)`` / ``pop(step)``: make and take back a step (the game's own way: Scorpion moves
    the cards itself, not through the engine's ``push``, so ``pos.move_stack`` need not grow);
    ``enter(step, seen)``: a step tried from the search, made only when it reaches a new position;
    ``tokens(step)``: its move tokens; ``won()``; ``check()``: raise ``EngineError`` for a position
    that cannot arise in play.
    """

    best_first = False
    """True: the search takes the most promising open position first (``priority``), not the last one."""

    depth_first_nodes = 0
    """With ``best_first``: positions searched depth first before the best-first search starts over
    (``_depth_then_best``), and then each one's turn: a deal that depth first wins at once is won
    sooner, and one it wins later is still won."""
    best_first_nodes: int | None = None
    """With ``depth_first_nodes``: at most this many positions for each best-first search (None: it
    takes its turns to the end of the budget); once they have had them, depth first goes on alone."""
    best_first_orders: tuple[str, ...] = ("priority",)
    """With ``depth_first_nodes``: the best-first searches that take turns with depth first, one per
    method named here (a ``priority``), each on its own copy of the position and its own record.
    Orders that look at a position differently win different deals (a portfolio)."""

    def __init__(self, pos: Position):
        self.pos = pos

    def priority(self) -> Any:
        """With ``best_first``: how far the position seems from a win (lowest explored first)."""
        return 0

    def check(self) -> None:
        """Refuse (``EngineError``, one line) a position that play can never reach."""
        cards = self.cards()
        if sorted(cards) != list(range(52)):
            missing = [card_token(c) for c in range(52) if c not in cards]
            twice = sorted({card_token(c) for c in cards if cards.count(c) > 1})
            raise EngineError("position cannot arise: it must hold each of the 52 cards once"
                              + (f"; missing {' '.join(missing)}" if missing else "")
                              + (f"; twice {' '.join(twice)}" if twice else ""))

    def cards(self) -> list[int]:
        """Every card the position holds (the cards of removed sequences and foundations too)."""
        return list(range(52))

    def key(self) -> Any:
        raise NotImplementedError

    def visit(self, seen: dict[Any, Any]) -> bool:
        k = self.key()
        if k in seen:
            return False
        seen[k] = None
        return True

    def enter(self, step: Any, seen: dict[Any, Any]) -> bool:
        """Make ``step`` and ``visit`` the position it reaches: True when that is new (the step stays
        made), False when not (the position as before). A game may answer False without making the
        step, when it can tell the key of the position it would reach (Scorpion)."""
        self.push(step)
        if self.visit(seen):
            return True
        self.pop(step)
        return False

    def moves(self) -> list[Any]:
        raise NotImplementedError

    def won(self) -> bool:
        return self.pos.is_won()

    # A step of the search is one engine move here; a game may make it several (Klondike: draws,
    # then the card they uncover), pushed one by one and popped together.
    def push(self, step: Any) -> None:
        self.pos.push(step)

    def pop(self, step: Any) -> None:
        self.pos.pop()

    def tokens(self, step: Any) -> list[str]:
        return [self.pos.move_token(step)]


def search_for(pos: Position) -> Search:
    """The game's search hooks around ``pos``: the registry's ``Game.search`` (``engine.games``)."""
    from .. import games  # noqa: PLC0415  (games imports the solver lazily, by name)

    return games.of(pos).search(pos)


def __getattr__(name: str) -> type[Search]:
    """A game's search class by the name its ``Game.search_class`` gives: ``XSearch`` lives in
    ``engine/solver/x.py``, imported on first use (as the games are), so this package names no game."""
    if name.endswith("Search") and name[:-6].isalpha():
        try:
            module = import_module(f".{name[:-6].lower()}", __name__)
        except ModuleNotFoundError:
            pass
        else:
            found: type[Search] = getattr(module, name)
            return found
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def solve(pos: Position, seconds: float | None = 10.0, max_nodes: int | None = None,
          progress: Callable[[int], bool | None] | None = None) -> Solution:
    """Search for a winning line from ``pos`` (left unchanged). See the module docstring.

    ``seconds`` and ``max_nodes`` bound the search (None: no bound); ``progress(nodes)`` is called
    every ``PROGRESS_EVERY`` positions, and returning False stops the search (``cancelled``).
    A position that cannot arise in play raises ``EngineError`` before any search. It is
    ``Solving(pos, …).run()``: a search in one slice (or one slice per call of ``progress``).
    """
    searching = Solving(pos, seconds, max_nodes)
    if progress is None:
        result = searching.run()
        assert result is not None
        return result
    while (result := searching.run(PROGRESS_EVERY)) is None:
        if progress(searching.nodes) is False:
            return searching.stop()
    return result


class Solving:
    """A search that pauses and resumes: the same search as ``solve``, in slices.

    ``run(nodes, seconds)`` searches on for at least ``nodes`` more positions or ``seconds`` (it
    pauses only where the search looks at the clock, every ``every`` positions) and returns the
    ``Solution`` once the search has ended, None while it goes on; ``run()`` searches to the end.
    ``stop()`` ends it at once: not known (``cancelled``). ``nodes`` is the positions searched so
    far. A budget in seconds counts only the time spent inside ``run`` (``clock``), so pauses cost
    the search nothing; a budget in positions makes the answer exactly the one-shot ``solve``'s,
    however the search is sliced. A position that cannot arise raises ``EngineError`` here, before
    any search.

    The browser's worker runs a search this way (``engine.web``): between two slices it returns to
    its event loop, where the page's Cancel arrives. While the search is paused, ``pos`` may be in
    the middle of it (steps made): give it a position of its own. When it ends, ``pos`` is as it was.

    >>> from engine import position
    >>> searching = Solving(position("scorpion", code="SC1-EAS-AAAAAAB"), seconds=None)
    >>> searching.run(1024) is None, searching.nodes >= 1024
    (True, True)
    >>> searching.run().moves == solve(position("scorpion", code="SC1-EAS-AAAAAAB"), seconds=None).moves
    True
    """

    def __init__(self, pos: Position, seconds: float | None = 10.0, max_nodes: int | None = None,
                 every: int = SLICE) -> None:
        self.pos = pos
        self.nodes = 0
        self.result: Solution | None = None
        self._spent = 0.0  # seconds spent inside run()
        self._since: float | None = None  # when the running slice began
        self._started = False
        search = search_for(pos)
        search.check()
        deadline = None if seconds is None else seconds
        order = _depth_first if not search.best_first else _depth_then_best if search.depth_first_nodes else _best_first
        self._steps = order(search, deadline, max_nodes, self.clock, max(1, every))

    def clock(self) -> float:
        """Seconds spent searching (inside ``run``)."""
        running = 0.0 if self._since is None else time.perf_counter() - self._since
        return self._spent + running

    def run(self, nodes: int | None = None, seconds: float | None = None) -> Solution | None:
        """Search on: ``nodes`` more positions or ``seconds`` more, whichever comes first (neither:
        to the end). The answer once the search has ended, else None."""
        if self.result is not None:
            return self.result
        goal = None if nodes is None else self.nodes + nodes
        self._since = time.perf_counter()
        until = None if seconds is None else self._since + seconds
        try:
            while True:
                self.nodes = self._steps.send(None) if self._started else next(self._steps)
                self._started = True
                if goal is not None and self.nodes >= goal:
                    return None
                if until is not None and time.perf_counter() >= until:
                    return None
        except StopIteration as end:
            self._spent = self.clock()
            self._since = None
            return self._end(end.value)
        finally:
            if self._since is not None:
                self._spent = self.clock()
                self._since = None

    def stop(self) -> Solution:
        """End the search now (the answer is not known, unless it already was); ``pos`` as it was."""
        if self.result is not None:
            return self.result
        if not self._started:
            self._steps.close()
            return self._end((None, [], 0, True))
        try:
            self._steps.send(True)  # the search ends where it paused
        except StopIteration as end:
            return self._end(end.value)
        raise RuntimeError("the search did not stop")  # pragma: no cover

    def _end(self, outcome: Pass) -> Solution:
        solved, line, nodes, cancelled = outcome
        if solved:
            _replay(self.pos, line)
            line = _shortcut(self.pos, line)
            _replay(self.pos, line)
        self.result = Solution(solved, tuple(line), nodes, self._spent, cancelled)
        self.nodes = nodes
        return self.result


def _replay(pos: Position, tokens: list[str]) -> None:
    """Play a winning line in the engine, from a copy of ``pos``: a line the engine refuses, or that
    does not win, is a bug in the solver, never an answer."""
    copy = type(pos).from_string(str(pos), pos.rules)
    for n, token in enumerate(tokens, 1):
        _, verdict = copy.play(token)
        if not verdict.legal:
            raise RuntimeError(f"solver bug: move {n} of its winning line, {token}, is refused ({verdict.reason}) "
                               f"from {pos}")
    if not copy.is_won():
        raise RuntimeError(f"solver bug: its winning line does not win from {pos}")


def _shortcut(pos: Position, tokens: list[str]) -> list[str]:
    """The winning line with its detours cut: from each position on it, the move that lands furthest
    along the line.

    A depth-first search returns the path it happened to take, thousands of moves in a deal with
    much freedom (Easy), most of them wandering between positions a single move joins. Every step
    here is a legal move from the position the shorter line has reached, and that position is on
    the found line, so the shorter line reaches the same won position (``_replay`` checks it again).
    """
    copy = type(pos).from_string(str(pos), pos.rules)
    index = {copy.state(): 0}
    for n, token in enumerate(tokens, 1):
        copy.play(token)
        index[copy.state()] = n
    copy = type(pos).from_string(str(pos), pos.rules)
    kept: list[str] = []
    at = 0
    while at < len(tokens):
        best, step = at + 1, tokens[at]
        for move in list(copy.legal_moves()):
            token = copy.move_token(move)
            copy.push(move)
            reached = index.get(copy.state(), -1)
            copy.pop()
            if reached > best:
                best, step = reached, token
        copy.play(step)
        kept.append(step)
        at = best
    return kept


Pass = tuple[bool | None, list[str], int, bool]
"""One search's outcome: solved, the winning tokens, positions searched, stopped (cancelled)."""


def _unwind(search: Search, steps: list[Any], made: list[Any], solved: bool | None, nodes: int,
            stopped: bool) -> Pass:
    """A search's outcome (``Pass``): the winning tokens of ``steps`` when solved, the position taken
    back to where the search began (``made``: the steps still made, taken back last first)."""
    tokens = [t for step in steps for t in search.tokens(step)] if solved else []
    for step in reversed(made):
        search.pop(step)
    return solved, tokens, nodes, stopped


def _depth_first(search: Search, deadline: float | None, max_nodes: int | None, clock: Callable[[], float],
                 every: int) -> Generator[int, bool | None, Pass]:
    """The search as a generator: (True, winning tokens, nodes, False), (False, [], nodes, False)
    when every position was explored, (None, [], nodes, stopped) when the budget ran out or the
    search was stopped. Every ``every`` positions it looks at ``clock`` (against ``deadline``)
    and yields the positions searched so far; sent True there, it stops."""
    line: list[Any] = []
    nodes = 1

    def done(solved: bool | None, stopped: bool = False) -> Pass:
        return _unwind(search, line, line, solved, nodes, stopped)

    if search.won():
        return done(True)
    if max_nodes is not None and max_nodes <= 1:
        return done(None)
    enter, moves, won, pop = search.enter, search.moves, search.won, search.pop
    seen: dict[Any, Any] = {}
    search.visit(seen)
    stack: list[Iterator[Any]] = [iter(moves())]
    limit = max_nodes if max_nodes is not None else -1
    check_at = every
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            if line:
                pop(line.pop())
            continue
        if not enter(step, seen):
            continue
        nodes += 1
        line.append(step)
        if won():
            return done(True)
        if nodes == limit:
            return done(None)
        if nodes >= check_at:
            check_at += every
            if deadline is not None and clock() > deadline:
                return done(None)
            if (yield nodes):
                return done(None, stopped=True)
        stack.append(iter(moves()))
    return done(False)


def _best_first(search: Search, deadline: float | None, max_nodes: int | None, clock: Callable[[], float],
                every: int, order: str = "priority") -> Generator[int, bool | None, Pass]:
    """The search of ``_depth_first`` in another order: every position reached is recorded as
    there (``visit``) and its moves are all tried, but the open position whose moves are tried
    next is the one of lowest priority (the search's method named ``order``; the latest reached
    among equals). The search moves
    between open positions by popping back to their common ancestor and pushing down the other's
    steps. Same outcome protocol as ``_depth_first``."""
    nodes = 1
    # a node: (parent node, step, depth); the root is (None, None, 0)
    root: tuple[Any, Any, int] = (None, None, 0)
    here = root

    def path(node: tuple[Any, Any, int]) -> list[Any]:
        steps = []
        while node[0] is not None:
            steps.append(node[1])
            node = node[0]
        steps.reverse()
        return steps

    def go(target: tuple[Any, Any, int]) -> None:
        nonlocal here
        a, b = here, target
        down: list[Any] = []
        while a[2] > b[2]:
            search.pop(a[1])
            a = a[0]
        while b[2] > a[2]:
            down.append(b[1])
            b = b[0]
        while a is not b:
            search.pop(a[1])
            a = a[0]
            down.append(b[1])
            b = b[0]
        for step in reversed(down):
            search.push(step)
        here = target

    def done(solved: bool | None, stopped: bool = False) -> Pass:
        steps = path(here)
        go(root)
        return _unwind(search, steps, [], solved, nodes, stopped)

    if search.won():
        return done(True)
    if max_nodes is not None and max_nodes <= 1:
        return done(None)
    enter, moves, won, pop, priority = search.enter, search.moves, search.won, search.pop, getattr(search, order)
    seen: dict[Any, Any] = {}
    search.visit(seen)
    heap: list[tuple[Any, int, tuple[Any, Any, int]]] = [(priority(), 0, root)]
    count = 0
    limit = max_nodes if max_nodes is not None else -1
    check_at = every
    while heap:
        _, _, node = heapq.heappop(heap)
        go(node)
        depth = node[2] + 1
        for step in moves():
            if here is not node:  # the last child entered is left made until the next step is tried
                pop(here[1])
                here = node
            if not enter(step, seen):
                continue
            nodes += 1
            here = (node, step, depth)
            if won():
                return done(True)
            count -= 1
            heapq.heappush(heap, (priority(), count, here))
            if nodes == limit:
                return done(None)
            if nodes >= check_at:
                check_at += every
                if deadline is not None and clock() > deadline:
                    return done(None)
                if (yield nodes):
                    return done(None, stopped=True)
    return done(False)


def _depth_then_best(search: Search, deadline: float | None, max_nodes: int | None, clock: Callable[[], float],
                     every: int) -> Generator[int, bool | None, Pass]:
    """``_depth_first`` for ``search.depth_first_nodes`` positions, then, unless that decided, one
    ``_best_first`` per order of ``search.best_first_orders``, each from the start (on a copy of the
    position, its own record of positions), and the depth-first search where it paused take turns
    of ``depth_first_nodes`` positions each, the budget shared so (``_turns``). The first answer is
    the whole search's: a won line, or every position explored by one of them (each is complete
    alone). Same protocol."""
    turn = search.depth_first_nodes
    if max_nodes is not None and max_nodes <= turn:
        return (yield from _depth_first(search, deadline, max_nodes, clock, every))
    orders = search.best_first_orders
    shares = _turns(turn, max_nodes, search.best_first_nodes, len(orders))
    runs = [_depth_first(search, deadline, shares[0], clock, every)]
    for k, order in enumerate(orders, 1):
        copy = type(search.pos).from_string(str(search.pos), search.pos.rules)
        runs.append(_best_first(type(search)(copy), deadline, shares[k], clock, every, order))
    n = len(runs)
    counts = [0] * n  # positions each has searched
    started = [False] * n
    live = [True] * n

    def stop_all() -> None:
        for k, run in enumerate(runs):
            if live[k] and started[k]:
                try:
                    run.send(True)  # ends where it paused, its position taken back
                except StopIteration:
                    pass
            run.close()
            live[k] = False

    i, target = 0, [turn] + [0] * (n - 1)
    while any(live):
        if not live[i]:
            i = (i + 1) % n
            continue
        run = runs[i]
        try:
            counts[i] = run.send(None) if started[i] else next(run)
            started[i] = True
            while counts[i] < target[i]:
                if (yield sum(counts)):
                    stop_all()
                    return None, [], sum(counts), True
                counts[i] = run.send(None)
        except StopIteration as end:
            solved, line, counts[i], _ = end.value
            live[i] = False
            if solved is not None:
                stop_all()
                return solved, line, sum(counts), False
            if deadline is not None and clock() > deadline:
                stop_all()
                return None, [], sum(counts), False
        if (yield sum(counts)):  # a pause between two turns
            stop_all()
            return None, [], sum(counts), True
        i = (i + 1) % n
        target[i] += turn
    return None, [], sum(counts), False


def _turns(turn: int, max_nodes: int | None, cap: int | None = None, best: int = 1) -> list[int | None]:
    """The positions that depth first and each of ``best`` best-first searches get of ``max_nodes``
    (None: no bound), taking turns of ``turn`` positions in that order from depth first on, each
    best first at most ``cap`` (None: no cap; what it does not take goes to depth first).

    >>> _turns(1024, 5000), _turns(1024, 5000, cap=1024), _turns(1024, None, cap=2048)
    ([2952, 2048], [3976, 1024], [None, 2048])
    >>> _turns(1024, 10_000, cap=2048, best=2), _turns(1024, 4000, best=2)
    ([5904, 2048, 2048], [1952, 1024, 1024])
    """
    if max_nodes is None:
        return [None] + [cap] * best
    shares, left, i = [0] * (best + 1), max_nodes, 0
    while left:
        step = min(turn, left)
        shares[i] += step
        left -= step
        i = (i + 1) % (best + 1)
    if cap is not None:
        for k in range(1, best + 1):
            if shares[k] > cap:
                shares[0] += shares[k] - cap
                shares[k] = cap
    return list(shares)


# -- the command line: python -m engine solve … -------------------------------------------------------


def _solve_arguments(parser: argparse.ArgumentParser) -> None:
    from .. import GAMES  # noqa: PLC0415

    parser.description = "Search for a winning line (face-down cards known) within a budget."
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--rules", default=None)
    start = parser.add_mutually_exclusive_group(required=True)
    start.add_argument("--position")
    start.add_argument("--code")
    parser.add_argument("--seconds", type=float, default=10.0, help="time budget (default 10)")
    parser.add_argument("--nodes", type=int, default=None, help="budget in positions (deterministic)")
    parser.add_argument("--json", action="store_true")


def _solve(args: argparse.Namespace) -> int:
    import json  # noqa: PLC0415

    from .. import position  # noqa: PLC0415

    if not args.seconds > 0 or args.seconds > 1e6:
        raise EngineError(f"--seconds {args.seconds}: give a positive number of seconds")
    if args.nodes is not None and args.nodes < 1:
        raise EngineError(f"--nodes {args.nodes}: give a positive number of positions")
    pos = position(args.game, args.position, rules=args.rules, code=args.code)
    result = solve(pos, seconds=args.seconds, max_nodes=args.nodes)
    if args.json:
        print(json.dumps(result.as_dict()))
    elif result.solved:
        print(f"won in {len(result.moves)} moves ({result.nodes} positions, {result.seconds:.2f} s):")
        print(" ".join(result.moves))
    elif result.solved is False:
        print(f"cannot be won: proved after {result.nodes} positions ({result.seconds:.2f} s)")
    else:
        print(f"not known: the budget ran out after {result.nodes} positions ({result.seconds:.2f} s)")
    return 0


SOLVE_COMMAND = (_solve_arguments, _solve)
"""``python -m engine solve``: registered in ``engine.__main__.EXTRA_COMMANDS``."""

__all__ = ["PROGRESS_EVERY", "SLICE", "SOLVE_COMMAND", "KlondikeSearch", "Search", "ScorpionSearch", "Solution",
           "Solving", "search_for", "solve"]
