"""A game is one module on the core, registered once: a third game defined here is dealt, played,
described, rendered and solved through the same public calls as Scorpion and Klondike, and nothing
outside this file names it (engine.games is the one place that answers "which game?").

The game, "ladder": the 52 cards dealt face up in 4 columns of 13; the only move takes the card at
a column's free end to its suit's pile (``QS>P``) when the pile holds the cards below it; the game
is won when every card is on the piles.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

import pytest

import engine
from engine import games, render, web
from engine.__main__ import main
from engine.cards import DECK, RANK, SUIT, SUITS, card, card_symbol, card_token, parse_card, suit_cards
from engine.core import MOVES, CardsSeen, Move, Position, RulesBase, Verdict, move_card, parse_columns
from engine.errors import NotationError
from engine.i18n import translator
from engine.solver import Search, solve

PILE = 4  # the move target after the four columns


@dataclasses.dataclass(frozen=True)
class LadderRules(RulesBase):
    columns: str = "4"

    GAME: ClassVar[str] = "ladder"
    CHOICES: ClassVar[dict[str, tuple[str, ...]]] = {"columns": ("4",)}
    PRESETS: ClassVar[dict[str, dict[str, str]]] = {"plain": {"columns": "4"}}
    CODES: ClassVar[dict[str, str]] = {"plain": "PLN"}


class LadderPosition(Position):
    GAME = "ladder"
    TITLE = "Ladder"
    Rules = LadderRules

    def __init__(self, columns: Sequence[Sequence[int]], down: Sequence[int], piles: Sequence[int],
                 rules: LadderRules | None = None, score: int = 0):
        super().__init__()
        self.rules = rules or LadderRules()
        self.cols = [list(c) for c in columns]
        self.down = list(down)
        self.piles = list(piles)
        self.score = score

    @staticmethod
    def parse_fields(text: str, rules: Any) -> tuple[Any, ...]:
        col_text, _, pile_text = text.partition(" ")
        seen = CardsSeen()
        columns, down = parse_columns(col_text.split("/"), seen)
        piles = [0] * len(SUITS)
        for ch in pile_text.split("/") if pile_text != "-" else ():
            top = move_card(ch, pile_text)
            piles[SUIT[top]] = RANK[top] + 1
            for c in suit_cards(SUIT[top])[: RANK[top] + 1]:
                seen.take(c, "the piles")
        seen.check_complete()
        return columns, down, tuple(piles)

    @classmethod
    def deal_layout(cls, rules: Any) -> tuple[Sequence[int], Sequence[int]]:
        return (13,) * 4, (0,) * 4

    @classmethod
    def dealt(cls, columns: list[list[int]], down: Sequence[int], rest: list[int], rules: Any) -> LadderPosition:
        return cls(columns, down, [0] * len(SUITS), rules)

    def fields_text(self) -> tuple[str, ...]:
        return ("/".join(card_token(card(n - 1, s)) for s, n in enumerate(self.piles) if n) or "-",)

    def parse_move(self, token: str) -> Move:
        card_text, sep, target = token.partition(">")
        if not sep or target != "P":
            raise NotationError(f"move {token!r} is not a ladder move (e.g. AS>P)")
        return MOVES[move_card(card_text, token)][PILE]

    def move_token(self, move: Any) -> str:
        return f"{card_token(move[0])}>P"

    def verdict(self, move: Any) -> Verdict:
        c = move[0]
        if not any(col and col[-1] == c for col in self.cols):
            return Verdict(False, "no-such-card")
        if self.piles[SUIT[c]] != RANK[c]:
            return Verdict(False, "one-rank-lower")
        return Verdict(True, points=1)

    def legal_moves(self) -> Iterator[Move]:
        for col in self.cols:
            if col and self.piles[SUIT[col[-1]]] == RANK[col[-1]]:
                yield MOVES[col[-1]][PILE]

    def _apply(self, move: Any) -> tuple[Any, int]:
        c = move[0]
        i = next(i for i, col in enumerate(self.cols) if col and col[-1] == c)
        self.cols[i].pop()
        self.piles[SUIT[c]] += 1
        return (c, i), 1

    def _revert(self, record: Any) -> None:
        c, i = record
        self.piles[SUIT[c]] -= 1
        self.cols[i].append(c)

    def is_won(self) -> bool:
        return sum(self.piles) == len(DECK)

    def describe(self, lang: str = "en") -> str:
        t = translator(lang)
        tops = ", ".join(t.card(col[-1]) for col in self.cols if col) or "none"
        return f"{sum(self.piles)} cards on the piles; free ends: {tops}."


class LadderSearch(Search):
    def key(self) -> str:
        return str(self.pos)

    def moves(self) -> list[Any]:
        return list(self.pos.legal_moves())


class Ladder(games.Game):
    name = "ladder"
    title = "Ladder"
    Rules = LadderRules
    Position = LadderPosition

    def preset_name(self, preset: str, lang: str = "en") -> str:
        return preset.capitalize()

    def facts(self, rules: Any = None) -> dict[str, int]:
        return {"deck": len(DECK), "columns": 4}

    def scoring_table(self, rules: Any = None, lang: str = "en") -> list[tuple[str, str]]:
        return [("A card goes to its pile", "+1")]

    def board_top(self, pos: Any, lang: str, interactive: bool) -> str:
        return f'<div class="sol-place-group" data-place="piles">{render.esc(sum(pos.piles))}</div>'

    def search(self, pos: Any) -> Search:
        return LadderSearch(pos)

    def move_parts(self, token: str) -> tuple[str, dict[str, Any]]:
        # A card to its pile is the kind of move the engine's texts call "to its foundation".
        return "to-foundation", {"card": card_symbol(parse_card(token[:2]))}


GAME = Ladder()
# Every column a suit, king at the table edge, ace at the free end: the ladder climbs down to a win.
WON_IN_52 = "/".join("".join(card_token(c) for c in reversed(suit_cards(s))) for s in range(4)) + " -"


@pytest.fixture()
def ladder():
    games.register("ladder", code="LD", module=__name__)
    yield GAME
    games.unregister("ladder")


def test_a_registered_game_is_found_by_name_and_by_its_codes_letters(ladder):
    assert engine.find("ladder") is ladder and "ladder" in engine.GAMES
    assert engine.name_of_code("LD") == "ladder" and ladder.code(1) == "LD1-PLN-AAAAAAB"


def test_it_is_dealt_from_a_code_and_read_back_from_its_position_string(ladder):
    pos = engine.deal("LD1-PLN-AAAAAAB")
    assert isinstance(pos, LadderPosition) and len(pos.cols) == 4
    assert str(engine.position("ladder", str(pos))) == str(pos) == str(ladder.deal(1))
    with pytest.raises(engine.EngineError, match="appears twice"):
        engine.position("ladder", "AS/AS// -")


def test_it_is_played_and_judged_and_undone_like_the_others(ladder):
    pos = engine.position("ladder", WON_IN_52)
    assert pos.play("KS>P")[1].reason == "no-such-card"  # not at a free end
    token, verdict = pos.play("AS>P")
    assert (token, verdict.legal, pos.score) == ("AS>P", True, 1)
    assert pos.play("undo")[1].points == -1 and str(pos) == WON_IN_52


def test_it_is_described_rendered_and_opened_as_a_widget(ladder):
    pos = engine.position("ladder", WON_IN_52)
    assert pos.describe("hu").startswith("0 cards on the piles; free ends: pikk ász")
    html = render.board(pos, "en", interactive=True)
    assert 'class="sol-board sol-ladder"' in html and 'data-column="4"' in html and 'data-place="piles"' in html
    answer = json.loads(web.handle(json.dumps({"op": "open", "id": "ladder", "config": {
        "kind": "try", "game": "ladder", "start": WON_IN_52}})))
    assert answer["ok"] and answer["frame"]["description"] == pos.describe("en")
    frame = json.loads(web.handle('{"op": "move", "id": "ladder", "token": "AH>P"}'))["frame"]
    assert frame["legal"] is True and frame["score"] == "1" and frame["message"] == "A♥ → foundation: +1 point"


def test_it_is_solved_and_its_facts_and_scores_reach_the_pages(ladder):
    result = solve(engine.position("ladder", WON_IN_52), max_nodes=1000)
    assert result.solved is True and len(result.moves) == 52
    assert engine.facts("ladder")["columns"] == 4
    assert engine.scoring_table("ladder") == [("A card goes to its pile", "+1")]


def test_the_command_line_plays_it(ladder, capsys):
    assert main(["play", "--game", "ladder", "--position", WON_IN_52, "--moves", "AS>P 2S>P", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["score"] == 2


def test_a_game_unregistered_is_unknown_again(ladder):
    games.unregister("ladder")
    with pytest.raises(engine.EngineError, match="unknown game 'ladder'"):
        engine.find("ladder")
    games.register("ladder", code="LD", module=__name__)
