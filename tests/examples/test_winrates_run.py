"""``make winrates`` (bench/winrates.py) resumes where it stopped, and a raised budget keeps the
deals already decided and solves only the unknown ones again: what it writes then is what a run
from scratch at the new budget writes (all but the CPU seconds)."""

from __future__ import annotations

import pytest

from bench import winrates

PRESET = "scorpion-classic"
DEALS = 4
SMALL, LARGE = 40, 20_000


def rows(out):
    return {code: {k: v for k, v in row.items() if k != "seconds"}
            for code, row in winrates.read_rows(out / f"{PRESET}.csv").items()}


@pytest.fixture
def out(tmp_path, monkeypatch):
    monkeypatch.setattr(winrates, "OUT", tmp_path)
    return tmp_path


def test_a_raised_budget_keeps_the_decided_deals_and_solves_the_unknown_ones_again(out, tmp_path_factory, monkeypatch):
    winrates.run([PRESET], DEALS, SMALL, jobs=1, restart=False)
    small = rows(out)
    assert len(small) == DEALS
    unknown = {code for code, row in small.items() if row["result"] == "unknown"}
    assert unknown and len(unknown) < DEALS, small  # the deals chosen show both cases

    winrates.run([PRESET], DEALS, LARGE, jobs=1, restart=False)
    raised = rows(out)
    assert winrates._meta(PRESET)["budget_positions"] == LARGE
    for code, row in small.items():
        if code not in unknown:
            assert raised[code] == row  # kept as it was
    assert all(raised[code]["result"] != "unknown" for code in unknown), raised

    scratch = tmp_path_factory.mktemp("scratch")
    monkeypatch.setattr(winrates, "OUT", scratch)
    winrates.run([PRESET], DEALS, LARGE, jobs=1, restart=False)
    assert rows(scratch) == raised


def test_a_smaller_budget_starts_the_preset_over(out):
    winrates.run([PRESET], 2, LARGE, jobs=1, restart=False)
    winrates.run([PRESET], 2, SMALL, jobs=1, restart=False)
    assert winrates._meta(PRESET)["budget_positions"] == SMALL
    assert all(int(row["positions"]) <= SMALL for row in rows(out).values())


def test_a_time_budget_stops_the_search_at_its_first_look_at_the_clock():
    # --fresh and --probe give each deal seconds of CPU; none left: unknown after one slice of positions
    from engine.solver import PROGRESS_EVERY

    code, result, positions, moves, _ = winrates.solve_deal(("klondike-draw1-vegas", "KL1-D1V-AAAAAAC", None, 0.0))
    assert (code, result, moves) == ("KL1-D1V-AAAAAAC", "unknown", "")
    assert positions == PROGRESS_EVERY


def test_fresh_deals_of_named_presets_replace_only_their_counts(out):
    # every preset once (no time: each deal stops after its first slice of positions), then one again
    winrates.fresh(1, jobs=1, seconds=0.0)
    first = winrates.json.loads((out / "fresh.json").read_text(encoding="utf-8"))
    assert set(first["presets"]) == set(winrates.PRESETS) and first["deals"] == len(winrates.PRESETS)
    vegas = first["presets"]["klondike-draw1-vegas"]
    first["presets"]["scorpion-classic"] = {"won": 0, "lost": 0, "unknown": 7}  # as no run writes it
    (out / "fresh.json").write_text(winrates.json.dumps(first), encoding="utf-8")

    again = winrates.fresh(1, jobs=1, seconds=0.0, names=["klondike-draw1-vegas"])
    assert list(again["presets"]) == list(winrates.PRESETS)  # in the presets' order
    assert again["presets"]["scorpion-classic"] == {"won": 0, "lost": 0, "unknown": 7}  # stands
    assert again["presets"]["klondike-draw1-vegas"] == vegas  # measured again (the search is deterministic)
    counts = again["presets"].values()
    assert again["deals"] == sum(sum(c.values()) for c in counts) == len(winrates.PRESETS) + 6
    assert again["decided"] == sum(c["won"] + c["lost"] for c in counts)


def test_fresh_deals_of_named_presets_need_a_file_of_the_same_deals(out, capsys):
    winrates.fresh(1, jobs=1, seconds=0.0)
    with pytest.raises(ValueError, match="Deals 1000000000 to 1000000000 of every preset"):
        winrates.fresh(2, jobs=1, seconds=0.0, names=["klondike-draw1-vegas"])
    assert winrates.main(["--fresh", "2", "klondike-draw1-vegas"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "fresh.json" in error and "measure every preset" in error
