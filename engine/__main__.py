"""The engine's command line (DESIGN.md §3.9), a stable contract for tests and tooling.

    python -m engine play  --game scorpion|klondike [--rules R] (--position P | --code C) [--score N]
                           --moves "4H>7 undo deal" [--lang L] [--json]
    python -m engine describe --game G (--position P | --code C) [--rules R] --lang L
    python -m engine deal  CODE [--json]

Exit codes: 0 all moves legal, 1 some move illegal (reported and skipped, as the app refuses
it), 2 bad input, with one line on standard error and never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from . import GAMES, position
from .errors import EngineError
from .i18n import LANGUAGES

COMMANDS: dict = {}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2
        raise EngineError(f"{self.prog}: {message}")


def command(fn):
    COMMANDS[fn.__name__] = fn
    return fn


def _start(args):
    return position(args.game, args.position, rules=args.rules, code=args.code,
                    score=getattr(args, "score", None))


@command
def play(args) -> int:
    pos = _start(args)
    tokens = args.moves.split()
    steps, all_legal = [], True
    for token in tokens:
        token, verdict = pos.play(token)
        all_legal &= verdict.legal
        steps.append({
            "move": token, "legal": verdict.legal, "points": verdict.points if verdict.legal else 0,
            "reason": verdict.reason, "message": verdict.message(args.lang),
        })
    result = {"position": str(pos), "score": pos.score, "score_text": pos.score_text(args.lang),
              "won": pos.is_won(), "steps": steps}
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        for s in steps:
            mark = f"{s['points']:+d}" if s["legal"] else f"refused ({s['reason']}): {s['message']}"
            print(f"{s['move']}: {mark}")
        print(result["position"])
        print(result["score_text"] + (" won" if result["won"] else ""))
    return 0 if all_legal else 1


@command
def describe(args) -> int:
    print(_start(args).describe(args.lang))
    return 0


@command
def deal(args) -> int:
    from . import deal as deal_code  # noqa: PLC0415

    pos = deal_code(args.code_arg)
    if args.json:
        print(json.dumps({"code": args.code_arg.strip(), "game": pos.GAME, "rules": str(pos.rules),
                          "position": str(pos)}, ensure_ascii=False))
    else:
        print(pos)
    return 0


def _add_start(p, lang_required=False):
    p.add_argument("--game", required=True, choices=sorted(GAMES))
    p.add_argument("--rules", default=None)
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--position")
    src.add_argument("--code")
    p.add_argument("--lang", default="en", choices=LANGUAGES, required=lang_required)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m engine", description="Scorpion and Klondike rules engine")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p = sub.add_parser("play", help="play moves from a position or a deal code")
    _add_start(p)
    p.add_argument("--score", type=int, default=None)
    p.add_argument("--moves", required=True)
    p.add_argument("--json", action="store_true")
    p = sub.add_parser("describe", help="describe a position in a language")
    _add_start(p, lang_required=True)
    p = sub.add_parser("deal", help="the position a deal code gives")
    p.add_argument("code_arg", metavar="CODE")
    p.add_argument("--json", action="store_true")
    for name, (add_args, _fn) in EXTRA_COMMANDS.items():
        add_args(sub.add_parser(name))
    return parser


EXTRA_COMMANDS: dict = {}
"""Commands added by other modules (``replay``, ``solve``): name → (add_arguments, function)."""

from .records import REPLAY_COMMAND  # noqa: E402
from .solver import SOLVE_COMMAND  # noqa: E402

EXTRA_COMMANDS.update(replay=REPLAY_COMMAND, solve=SOLVE_COMMAND)


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        fn = COMMANDS.get(args.command) or EXTRA_COMMANDS[args.command][1]
        return fn(args)
    except EngineError as e:
        print(f"error: {e.message}", file=sys.stderr)
        return 2
    except (RecursionError, MemoryError, OverflowError) as e:  # pathological input: still one line
        print(f"error: input too large or deep to handle ({type(e).__name__})", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (`… | head`): stop quietly, as cat does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
