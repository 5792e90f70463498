"""Bad input never crashes the engine (DESIGN.md §7, issue 2 "Tests and numbers").

Hypothesis feeds random and mutated position strings, deal codes, rules strings and move lists to
the parsers and to the command line (in-process, ``engine.__main__.main(argv)``). Each input either
parses, or is refused with the engine's one-line error (an ``EngineError``; on the command line
exit status 2 and exactly one line on standard error starting ``error:``). Nothing else is ever
raised. Mutations start from real inputs (deals under every preset, positions met in play) and
flip the case of, delete, duplicate, replace, insert, swap or cut characters, including the
Unicode look-alikes that ``str.upper()``/``isdigit()`` let through ("ſ", "²", "٣", "K").

About 11,500 examples in all.
"""

from __future__ import annotations

import contextlib
import io
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scorpion_tables import table

import engine
from engine.__main__ import main
from engine.cards import card_token, suit_of
from engine.errors import EngineError, NotationError
from engine.i18n import LANGUAGES
from engine.scorpion import GAME, ScorpionPosition, ScorpionRules


def fuzz(n: int):
    return settings(max_examples=n, deadline=None, suppress_health_check=list(HealthCheck))


# -- real inputs to start from -------------------------------------------------------------------

PRESETS = list(ScorpionRules.PRESETS)


def _real_positions() -> list[tuple[str, str]]:
    """(position string, rules) pairs: deals under every preset and positions met in random play."""
    rnd = random.Random(2)
    found = []
    for preset in [*PRESETS, "classic,complete=stay"]:
        for number in (0, 3, 77, 26**7 - 1):
            pos = ScorpionPosition.deal(number, preset)
            found.append((str(pos), preset))
            for _ in range(40):
                moves = list(pos.legal_moves())
                if not moves:
                    break
                pos.push(rnd.choice(moves))
                if rnd.random() < 0.2:
                    found.append((str(pos), preset))
            found.append((str(pos), preset))
    found.append(("KSQSJSTS9S8S7S6S5S4S3S2S/AS/KHQHJHTH9H8H7H6H5H4H3H2HAH///KDQDJDTD9D8D7D6D5D4D3D2DAD/"
                  "KCQCJCTC9C8C7C6C5C4C3C2CAC - -", "classic"))
    found.append(("////// - HSDC", "classic"))
    return found


REAL_POSITIONS = _real_positions()
REAL_CODES = [GAME.code(n, p) for p in PRESETS for n in (0, 1, 26**7 - 1)] + [
    "KL1-D1N-AAAAAAG", "KL1-D3V-ZZZZZZZ", " SC1-CLA-AAAAAAB ",
]
REAL_RULES = [*PRESETS, "classic,complete=stay", "easy,empty=any", "bvs,reserve=anytime", "suits=any",
              "complete=stay,reserve=stuck", "three-blind-mice,suits=any,empty=any", "", " classic , easy"]
REAL_TOKENS = ["deal", "undo", "4H>7", "KS>1", "TC>10", "AD>3", "2c>4", "QH>F", "draw"]

LOOKALIKES = ["ſ", "ı", "²", "٣", "１", "\u212a", "\x00", "\n", "\t", "\u2028", "\x1c", "\udc80", "é", "…", "‐"]
PLAIN = list("A23456789TJQKSHDCashdcjqkt/ -,>=_") + list("0123456789")
CHARS = st.sampled_from(PLAIN + LOOKALIKES)


@st.composite
def mutated(draw, sources: list[str], max_ops: int = 5) -> str:
    text = draw(st.sampled_from(sources))
    for _ in range(draw(st.integers(1, max_ops))):
        op = draw(st.sampled_from(["flip", "delete", "duplicate", "replace", "insert", "swap", "cut"]))
        if not text:
            text = draw(CHARS)
            continue
        i = draw(st.integers(0, len(text) - 1))
        if op == "flip":
            text = text[:i] + text[i].swapcase() + text[i + 1 :]
        elif op == "delete":
            j = draw(st.integers(i + 1, min(len(text), i + 4)))
            text = text[:i] + text[j:]
        elif op == "duplicate":
            j = draw(st.integers(i + 1, min(len(text), i + 6)))
            text = text[:j] + text[i:j] + text[j:]
        elif op == "replace":
            text = text[:i] + draw(CHARS) + text[i + 1 :]
        elif op == "insert":
            text = text[:i] + draw(st.text(CHARS, min_size=1, max_size=3)) + text[i:]
        elif op == "swap":
            j = draw(st.integers(0, len(text) - 1))
            chars = list(text)
            chars[i], chars[j] = chars[j], chars[i]
            text = "".join(chars)
        else:
            text = text[:i] if draw(st.booleans()) else text[i:]
    return text


def texts(sources: list[str]):
    """Mostly mutated real inputs; some pure noise; some untouched."""
    return st.one_of(
        mutated(sources),
        mutated(sources, max_ops=1),
        st.text(CHARS, max_size=60),
        st.text(max_size=30),
        st.sampled_from(sources),
    )


def parse_or_error(fn, *args, **kwargs):
    """The value, or None after a well-formed EngineError; anything else propagates and fails."""
    try:
        return fn(*args, **kwargs)
    except EngineError as e:
        message = str(e)
        assert message and message == e.message
        assert len(message.splitlines()) == 1, repr(message)
        return None


# -- parsers -----------------------------------------------------------------------------------


def check_position(pos, text: str) -> None:
    assert str(pos) == text, "an accepted position string is canonical"
    assert sum(map(len, pos.cols)) + len(pos.reserve) + 13 * len(pos.removed) == 52
    again = engine.position("scorpion", str(pos), rules=str(pos.rules))
    assert str(again) == str(pos)
    moves = list(pos.legal_moves())
    for move in moves[:5]:
        before = str(pos), pos.score
        pos.push(move)
        pos.pop()
        assert (str(pos), pos.score) == before
    for lang in LANGUAGES:
        assert "\n" not in pos.describe(lang)


@fuzz(3000)
@given(source=st.sampled_from(REAL_POSITIONS), data=st.data())
def test_fuzz_mutated_position_strings(source, data):
    text, preset = source
    text = data.draw(st.one_of(mutated([text]), mutated([text], max_ops=1)))
    rules = data.draw(st.sampled_from([preset, preset, None, "easy", "three-blind-mice", "complete=stay"]))
    pos = parse_or_error(engine.position, "scorpion", text, rules=rules)
    if pos is not None:
        check_position(pos, text)


@fuzz(1000)
@given(text=st.text(CHARS, max_size=130) | st.text(max_size=40), rules=st.sampled_from([None, *PRESETS]))
def test_fuzz_random_position_text(text, rules):
    pos = parse_or_error(engine.position, "scorpion", text, rules=rules)
    if pos is not None:
        check_position(pos, text)


@st.composite
def random_tables(draw) -> tuple[str, str]:
    """Any arrangement of the 52 cards that a position string can write, valid or not."""
    preset = draw(st.sampled_from([*PRESETS, "classic,complete=stay"]))
    rules = ScorpionRules.parse(preset)
    deck = draw(st.permutations(range(52)))
    removed = draw(st.lists(st.integers(0, 3), unique=True, max_size=4)) if rules.complete == "remove" else []
    deck = [c for c in deck if suit_of(c) not in removed]
    reserve_size = draw(st.sampled_from([0, rules.grid.reserve, rules.grid.reserve, 1]))
    reserve, deck = deck[:reserve_size], deck[reserve_size:]
    cuts = sorted(draw(st.lists(st.integers(0, len(deck)), min_size=rules.grid.columns - 1,
                                max_size=rules.grid.columns - 1)))
    cols = [deck[a:b] for a, b in zip([0, *cuts], [*cuts, len(deck)], strict=True)]
    written = []
    for col in cols:
        down = draw(st.integers(0, max(0, len(col) - 1)))
        written.append("".join(card_token(c, i >= down) for i, c in enumerate(col)))
    aside = rules.grid.aside
    res = "".join(card_token(c, aside) for c in reserve) or "-"
    rem = "".join("SHDC"[s] for s in removed) or "-"
    return f"{'/'.join(written)} {res} {rem}", preset


@fuzz(1000)
@given(table=random_tables(), seed=st.integers(0, 2**32 - 1))
def test_fuzz_random_tables_play_consistently(table, seed):
    """Strange but well-formed tables (ten face-down cards in a column, no reserve, two aces on
    top …): legal_moves and verdict agree and every move comes back exactly."""
    text, preset = table
    pos = parse_or_error(engine.position, "scorpion", text, rules=preset)
    if pos is None:
        return
    check_position(pos, text)
    rnd = random.Random(seed)
    columns = pos.rules.grid.columns
    for _ in range(12):
        legal = set(pos.legal_moves())
        for move in [(rnd.randrange(52), rnd.randrange(columns)) for _ in range(8)]:
            assert pos.verdict(move).legal == (move in legal)
        if not legal:
            break
        before = str(pos), pos.score
        move = rnd.choice(sorted(legal))
        assert pos.push(move) >= 0
        assert sum(map(len, pos.cols)) + len(pos.reserve) + 13 * len(pos.removed) == 52
        pos.pop()
        assert (str(pos), pos.score) == before
        pos.push(move)


@fuzz(1500)
@given(code=texts(REAL_CODES))
def test_fuzz_deal_codes(code):
    parsed = parse_or_error(engine.parse_code, code)
    pos = parse_or_error(engine.deal, code)
    if pos is not None:
        assert parsed is not None and str(parsed) == code.strip()
        assert str(engine.deal(str(parsed))) == str(pos)
    if pos is not None and pos.GAME == "scorpion":
        assert sum(map(len, pos.cols)) + len(pos.reserve) == 52
        assert str(parse_or_error(engine.position, "scorpion", code=code)) == str(pos)
    else:
        parse_or_error(engine.position, "scorpion", code=code)


@fuzz(1500)
@given(text=texts(REAL_RULES))
def test_fuzz_rules_strings(text):
    rules = parse_or_error(ScorpionRules.parse, text)
    also = parse_or_error(engine.rules, "scorpion", text)
    assert (rules is None) == (also is None)
    if rules is not None:
        assert ScorpionRules.parse(str(rules)) == rules == also


TOKEN_POOL = sorted({f"{card_token(c)}>{n}" for c in range(52) for n in range(1, 11)}) + ["deal", "undo"]


@fuzz(1500)
@given(source=st.sampled_from(REAL_POSITIONS), tokens=st.lists(texts(REAL_TOKENS) | st.sampled_from(TOKEN_POOL),
                                                               max_size=12))
def test_fuzz_move_lists(source, tokens):
    text, preset = source
    pos = engine.position("scorpion", text, rules=preset)
    for token in tokens:
        before = str(pos), pos.score
        try:
            normalized, verdict = pos.play(token)
        except NotationError as e:
            assert len(str(e).splitlines()) == 1
            assert (str(pos), pos.score) == before
            continue
        if not verdict.legal:
            assert verdict.reason and (str(pos), pos.score) == before
            assert verdict.message("hu") and verdict.message("ru")
        else:
            assert normalized in (*TOKEN_POOL, "undo")
        assert sum(map(len, pos.cols)) + len(pos.reserve) + 13 * len(pos.removed) == 52


# -- the command line --------------------------------------------------------------------------


def run_main(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as e:  # only argparse's --help may exit, and only with 0 and a usage text
            assert e.code == 0 and out.getvalue().startswith("usage:"), (argv, e.code, err.getvalue())
            return 0, out.getvalue(), err.getvalue()
    return code, out.getvalue(), err.getvalue()


def check_cli(argv: list[str]) -> None:
    code, out, err = run_main(argv)
    assert code in (0, 1, 2), (argv, code)
    if code == 2:
        assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1, (argv, err)
        assert "Traceback" not in err and out == ""
        return
    assert err == "" and out
    if "--json" in argv and out.startswith("{"):
        result = json.loads(out)
        if argv[:1] == ["play"]:
            assert set(result) == {"position", "score", "score_text", "won", "steps"}
            for step in result["steps"]:
                assert set(step) == {"move", "legal", "points", "reason", "message"}
            assert code == (0 if all(s["legal"] for s in result["steps"]) else 1)
        elif argv[:1] == ["deal"]:
            assert set(result) == {"code", "game", "rules", "position"}


@st.composite
def command_lines(draw) -> list[str]:
    text, preset = draw(st.sampled_from(REAL_POSITIONS))
    kind = draw(st.sampled_from(["play-position", "play-code", "describe", "deal"]))
    code = draw(st.sampled_from(REAL_CODES))
    moves = " ".join(draw(st.lists(st.sampled_from(TOKEN_POOL), max_size=5)))
    if kind == "deal":
        argv = ["deal", code.strip()] + (["--json"] if draw(st.booleans()) else [])
    elif kind == "describe":
        argv = ["describe", "--game", "scorpion", "--position", text, "--rules", preset,
                "--lang", draw(st.sampled_from(LANGUAGES))]
    else:
        start = ["--position", text, "--rules", preset] if kind == "play-position" else ["--code", code]
        argv = ["play", "--game", "scorpion", *start, "--moves", moves]
        if draw(st.booleans()):
            argv += ["--lang", draw(st.sampled_from(LANGUAGES))]
        if draw(st.booleans()):
            argv += ["--json"]
        if draw(st.booleans()):
            argv += ["--score", str(draw(st.integers(-100, 10**6)))]
    for _ in range(draw(st.integers(0, 3))):
        op = draw(st.sampled_from(["mutate", "mutate", "delete", "duplicate", "insert", "swap"]))
        i = draw(st.integers(0, len(argv) - 1)) if argv else 0
        if not argv:
            argv = [draw(texts(["play", "deal", "describe"]))]
        elif op == "mutate":
            argv[i] = draw(mutated([argv[i]]))
        elif op == "delete":
            del argv[i]
        elif op == "duplicate":
            argv.insert(i, argv[i])
        elif op == "insert":
            argv.insert(i, draw(texts(["--json", "--lang", "--rules", "--score", "--code", "-x", "--", "play"])))
        else:
            j = draw(st.integers(0, len(argv) - 1))
            argv[i], argv[j] = argv[j], argv[i]
    return argv


@fuzz(2000)
@given(argv=command_lines())
def test_fuzz_command_line(argv):
    check_cli(argv)


# -- regressions the fuzzer found ----------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--game", "scorpion", "--code", "SC1-CLA-AAAAAAB", "--moves", "4H>²"],  # "²".isdigit()
        ["play", "--game", "scorpion", "--code", "SC1-CLA-AAAAAAB", "--moves", "4H>" + "1" * 5000],
        ["play", "--game", "scorpion", "--code", "SC1-CLA-AAAAAAB", "--moves", "QH>٣"],  # Arabic-Indic 3
        ["deal", "SC" + "1" * 5000 + "-CLA-AAAAAAB"],  # int() refuses 4300+ digits
        ["deal", "SC١-CLA-AAAAAAB"],  # re's \d matches any Unicode digit
        ["deal", "SC01-CLA-AAAAAAB"],  # a code is written one way only
        ["describe", "--game", "scorpion", "--lang", "en", "--position",
         "aſ2s3s4s5s6s7s8s9stsjsqsksah2h3h4h5h6h7h8h9hthjhqhkhad2d3d4d5d6d7d8d9dtdjdqdkdac2c3c4c5c6c7c8c9ctcjcqcKC"
         "////// - -"],  # "ſ".upper() == "S"
    ],
)
def test_unicode_digits_long_numbers_and_lookalike_letters_are_one_line_errors(argv):
    code, out, err = run_main(argv)
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1


def test_empty_reserve_or_removed_fields_are_refused_not_read_as_dash():
    # Found by the fuzzer: "… 2c9d7c " (removed field empty) was read as "… 2c9d7c -".
    deal = str(engine.deal("SC1-CLA-AAAAAAB"))
    assert deal.endswith(" 2c9d7c -")
    for text in (deal[:-1], deal[:-2] + "  -"):
        with pytest.raises(NotationError):
            engine.position("scorpion", text)
    mice = table("... KC", width=10)  # both set-aside cards played: "-"
    assert engine.position("scorpion", mice, rules="three-blind-mice")
    with pytest.raises(NotationError):
        engine.position("scorpion", mice.replace(" - -", "  -"), rules="three-blind-mice")
