"""Rulings (examples/*/rulings/*.game): every disputed point of seed 004 and the app's three
decisions of seeds 000/003, each a position and a disputed move judged under the rule sets.

The table below is the specification: it restates each ruling's verdicts from the seeds, so a
record edited into a different answer fails here even though it still replays.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.records import Record

ROOT = Path(__file__).resolve().parents[2]
RULINGS = sorted(ROOT.glob("examples/*/rulings/*.game"))

LEGAL = "legal"
SCORPION = {
    # id: {rules: verdict of the first attempt}; LEGAL or a number = legal (earning that many points)
    # Seed 004: a group moves as it is, only its first card must fit.
    "mixed-block": {"classic": 5, "easy": 5, "traditional": 5, "wasp": 5},
    # Seed 004: any face-up card may be chosen, always with every card below it to the free end.
    "block-from-the-middle": {"classic": 5, "easy": 5, "traditional": 5, "wasp": 5},
    # Seed 004: a face-down card cannot be chosen.
    "face-down-card": {"classic": "face-down", "easy": "face-down", "wasp": "face-down"},
    # Seed 004: the receiving card is always the free end of the column.
    "onto-middle-card": {"classic": "one-rank-lower", "easy": "one-rank-lower"},
    # Seed 004, seeds 000/003: nothing goes onto an ace; no king-to-ace wrap.
    "nothing-on-ace": {"classic": "on-ace", "easy": "on-ace", "wasp": "on-ace"},
    # Seed 004: the same colour is not enough; seeds 000/003: Easy takes any suit.
    "same-colour": {"classic": "same-suit", "easy": 0, "traditional": "same-suit", "wasp": "same-suit"},
    # Seeds 000/003, seed 004: only a king on an empty column; Wasp: any card or block.
    # Seed 004, the BVS collection's rules: a king only there too.
    "queen-empty-column": {"classic": "empty-needs-king", "easy": "empty-needs-king",
                           "traditional": "empty-needs-king", "bvs": "empty-needs-king", "wasp": LEGAL},
    # Seed 004: a column starting with a king may move to another empty column (the BVS rules too).
    "king-relocation": {"classic": 0, "traditional": 0, "bvs": 0},
    # Seed 004: face-down cards turn one at a time (+5 same suit, +5 one card turned).
    "one-face-down-at-a-time": {"classic": 10},
    # Seed 004: an empty column among the first three gets its reserve card; no need to fill it first.
    "deal-onto-empty-column": {"classic": 0, "traditional": 0},
    # The app's decision: the reserve any time; traditional: only when stuck.
    "reserve-any-time": {"classic": 0, "easy": 0, "wasp": 0, "traditional": "reserve-not-stuck"},
    # Seeds 000/003, seed 004: the reserve is dealt once.
    "reserve-once": {"classic": "reserve-dealt", "traditional": "reserve-dealt"},
    # The app's decision: complete sequences removed (+100); traditional: they stay.
    "sequences-removed": {"classic": 105, "traditional": 5},
    # Seeds 000/003: only the column that receives cards is checked; a covered sequence stays.
    "covered-sequence-stays": {"classic": 5},
    # The app's decision: its own scoring (+5 same suit).
    "own-scoring": {"classic": 5, "easy": 5},
}
KLONDIKE = {
    # Seed 001: the empty column takes only a king, even when another card would uncover a face-down one.
    "empty-column-needs-king": {"draw1": "empty-needs-king", "draw3": "empty-needs-king",
                                "draw1-vegas": "empty-needs-king"},
    # Seed 001: opposite colour, exactly one rank higher.
    "opposite-colour": {"draw1": "opposite-colour", "draw3": "opposite-colour"},
    # Seed 001: a face-up card moves with every card on it, no limit; only the first must fit.
    "whole-run-moves": {"draw1": 0, "draw3-vegas": 0},
    # Seed 001: one card at a time onto the foundations.
    "foundation-top-card-only": {"draw1": "foundation-one-card", "draw3": "foundation-one-card"},
    # Seed 001: a foundation's top card can be taken back, gaining and losing nothing.
    "foundation-take-back": {"draw1": 0, "draw3": 0, "draw1-vegas": 0, "draw3-vegas": 0},
    # Seed 001: one tap sends a top card to its foundation (+10 Normal, +$5 Vegas).
    "tap-and-double-tap": {"draw1": 10, "draw1-vegas": 5},
    # Seed 001: never below 0, so an early recycle costs less than 100; Vegas: no recycle.
    "recycle-floor": {"draw1": -25, "draw3": -20, "draw1-vegas": "vegas-one-pass", "draw3-vegas": "vegas-one-pass"},
    # Seed 001: Vegas scoring goes through the stock once, in both draw modes.
    "vegas-one-pass": {"draw1-vegas": "vegas-one-pass", "draw3-vegas": "vegas-one-pass", "draw1": LEGAL},
    # Seed 001: only the top card of the waste plays.
    "waste-top-only": {"draw3": "waste-not-top", "draw1": "waste-not-top"},
}
DECISIONS = ("sequences-removed", "reserve-any-time", "own-scoring")  # seeds 000/003: the app's three


def verdict_word(verdict):
    return verdict.points if verdict.legal else verdict.reason


def test_every_seed_point_has_a_ruling():
    ids = {p.stem for p in RULINGS if p.parent.parent.name == "scorpion"}
    assert set(SCORPION) <= ids
    assert set(DECISIONS) <= ids


def test_every_klondike_point_has_a_ruling():
    ids = {p.stem for p in RULINGS if p.parent.parent.name == "klondike"}
    assert set(KLONDIKE) <= ids


def test_ruling_ids_are_unique_across_games():
    # The site finds a ruling by its id alone (examples/**/<id>.game).
    stems = [p.stem for p in RULINGS]
    assert len(stems) == len(set(stems))


@pytest.mark.parametrize("path", RULINGS, ids=lambda p: p.stem)
def test_a_ruling_is_a_question_a_position_and_a_judged_move(path):
    record = Record.load(path)
    assert record.ruling == path.stem
    assert record.tags["Question"].endswith("?")
    frames = record.replay()
    first = next(f for f in frames if f.attempts).attempts[0]
    assert first.verdicts[0][0] == str(record.start_position().rules)
    assert len(first.verdicts) >= 2, "judged under more than one rule set"
    assert all(a.annotation for f in frames for a in f.attempts), "every attempt explains itself"


@pytest.mark.parametrize(("game", "ruling"), [("scorpion", r) for r in sorted(SCORPION)]
                         + [("klondike", r) for r in sorted(KLONDIKE)])
def test_ruling_verdicts(game, ruling):
    record = Record.load(ROOT / "examples" / game / "rulings" / f"{ruling}.game")
    first = next(f for f in record.replay() if f.attempts).attempts[0]
    got = dict(first.verdicts)
    for rules, expected in {**SCORPION, **KLONDIKE}[ruling].items():
        verdict = got[rules]
        if expected == LEGAL:
            assert verdict.legal, rules
        else:
            assert verdict_word(verdict) == expected, rules


def test_the_covered_sequence_leaves_when_moved_as_a_whole_onto_an_empty_column():
    record = Record.load(ROOT / "examples" / "scorpion" / "rulings" / "covered-sequence-stays.game")
    frames = record.replay()
    assert frames[1].position.split(" ")[0].startswith("KHQHJHTH9H8H7H6H5H4H3H2HAH/")  # still there
    assert verdict_word(frames[1].attempts[0].verdicts[0][1]) == 100


def test_rulings_speak_the_apps_messages():
    record = Record.load(ROOT / "examples" / "scorpion" / "rulings" / "same-colour.game")
    verdict = dict(record.replay()[0].attempts[0].verdicts)["classic"]
    assert verdict.message("hu") == "Szabály: a lapoknak azonos színűnek kell lenniük"
    assert verdict.message("ca") == "Regla: les cartes han de ser del mateix pal"
