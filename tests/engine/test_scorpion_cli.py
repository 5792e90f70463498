"""The command line as tools drive it: real ``python -m engine`` processes (DESIGN.md §3.9).

Exit codes: 0 all moves legal, 1 some move illegal (reported and skipped), 2 bad input with one
line on standard error and never a traceback. JSON fields exactly as specified.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from engine_cli import engine_cli
from scorpion_tables import run, table

ROOT = Path(__file__).resolve().parents[2]
CODE = "SC1-CLA-AAAAAAB"
CODE_POSITION = (
    "7h9s4h8D8H5CJH/6h9cjs5HKH3S2H/jd5d7d4D2SAH6C/kskdtdTCJCTH8C/QS4C6S7SAC5SAD/KC6DQCQDQH9H3H/3CAS4S2D8STS3D 2c9d7c -"
)


def test_deal_prints_the_position_on_one_line():
    done = engine_cli("deal", CODE)
    assert (done.returncode, done.stdout, done.stderr) == (0, CODE_POSITION + "\n", "")


def test_deal_json_has_exactly_code_game_rules_position():
    done = engine_cli("deal", "SC1-TBM-AAAAAAB", "--json")
    assert done.returncode == 0 and done.stderr == ""
    result = json.loads(done.stdout)
    assert list(result) == ["code", "game", "rules", "position"]
    assert result["code"] == "SC1-TBM-AAAAAAB" and result["game"] == "scorpion"
    assert result["rules"] == "three-blind-mice" and len(result["position"].split(" ")[0].split("/")) == 10


def test_play_json_all_legal_exits_0():
    done = engine_cli("play", "--game", "scorpion", "--code", CODE, "--moves", "5C>3 undo deal", "--json")
    assert done.returncode == 0 and done.stderr == ""
    result = json.loads(done.stdout)
    assert list(result) == ["position", "score", "score_text", "won", "steps"]
    assert result["steps"] == [
        {"move": "5C>3", "legal": True, "points": 5, "reason": None, "message": ""},
        {"move": "undo", "legal": True, "points": -5, "reason": None, "message": ""},
        {"move": "deal", "legal": True, "points": 0, "reason": None, "message": ""},
    ]
    assert (result["score"], result["score_text"], result["won"]) == (0, "0", False)
    assert result["position"].split(" ")[1:] == ["-", "-"]


def test_play_an_illegal_move_is_reported_skipped_and_exits_1():
    done = engine_cli("play", "--game", "scorpion", "--code", CODE, "--moves", "TC>1 5C>3", "--lang", "hu",
                      "--json", "--score", "40")
    assert done.returncode == 1 and done.stderr == ""
    result = json.loads(done.stdout)
    assert result["steps"][0] == {"move": "TC>1", "legal": False, "points": 0, "reason": "same-suit",
                                  "message": "Szabály: a lapoknak azonos színűnek kell lenniük"}
    assert result["steps"][1]["legal"] and result["score"] == 45


def test_play_text_output_and_a_won_game():
    position = table(run("C", "K", "2"), "AC", removed="HSD")
    done = engine_cli("play", "--game", "scorpion", "--position", position, "--moves", "AC>1", "--lang", "ca")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines() == ["AC>1: +105", "////// - HSDC", "105 won"]
    done = engine_cli("play", "--game", "scorpion", "--position", position, "--moves", "AC>1", "--json")
    assert json.loads(done.stdout)["won"] is True


def test_describe_prints_one_paragraph_on_one_line():
    done = engine_cli("describe", "--game", "scorpion", "--code", CODE, "--lang", "ru")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.count("\n") == 1 and done.stdout.startswith("Резерв: 3 закрытые карты; ")


@pytest.mark.parametrize(
    "args",
    [
        (),
        ("deal", "SC1-XYZ-AAAAAAB"),
        ("deal", "not a code"),
        ("play", "--game", "scorpion", "--code", CODE, "--moves", "4H-7"),
        ("play", "--game", "scorpion", "--position", CODE_POSITION.replace("7h", "7H", 1), "--moves", "deal"),
        ("play", "--game", "scorpion", "--position", CODE_POSITION.replace("2c", "2h"), "--moves", "deal"),
        ("play", "--game", "scorpion", "--rules", "classic,suits=rainbow", "--code", CODE, "--moves", "deal"),
        ("describe", "--game", "scorpion", "--code", CODE, "--lang", "de"),
        ("play", "--game", "scorpion", "--code", CODE, "--moves", "deal", "--score", "many"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_no_traceback(args):
    done = engine_cli(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr
