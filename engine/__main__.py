"""The engine's command line (DESIGN.md §3.9), a stable contract for tests and tooling.

    python -m engine play  --game scorpion|klondike [--rules R] (--position P | --code C) [--score N]
                           --moves "4H>7 undo deal" [--lang L] [--json]
    python -m engine describe --game G (--position P | --code C) [--rules R] --lang L
    python -m engine deal  CODE [--json]
    python -m engine replay FILE [--lang L] [--json]
    python -m engine solve --game G [--rules R] (--position P | --code C) [--seconds S] [--json]

Exit codes: 0 all moves legal, 1 some move illegal (reported and skipped, as the app refuses
it), 2 bad input, with one line on standard error and never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from . import GAMES, Position, position
from . import deal as deal_code
from .errors import EngineError
from .i18n import LANGUAGES
from .records import Record, catalog_translator
from .solver import SOLVE_COMMAND

Command = Callable[[argparse.Namespace], int]
COMMANDS: dict[str, Command] = {}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2
        raise EngineError(f"{self.prog}: {message}")


def command(fn: Command) -> Command:
    COMMANDS[fn.__name__] = fn
    return fn


def _start(args: argparse.Namespace) -> Position:
    return position(args.game, args.position, rules=args.rules, code=args.code,
                    score=getattr(args, "score", None))


@command
def play(args: argparse.Namespace) -> int:
    pos = _start(args)
    tokens = args.moves.split()
    steps: list[dict[str, Any]] = []
    all_legal = True
    for token in tokens:
        token, verdict = pos.play(token)
        all_legal &= verdict.legal
        steps.append({
            "move": token, "legal": verdict.legal, "points": verdict.points if verdict.legal else 0,
            "reason": verdict.reason, "message": verdict.message(args.lang),
        })
    result: dict[str, Any] = {"position": str(pos), "score": pos.score, "score_text": pos.score_text(args.lang),
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
def describe(args: argparse.Namespace) -> int:
    print(_start(args).describe(args.lang))
    return 0


@command
def deal(args: argparse.Namespace) -> int:
    pos = deal_code(args.code_arg)
    if args.json:
        print(json.dumps({"code": args.code_arg.strip(), "game": pos.GAME, "rules": str(pos.rules),
                          "position": str(pos)}, ensure_ascii=False))
    else:
        print(pos)
    return 0


@command
def replay(args: argparse.Namespace) -> int:
    record = Record.load(args.file)
    translate = catalog_translator(args.lang, record.game)
    frames = record.replay(args.lang, translate)
    if args.json:  # DESIGN.md §3.9
        summary: dict[str, Any] = {
            "game": record.game, "rules": str(record.start_position().rules), "start": frames[0].position,
            "moves": record.moves, "final": frames[-1].position, "score": frames[-1].score, "won": frames[-1].won}
        if record.ruling:
            summary["ruling"] = record.ruling
        summary["attempts"] = [dict(j.as_dict(args.lang), frame=f.index) for f in frames for j in f.attempts]
        print(json.dumps(summary, ensure_ascii=False))
        return 0
    title = record.question(translate) or record.title(translate)
    print(f"{record.filename}: {record.game}, {record.start_position().rules}" + (f": {title}" if title else ""))
    for f in frames:
        head = "start" if f.move is None else f"{f.index}. {f.move} {f.points:+d}"
        print(f"{head} (score {f.score_text})" + (f": {f.annotation}" if f.annotation else ""))
        for j in f.attempts:
            said = []
            for rules, v in j.verdicts:
                said.append(f"{rules} {'legal ' + format(v.points, '+d') if v.legal else 'refused'}"
                            + ("" if v.legal else f" ({v.reason}): {v.message(args.lang)}"))
            print(f"  ?{j.token}: " + "; ".join(said) + (f" — {j.annotation}" if j.annotation else ""))
    print(frames[-1].position)
    print(frames[-1].score_text + (" won" if frames[-1].won else ""))
    return 0


def _add_start(p: argparse.ArgumentParser, lang_required: bool = False) -> None:
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
    p = sub.add_parser("replay", help="replay a game record, checking every move, attempt and the result")
    p.description = "Replay a game record, checking every move, attempt and the result."
    p.add_argument("file", metavar="FILE")
    p.add_argument("--lang", default="en", choices=LANGUAGES)
    p.add_argument("--json", action="store_true")
    for name, (add_args, _fn) in EXTRA_COMMANDS.items():
        add_args(sub.add_parser(name))
    return parser


EXTRA_COMMANDS: dict[str, tuple[Callable[[argparse.ArgumentParser], None], Command]] = {"solve": SOLVE_COMMAND}
"""Commands another module defines (the solver's ``solve``): name → (add_arguments, function)."""


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
