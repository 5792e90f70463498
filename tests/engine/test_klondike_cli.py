"""Klondike on the command line as tools drive it: real ``python -m engine`` processes (DESIGN.md §3.9).

Exit codes: 0 all moves legal, 1 some move illegal (reported and skipped), 2 bad input with one
line on standard error and never a traceback. JSON fields exactly as specified.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_cli import engine_cli
from klondike_tables import table

ROOT = Path(__file__).resolve().parents[2]
CODE = "KL1-D1N-AAAAAAG"
CODE_POSITION = (
    "AD/2h7C/7h4c9C/9hjc3d5D/6hkh3ckd8D/6sjsqdtc7d5H/7s9dkcqs3s4dAH "
    "qhjhasqc2s2c3h6d4s5c4hks8h8cts8s2d5stdacthjd9s6c - -/-/-/-"
)
STEP_FIELDS = ["move", "legal", "points", "reason", "message"]


def play_json(*args: str) -> tuple[int, dict]:
    done = engine_cli("play", "--game", "klondike", *args, "--json")
    assert done.stderr == ""
    result = json.loads(done.stdout)
    assert list(result) == ["position", "score", "score_text", "won", "steps"]
    assert all(list(step) == STEP_FIELDS for step in result["steps"])
    return done.returncode, result


def test_deal_prints_the_position_on_one_line():
    done = engine_cli("deal", CODE)
    assert (done.returncode, done.stdout, done.stderr) == (0, CODE_POSITION + "\n", "")


@pytest.mark.parametrize(("variant", "rules"), [("D1N", "draw1"), ("D3N", "draw3"), ("D1V", "draw1-vegas"),
                                                 ("D3V", "draw3-vegas")])
def test_deal_json_has_exactly_code_game_rules_position(variant, rules):
    done = engine_cli("deal", f"KL1-{variant}-AAAAAAG", "--json")
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout) == {"code": f"KL1-{variant}-AAAAAAG", "game": "klondike", "rules": rules,
                                       "position": CODE_POSITION}


def test_play_json_all_legal_exits_0_and_undo_gives_points_back():
    code, result = play_json("--code", CODE, "--moves", "AD>F tap:AH undo 7C>5 draw")
    assert code == 0
    assert result["steps"] == [
        {"move": "AD>F", "legal": True, "points": 10, "reason": None, "message": ""},
        {"move": "tap:AH", "legal": True, "points": 15, "reason": None, "message": ""},
        {"move": "undo", "legal": True, "points": -15, "reason": None, "message": ""},
        {"move": "7C>5", "legal": True, "points": 5, "reason": None, "message": ""},
        {"move": "draw", "legal": True, "points": 0, "reason": None, "message": ""},
    ]
    assert (result["score"], result["score_text"], result["won"]) == (15, "15", False)


def test_play_an_illegal_move_is_reported_skipped_and_exits_1():
    code, result = play_json("--code", CODE, "--moves", "9C>5 dtap:AH AH>F", "--lang", "hu")
    assert code == 1
    assert result["steps"][0] == {"move": "9C>5", "legal": False, "points": 0, "reason": "one-rank-lower",
                                  "message": "Szabály: a lapnak pontosan eggyel alacsonyabb rangúnak kell lennie"}
    assert result["steps"][1] == {"move": "dtap:AH", "legal": False, "points": 0, "reason": "no-place",
                                  "message": "Ennek a lapnak nincs helye a játéktéren"}
    assert result["steps"][2] == {"move": "AH>F", "legal": True, "points": 15, "reason": None, "message": ""}
    assert result["score"] == 15 and result["position"].startswith("AD/2h7C/")


def test_play_vegas_starts_at_minus_52_unless_a_score_is_given():
    # „-$52”: the start score comes from the rules when --score is not given
    code, result = play_json("--code", "KL1-D3V-AAAAAAG", "--moves", "AD>F")
    assert (code, result["score"], result["score_text"]) == (0, -47, "-$47")
    code, result = play_json("--code", "KL1-D3V-AAAAAAG", "--moves", "AD>F", "--score", "-5")
    assert (result["score"], result["score_text"]) == (0, "$0")
    code, result = play_json("--position", CODE_POSITION, "--rules", "draw1-vegas", "--moves", "AD>F AH>F",
                             "--lang", "ru")
    assert (result["score"], result["score_text"]) == (-42, "-$42")
    code, result = play_json("--position", CODE_POSITION, "--moves", "AD>F")
    assert (result["score"], result["score_text"]) == (10, "10")


def test_play_recycle_from_40_shows_0_and_undo_gives_40_back():
    position = table("... 9S", stock="-", waste="8H 2C")
    code, result = play_json("--position", position, "--score", "40", "--moves", "recycle", "--lang", "ca")
    assert (code, result["score"], result["steps"][0]["points"]) == (0, 0, -40)
    code, result = play_json("--position", position, "--score", "40", "--moves", "recycle undo")
    assert (result["score"], result["steps"][1]["points"], result["position"]) == (40, 40, position)
    code, result = play_json("--position", position, "--rules", "draw3-vegas", "--moves", "recycle", "--lang", "hu")
    assert code == 1 and result["steps"][0]["message"] == "Vegas pontozás: a húzópakli csak egyszer járható végig"


def test_play_text_output_and_a_won_game():
    position = table("KS", foundations="QS/KH/KD/KC")
    done = engine_cli("play", "--game", "klondike", "--position", position, "--score", "615", "--moves", "tap:KS")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines() == ["tap:KS: +10", "////// - - KS/KH/KD/KC", "625 won"]
    code, result = play_json("--position", position, "--rules", "draw1-vegas", "--score", "203", "--moves", "KS>F")
    assert (result["won"], result["score_text"]) == (True, "+$208")


def test_describe_prints_one_paragraph_on_one_line():
    for lang, start in [("en", "Stock: 24 cards; waste: empty; foundations: empty. Column 1: ace of diamonds; "),
                        ("hu", "Húzópakli: 24 lap; dobópakli: üres; alapok: üresek. 1. oszlop: káró ász; "),
                        ("ca", "Munt: 24 cartes; descart: buit; bases: buides. Columna 1: as de diamants; "),
                        ("ru", "Колода: 24 карты; сброс: пуст; основания: пусты. Столбец 1: туз бубён; ")]:
        done = engine_cli("describe", "--game", "klondike", "--code", CODE, "--lang", lang)
        assert done.returncode == 0 and done.stderr == ""
        assert done.stdout.count("\n") == 1 and done.stdout.startswith(start), done.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("deal", "KL1-D2N-AAAAAAG"),
        ("deal", "KL1-D1N-AAAAAA"),
        ("deal", "KL9-D1N-AAAAAAG"),
        ("play", "--game", "klondike", "--code", "SC1-CLA-AAAAAAB", "--moves", "draw"),
        ("play", "--game", "klondike", "--code", CODE, "--moves", "AD-F"),
        ("play", "--game", "klondike", "--code", CODE, "--moves", "tip:AD"),
        ("play", "--game", "klondike", "--code", CODE, "--rules", "draw3", "--moves", "draw"),
        ("play", "--game", "klondike", "--code", CODE, "--moves", "draw", "--score", "-1"),
        ("play", "--game", "klondike", "--position", CODE_POSITION.replace("2h", "2H"), "--moves", "draw"),
        ("play", "--game", "klondike", "--position", CODE_POSITION.replace("AD/", "AD/AD"), "--moves", "draw"),
        ("play", "--game", "klondike", "--position", CODE_POSITION.replace(" -/-/-/-", " AS/-/-/-"),
         "--moves", "draw"),
        ("play", "--game", "klondike", "--position", CODE_POSITION.rsplit(" ", 1)[0], "--moves", "draw"),
        ("play", "--game", "klondike", "--rules", "draw=2", "--position", CODE_POSITION, "--moves", "draw"),
        ("play", "--game", "klondike", "--rules", "hard", "--position", CODE_POSITION, "--moves", "draw"),
        ("describe", "--game", "klondike", "--code", CODE, "--lang", "de"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_no_traceback(args):
    done = engine_cli(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr
