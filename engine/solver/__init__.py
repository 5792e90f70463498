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
copies), with

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

import dataclasses
import time
from collections.abc import Callable
from importlib import import_module
from typing import Any

from ..cards import card_token
from ..core import Position
from ..errors import EngineError

PROGRESS_EVERY = 1024
"""Positions between two calls of the ``progress`` callback (and two looks at the clock)."""


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

    def as_dict(self) -> dict:
        return {"solved": self.solved, "moves": list(self.moves), "nodes": self.nodes,
                "seconds": round(self.seconds, 3), "cancelled": self.cancelled}


class Search:
    """What the depth-first search needs from a game.

    ``key()``: the position's canonical key (equal keys: positions that win or lose alike);
    ``visit(seen)``: record the position in ``seen`` (a dict the search owns) and say whether it
    is new, i.e. not equal to, nor won whenever, a position recorded before (default: its key);
    ``moves()``: the steps to try here, best first ([] when the position is proved lost);
    ``push(step)`` / ``pop(step)``: make and take back a step; ``tokens(step)``: its move tokens;
    ``won()``; ``check()``: raise ``EngineError`` for a position that cannot arise in play.
    """

    def __init__(self, pos: Position):
        self.pos = pos

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

    def visit(self, seen: dict) -> bool:
        k = self.key()
        if k in seen:
            return False
        seen[k] = None
        return True

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


_SEARCHES = {"scorpion": (".scorpion", "ScorpionSearch"), "klondike": (".klondike", "KlondikeSearch")}


def search_for(pos: Position) -> Search:
    """The game's search hooks around ``pos`` (imported on first use, as the games are)."""
    if pos.GAME not in _SEARCHES:
        raise EngineError(f"no solver for {pos.GAME}")
    module, name = _SEARCHES[pos.GAME]
    return getattr(import_module(module, __name__), name)(pos)


def __getattr__(name: str):
    for module, cls in _SEARCHES.values():
        if cls == name:
            return getattr(import_module(module, __name__), name)
    if name == "SEARCHES":
        return {game: __getattr__(cls) for game, (_, cls) in _SEARCHES.items()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def solve(pos: Position, seconds: float | None = 10.0, max_nodes: int | None = None,
          progress: Callable[[int], bool | None] | None = None) -> Solution:
    """Search for a winning line from ``pos`` (left unchanged). See the module docstring.

    ``seconds`` and ``max_nodes`` bound the search (None: no bound); ``progress(nodes)`` is called
    every ``PROGRESS_EVERY`` positions, and returning False stops the search (``cancelled``).
    A position that cannot arise in play raises ``EngineError`` before any search.
    """
    started = time.perf_counter()
    search = search_for(pos)
    search.check()
    deadline = None if seconds is None else started + seconds
    solved, line, nodes, cancelled = _depth_first(search, deadline, max_nodes, progress)
    if solved:
        _replay(pos, line)
    return Solution(solved, tuple(line), nodes, time.perf_counter() - started, cancelled)


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


def _depth_first(search: Search, deadline: float | None, max_nodes: int | None,
                 progress: Callable[[int], bool | None] | None):
    """(True, winning tokens, nodes, False), (False, [], nodes, False) when every position was
    explored, (None, [], nodes, cancelled) when the budget ran out or the callback said stop."""
    pos = search.pos
    depth0 = len(pos.move_stack)
    line: list = []
    nodes = 1

    def done(solved: bool | None, cancelled: bool = False):
        tokens = [t for step in line for t in search.tokens(step)] if solved else []
        while len(pos.move_stack) > depth0:
            pos.pop()
        return solved, tokens, nodes, cancelled

    if search.won():
        return done(True)
    if max_nodes is not None and max_nodes <= 1:
        return done(None)
    visit, moves, won, push, pop = search.visit, search.moves, search.won, search.push, search.pop
    seen: dict = {}
    visit(seen)
    stack: list = [iter(moves())]
    limit = max_nodes if max_nodes is not None else -1
    check_at = PROGRESS_EVERY
    while stack:
        step = next(stack[-1], None)
        if step is None:
            stack.pop()
            if line:
                pop(line.pop())
            continue
        push(step)
        if not visit(seen):
            pop(step)
            continue
        nodes += 1
        line.append(step)
        if won():
            return done(True)
        if nodes == limit:
            return done(None)
        if nodes >= check_at:
            check_at += PROGRESS_EVERY
            if deadline is not None and time.perf_counter() > deadline:
                return done(None)
            if progress is not None and progress(nodes) is False:
                return done(None, cancelled=True)
        stack.append(iter(moves()))
    return done(False)


# -- the command line: python -m engine solve … -------------------------------------------------------


def _solve_arguments(parser) -> None:
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


def _solve(args) -> int:
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

__all__ = ["PROGRESS_EVERY", "SOLVE_COMMAND", "KlondikeSearch", "Search", "ScorpionSearch", "Solution",
           "search_for", "solve"]
