"""The solver's prunings keep every winnable position winnable, and its proofs of a loss are proofs:
on many random small positions (most cards already placed, so that every reachable position can be
listed), the solver's answer equals the exhaustive search's (tests/examples/test_solver.py
``exhaustive``, here depth first with a cap: the engine's own moves, keyed by the full position string).

What is compared this way: Scorpion's dead ends (``ScorpionSearch.dead_end``) and safe move
(``safe_move``), the canonical keys of both games (interchangeable columns), Klondike's safe
foundation rule (``safe_step``), its talon steps (draws folded into the card they bring up, the
pointer dropped when drawing one), its dead-end analysis, and its one key for twins' piles either
way round (no swaps; small positions with face-up runs, ``klondike_runs_case``). Every won line is replayed
by ``solve`` itself before it answers; the test replays it again.
"""

from __future__ import annotations

import random

import pytest

from engine import deal, find, position
from engine.cards import card_token, is_red, rank_of, suit_cards, suit_of
from engine.solver import solve

CASES = 30  # random positions per rule set
CAP = 4_000  # positions: a case whose exhaustive search needs more is drawn again


def bounded_exhaustive(start) -> bool | None:
    """Is any reachable position won? Every position the engine's own moves reach, depth first,
    each once (keyed by its full position string); None when more than CAP are reachable."""
    pos = type(start).from_string(str(start), start.rules)
    seen = {str(pos)}
    if pos.is_won():
        return True
    stack = [iter(list(pos.legal_moves()))]
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if stack:
                pos.pop()
            continue
        pos.push(move)
        text = str(pos)
        if text in seen:
            pos.pop()
            continue
        if pos.is_won():
            return True
        seen.add(text)
        if len(seen) > CAP:
            return None
        stack.append(iter(list(pos.legal_moves())))
    return False


def replays(pos, moves) -> bool:
    copy = type(pos).from_string(str(pos), pos.rules)
    return all(copy.play(m)[1].legal for m in moves) and copy.is_won()


# -- Scorpion -------------------------------------------------------------------------------------


def scorpion_case(rng: random.Random, rules: str) -> str:
    """Two suits complete (removed, or K–A at a column's edge where sequences stay); of the other
    two, a run from the king down already built, the rest loose; face-down cards at column edges
    (no more than the layout deals there); sometimes a reserve of three still to deal."""
    rules_obj = find("scorpion").rules(rules)
    grid = rules_obj.grid
    suits = rng.sample(range(4), 4)
    done, live = suits[:2], suits[2:]
    items: list[list[int]] = []
    for s in live:
        cards = list(reversed(suit_cards(s)))  # K … A
        built = rng.randint(6, 12)
        items.append(cards[:built])
        items.extend([c] for c in cards[built:])
    loose = [c for item in items if len(item) == 1 for c in item]
    reserve: list[int] = []
    if grid.reserve and not grid.aside and len(loose) >= 4 and rng.random() < 0.4:
        reserve = rng.sample(loose, 3)
        items = [item for item in items if not (len(item) == 1 and item[0] in reserve)]
    rng.shuffle(items)
    cols: list[list[int]] = [[] for _ in range(grid.columns)]
    stays = rules_obj.complete != "remove"
    if stays:
        for s, w in zip(done, rng.sample(range(grid.columns), 2)):
            cols[w] = list(reversed(suit_cards(s)))
    for item in items:
        cols[rng.randrange(grid.columns)].extend(item)
    texts = []
    for w, col in enumerate(cols):
        down = rng.randint(0, min(len(col) - 1, grid.face_down[w], 2)) if col and (not stays or len(col) < 13) else 0
        texts.append("".join(card_token(c).lower() if i < down else card_token(c) for i, c in enumerate(col)))
    removed = "-" if stays else "".join("SHDC"[s] for s in done)
    res = "".join(card_token(c).lower() for c in reserve) or "-"
    return f"{'/'.join(texts)} {res} {removed}"


@pytest.mark.parametrize("rules", ["classic", "easy", "traditional", "wasp", "bvs", "easy best first"])
def test_scorpion_answers_equal_the_exhaustive_search_on_small_positions(rules, monkeypatch):
    if rules.endswith(" best first"):  # Easy searches best first after some depth first: here at once
        from engine.solver.scorpion import ScorpionSearch  # noqa: PLC0415

        monkeypatch.setattr(ScorpionSearch, "depth_first_nodes", 0)
        rules = rules.removesuffix(" best first")
    rng = random.Random(f"scorpion-{rules}")
    answers = {True: 0, False: 0}
    at_once = 0
    compared = 0
    while compared < CASES:
        text = scorpion_case(rng, rules)
        pos = position("scorpion", text, rules=rules)
        truth = bounded_exhaustive(pos)
        if truth is None:
            continue
        result = solve(pos, seconds=None)
        assert result.solved is truth, f"{rules}: {text}"
        if truth:
            assert replays(pos, result.moves), text
        answers[truth] += 1
        at_once += result.solved is False and result.nodes == 1
        compared += 1
    # both answers occur, and some losses were proved by the dead-end analysis alone
    assert answers[True] >= 3, answers
    if rules != "wasp":  # Wasp's small positions are nearly all won (any card onto an empty column)
        assert answers[False] >= 3 and at_once >= 1, answers


def test_under_wasp_a_placed_card_never_moves_once_the_reserve_is_dealt():
    """*A placed card stays* (engine/solver/scorpion.py): 5♥ and 6♥ (each on its next heart) are not
    offered the empty column, 7♥ (on K♥) and 3♠ (on 9♦) are; with the reserve still to deal all are
    (the deal lands on columns 1–3, where the two lines would differ)."""
    from engine.solver.scorpion import ScorpionSearch  # noqa: PLC0415

    columns = ("KSQSJSTS9S8S7S6S5S4S/KH7H6H5H/KDQDJDTD9D3S//KCQCJCTC9C8C7C6C5C4C3C2CAC2SAS/QH4H3H2HAH/"
               "JHTH9H8H8D7D6D5D4D3D2DAD")
    dealt = position("scorpion", f"{columns} - -", rules="wasp")
    offered = {dealt.move_token(m) for m in ScorpionSearch(dealt).moves()}
    assert {"7H>4", "3S>4"} <= offered and not {"6H>4", "5H>4"} & offered
    assert {"6H>4", "5H>4"} <= {dealt.move_token(m) for m in dealt.legal_moves()}
    assert solve(dealt, seconds=None, max_nodes=50_000).solved is True
    to_deal = position("scorpion", columns.replace("2SAS", "").replace("9D3S", "9D") + " 2sas3s -", rules="wasp")
    assert {"7H>4", "6H>4", "5H>4"} <= {to_deal.move_token(m) for m in ScorpionSearch(to_deal).moves()}



@pytest.mark.parametrize("code", ["SC1-EAS-AAAAAAJ", "SC1-EAS-AAAAACQ", "SC1-CLA-AAAAAAI", "SC1-WSP-AAAAABX",
                                  "SC1-TBM-AAAAADX", "SC1-TRA-AAAAAAD"])
def test_scorpion_a_move_the_search_does_not_ask_about_never_makes_a_live_position_dead(code, monkeypatch):
    """``ScorpionSearch._may_end``: the search asks ``dead_end`` only after the moves it names (a
    deal, a card onto the last empty column, a pile onto a card that must go onto one of its cards,
    under Easy a card onto another's free end unless it leaves a card one rank higher). After
    every other move the search makes in these deals, from a position the analysis does not find
    lost, it does not find the new one lost either; under Easy some of those moves leave a card
    one rank higher."""
    from engine.solver.scorpion import _RANK, ScorpionSearch  # noqa: PLC0415

    enter = ScorpionSearch.enter
    seen = {"not asked": 0, "leaves a card one rank higher": 0}

    def enter_and_check(self, step, positions):
        if self._may_end(step):
            return enter(self, step, positions)
        alive = not self.dead_end()
        c, _ = step
        w = self.pos.loc[c]
        i = self.pos.cols[w].index(c) if w >= 0 else 0
        churn = i > 0 and _RANK[self.pos.cols[w][i - 1]] == _RANK[c] + 1
        if not enter(self, step, positions):
            return False
        if alive:
            assert not self.dead_end(), f"{code}: {self.pos.move_token(step)} from a live position to a dead end"
            seen["not asked"] += 1
            seen["leaves a card one rank higher"] += churn and not self._same
        return True

    monkeypatch.setattr(ScorpionSearch, "enter", enter_and_check)
    solve(deal(code), seconds=None, max_nodes=1500)
    assert seen["not asked"] >= 100, seen
    if "-EAS-" in code:
        assert seen["leaves a card one rank higher"] >= 50, seen


# -- Klondike -------------------------------------------------------------------------------------


def klondike_case(rng: random.Random) -> str:
    """Each suit's foundation built to a random height; the other cards, a dozen or so, spread:
    each column a few face-down cards and one face-up card, the rest in the stock and waste."""
    heights = [rng.randint(6, 13) for _ in range(4)]
    rest = [c for s in range(4) for c in suit_cards(s) if rank_of(c) >= heights[s]]
    rng.shuffle(rest)
    cols: list[str] = []
    for w in range(7):
        if not rest or rng.random() < 0.2:
            cols.append("")
            continue
        down = rng.randint(0, min(w, 4, len(rest) - 1))
        col = [rest.pop() for _ in range(down + 1)]
        cols.append("".join(card_token(c).lower() for c in col[:-1]) + card_token(col[-1]))
    waste_n = rng.randint(0, len(rest))
    waste, stock = rest[:waste_n], rest[waste_n:]
    found = "/".join(card_token(s * 13 + heights[s] - 1) if heights[s] else "-" for s in range(4))
    return (f"{'/'.join(cols)} {''.join(card_token(c).lower() for c in stock) or '-'} "
            f"{''.join(card_token(c) for c in waste) or '-'} {found}")


def klondike_answers_as_exhaustive(rules: str, make_case, rng: random.Random, each=None) -> dict[bool, int]:
    """Solve CASES small positions made by ``make_case(rng)`` (those the exhaustive search decides),
    assert that each answer is the exhaustive search's and each won line replays, call ``each`` on
    every position compared (with the solver's result), and count the answers."""
    answers = {True: 0, False: 0}
    while sum(answers.values()) < CASES:
        text = make_case(rng)
        pos = position("klondike", text, rules=rules)
        truth = bounded_exhaustive(pos)
        if truth is None:
            continue
        result = solve(pos, seconds=None)
        assert result.solved is truth, f"{rules}: {text}"
        if truth:
            assert replays(pos, result.moves), text
        answers[truth] += 1
        if each is not None:
            each(pos, result)
    return answers


@pytest.mark.parametrize("rules", ["draw1", "draw3", "draw1-vegas", "draw3-vegas"])
def test_klondike_answers_equal_the_exhaustive_search_on_small_positions(rules):
    answers = klondike_answers_as_exhaustive(rules, klondike_case, random.Random(f"klondike-{rules}"))
    assert answers[True] >= 5, answers
    if rules != "draw1":  # drawing one with unlimited passes, nearly every small position is won
        assert answers[False] >= 1, answers



def pointer_position(text: str, rules: str, talon: list[int], q: int):
    """The position ``text`` with the same talon, ``q`` cards of it on the waste."""
    cols, _, _, found = text.split(" ")
    stock = "".join(card_token(c).lower() for c in talon[q:]) or "-"  # listed from the next card drawn
    waste = "".join(card_token(c) for c in talon[:q]) or "-"
    return position("klondike", f"{cols} {stock} {waste} {found}", rules=rules)


@pytest.mark.parametrize("rules", ["draw1", "draw3", "draw1-vegas", "draw3-vegas"])
def test_klondike_a_position_is_skipped_when_a_recorded_pointer_draws_to_its_own(rules):
    """``KlondikeSearch.visit``: same columns and talon, pointer p after pointer q was recorded:
    skipped exactly when the engine's draws and recycles alone lead from q to p."""
    from engine.solver.klondike import KlondikeSearch  # noqa: PLC0415

    rng = random.Random(f"pointer-{rules}")
    checked = 0
    while checked < 12:
        text = klondike_case(rng)
        start = KlondikeSearch(position("klondike", text, rules=rules))
        talon = start.talon
        if len(talon) < 4:
            continue
        for q in range(len(talon) + 1):
            pos = pointer_position(text, rules, talon, q)
            reach, todo = {q}, [pos]
            while todo:  # every pointer the draws and recycles reach, in the engine
                here = todo.pop()
                for token in ("draw", "recycle"):
                    after = type(here).from_string(str(here), here.rules)
                    if after.play(token)[1].legal and len(after.waste) not in reach:
                        reach.add(len(after.waste))
                        todo.append(after)
            for p in range(len(talon) + 1):
                seen: dict = {}
                assert KlondikeSearch(pos).visit(seen)
                new = KlondikeSearch(pointer_position(text, rules, talon, p)).visit(seen)
                assert new is (p not in reach), f"{rules}: {text}, pointer {q} then {p}"
        checked += 1


def klondike_runs_case(rng: random.Random) -> str:
    """As ``klondike_case``, but the columns hold face-up runs (alternating colours, one rank apart)
    on their face-down cards, and the foundations lower: positions where runs can move between
    columns (swaps) and cards come back from the foundations."""
    heights = [rng.randint(5, 12) for _ in range(4)]
    rest = [c for s in range(4) for c in suit_cards(s) if rank_of(c) >= heights[s]]
    rng.shuffle(rest)
    cols: list[str] = []
    for w in range(7):
        if not rest or rng.random() < 0.15:
            cols.append("")
            continue
        down = [rest.pop() for _ in range(rng.randint(0, min(w, 2, len(rest) - 1)))]
        run = [rest.pop()]
        while len(run) < 4 and rng.random() < 0.8:
            fits = [c for c in rest if rank_of(c) == rank_of(run[-1]) - 1 and is_red(c) != is_red(run[-1])]
            if not fits:
                break
            run.append(fits[0])
            rest.remove(fits[0])
        cols.append("".join(card_token(c).lower() for c in down) + "".join(card_token(c) for c in run))
    waste_n = rng.randint(0, len(rest))
    waste, stock = rest[:waste_n], rest[waste_n:]
    found = "/".join(card_token(s * 13 + heights[s] - 1) if heights[s] else "-" for s in range(4))
    return (f"{'/'.join(cols)} {''.join(card_token(c).lower() for c in stock) or '-'} "
            f"{''.join(card_token(c) for c in waste) or '-'} {found}")


def twins_exchanged(pos) -> bool:
    """Whether the search's key of ``pos`` puts some twins' piles the other way round than the
    columns hold them (``KlondikeSearch._columns_key``)."""
    from engine.solver.klondike import KlondikeSearch  # noqa: PLC0415

    search = KlondikeSearch(pos)
    return search._canon != search._on  # what lies on each card, exchanged for the key / as it lies


@pytest.mark.parametrize("rules", ["draw1", "draw3", "draw1-vegas", "draw3-vegas"])
def test_klondike_positions_that_differ_in_which_twin_carries_which_pile_share_a_key_and_no_win_is_lost(rules):
    """*Twins* in engine/solver/klondike.py: on small positions with face-up runs, the solver's
    answer (one key for twins' piles either way round, no swaps, the step "a pile onto the free
    twin, then the covered one up") equals the exhaustive search's, which plays every move; and
    keys did exchange piles."""
    exchanged = 0

    def count_exchanges(pos, _result) -> None:
        nonlocal exchanged
        for move in pos.legal_moves():  # the positions one move on
            after = type(pos).from_string(str(pos), pos.rules)
            after.push(move)
            exchanged += twins_exchanged(after)

    answers = klondike_answers_as_exhaustive(rules, klondike_runs_case, random.Random(f"klondike-runs-{rules}"),
                                             count_exchanges)
    assert answers[True] >= 5, answers
    if "vegas" in rules:  # with unlimited passes nearly every small position is won
        assert answers[False] >= 1, answers
    assert exchanged >= 1


def test_klondike_twins_piles_either_way_round_give_one_key():
    """The same cards but for which red jack lies on which black queen, and which carries the ten
    of spades: one key; the ten of clubs there instead: another."""
    from engine.solver.klondike import KlondikeSearch  # noqa: PLC0415

    def key(cols: str, stock: str) -> bytes:
        return KlondikeSearch(position("klondike", f"{cols} {stock} - 9S/9H/9D/9C", rules="draw1")).key()

    rest = "jskstdqdthqhjckc"
    assert (key("KHQSJHTS/KDQCJD/////", "tc" + rest) == key("KHQSJD/KDQCJHTS/////", "tc" + rest)
            == key("KHQSJH/KDQCJDTS/////", "tc" + rest))
    assert key("KHQSJHTS/KDQCJD/////", "tc" + rest) != key("KHQSJHTC/KDQCJD/////", "ts" + rest)


@pytest.mark.parametrize("rules", ["draw1", "draw3", "draw1-vegas", "draw3-vegas"])
def test_klondike_the_key_kept_up_by_push_and_pop_is_the_key_of_the_position_the_engine_reaches(rules):
    """``KlondikeSearch`` keeps its key (the columns' heads, what lies on each card, twins'
    exchange) up to date in ``push`` and ``pop``: along random walks of steps and take-backs
    through deals, it equals the key of a search started afresh on the engine's position after
    the same moves (the steps' own ``tokens``)."""
    from engine import deal  # noqa: PLC0415
    from engine.solver.klondike import KlondikeSearch  # noqa: PLC0415

    variant = {"draw1": "D1N", "draw3": "D3N", "draw1-vegas": "D1V", "draw3-vegas": "D3V"}[rules]
    compared = 0
    for number in range(6):
        code = f"KL1-{variant}-AAAAAA{'ABCDEF'[number]}"
        search = KlondikeSearch(deal(code))
        rng = random.Random(f"walk-{code}")
        line: list = []
        tokens: list[list[str]] = []
        for _ in range(150):
            steps = search.moves() if line == [] or rng.random() < 0.75 else []
            if steps:
                step = rng.choice(steps)
                search.push(step)
                line.append(step)
                tokens.append(search.tokens(step))
            elif line:
                search.pop(line.pop())
                tokens.pop()
            engine_pos = deal(code)
            for token in (t for ts in tokens for t in ts):
                assert engine_pos.play(token)[1].legal, f"{code}: {token}"
            assert search.key() == KlondikeSearch(engine_pos).key(), f"{code} after {tokens}"
            compared += 1
    assert compared == 900


def take_back_chain(pos, moves) -> int:
    """The longest run of take-backs (cards back from their foundations) one after the other in ``moves``."""
    from engine.cards import parse_card  # noqa: PLC0415

    copy = type(pos).from_string(str(pos), pos.rules)
    longest = run = 0
    for move in moves:
        card, _, to = move.partition(">")
        back = bool(to) and to != "F" and copy.found[suit_of(parse_card(card))] > rank_of(parse_card(card))
        run = run + 1 if back else 0
        longest = max(longest, run)
        copy.play(move)
    return longest


def test_klondike_a_take_back_comes_only_as_the_chain_it_starts_and_no_win_is_lost():
    """*Take-backs* in engine/solver/klondike.py: a card comes back from its foundation only as the
    start of a chain (take-backs onto the last one or of the card under it, then a card from a
    column or the talon onto the last). On small positions with runs and low foundations, under
    every rule set, the solver's answer equals the exhaustive search's (which plays every
    take-back alone), and some won lines take two or more cards back in a row."""
    chains = 0

    def count_chains(pos, result) -> None:
        nonlocal chains
        if result.solved:
            chains += take_back_chain(pos, result.moves) >= 2

    for rules in ("draw1", "draw3", "draw1-vegas", "draw3-vegas"):
        klondike_answers_as_exhaustive(rules, klondike_runs_case, random.Random(f"klondike-take-backs-{rules}"),
                                       count_chains)
    assert chains >= 1
