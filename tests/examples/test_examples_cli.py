"""``python -m engine replay`` and ``python -m engine solve`` as tools drive them (DESIGN.md §3.9):
real processes, JSON fields as specified, exit 2 with one line for bad input."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from engine_cli import engine_cli as run_engine_cli

ROOT = Path(__file__).resolve().parents[2]
WON = "examples/scorpion/won.game"
FOUR_MOVES = ("KSQSJSTS9S8S7S6S5S4S3S2S/AS/KHQHJHTH9H8H7H6H5H4H3H2HAH///KDQDJDTD9D8D7D6D5D4D3D2DAD/"
              "KCQCJCTC9C8C7C6C5C4C3C2CAC - -")


def engine_cli(*args: str) -> subprocess.CompletedProcess:
    return run_engine_cli(*args, timeout=120)  # a solve may take a while


def one_line_error(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("error: ") and done.stderr.count("\n") == 1, done.stderr
    return done.stderr


def test_replay_json_prints_the_specified_fields():
    done = engine_cli("replay", WON, "--json")
    assert done.returncode == 0 and done.stderr == ""
    result = json.loads(done.stdout)
    assert list(result)[:7] == ["game", "rules", "start", "moves", "final", "score", "won"]
    assert (result["game"], result["rules"], result["won"], result["final"]) == (
        "scorpion", "classic", True, "////// - SCHD")
    assert result["moves"][0] == "4H>7" and not any(m.startswith("?") for m in result["moves"])
    assert result["start"].split(" ")[1] == "qs2c6c"  # face-down cards included
    assert result["score"] > 460


def test_replay_json_of_a_ruling_carries_its_verdicts():
    done = engine_cli("replay", "examples/scorpion/rulings/queen-empty-column.game", "--json", "--lang", "hu")
    result = json.loads(done.stdout)
    assert result["ruling"] == "queen-empty-column" and result["moves"] == []
    verdicts = {v["rules"]: v for v in result["attempts"][0]["verdicts"]}
    assert verdicts["classic"]["message"] == "Üres oszlopra csak király kerülhet"
    assert verdicts["wasp"]["legal"] is True


def test_every_klondike_record_replays_in_a_fresh_process():
    """Klondike's module is imported on first use; its records name its reasons before that."""
    for path in sorted((ROOT / "examples" / "klondike").rglob("*.game")):
        done = engine_cli("replay", str(path.relative_to(ROOT)), "--json")
        assert done.returncode == 0 and done.stderr == "", done.stderr
        assert json.loads(done.stdout)["game"] == "klondike"


def test_replay_text_shows_translated_annotations():
    done = engine_cli("replay", WON, "--lang", "ca")
    assert done.returncode == 0
    assert "1. 4H>7 +5" in done.stdout and "La primera jugada" in done.stdout


def test_replay_of_a_bad_record_is_one_line_with_file_and_line(tmp_path):
    bad = tmp_path / "bad.game"
    bad.write_text('[Game "scorpion"]\n[Code "SC1-CLA-AAAAAAB"]\n\ndeal\ndeal\n', encoding="utf-8")
    err = one_line_error(engine_cli("replay", str(bad)))
    assert f"{bad}:5: deal: refused (reserve-dealt)" in err


def test_replay_of_a_missing_file_is_one_line():
    one_line_error(engine_cli("replay", "examples/no-such.game"))


def test_solve_json_prints_solved_and_moves_that_win():
    done = engine_cli("solve", "--game", "scorpion", "--position", FOUR_MOVES, "--json")
    assert done.returncode == 0 and done.stderr == ""
    result = json.loads(done.stdout)
    assert result["solved"] is True and result["moves"][0] == "AS>1"
    played = json.loads(engine_cli("play", "--game", "scorpion", "--position", FOUR_MOVES,
                                   "--moves", " ".join(result["moves"]), "--json").stdout)
    assert played["won"] is True


def test_solve_json_is_null_when_the_budget_runs_out():
    done = engine_cli("solve", "--game", "scorpion", "--code", "SC1-EAS-AAAAAAB", "--nodes", "20", "--json")
    result = json.loads(done.stdout)
    assert (result["solved"], result["moves"]) == (None, [])


def test_solve_json_is_false_when_nothing_can_win():
    done = engine_cli("solve", "--game", "scorpion", "--position", "2C/KC5C9C/QC7C4C/3C/8C6C/AC/TCJC - SHD", "--json")
    assert json.loads(done.stdout)["solved"] is False


def test_solve_bad_input_is_exit_2_and_one_line():
    one_line_error(engine_cli("solve", "--game", "scorpion", "--position", "AS/KS", "--json"))
    one_line_error(engine_cli("solve", "--game", "scorpion", "--code", "SC1-CLA-AAAAAAB", "--seconds", "0"))
    one_line_error(engine_cli("solve", "--game", "scorpion"))
