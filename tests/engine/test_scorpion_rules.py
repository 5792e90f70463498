"""Scorpion as the app plays it: one test per rule, named after the rule.

The sentences quoted are the seeds' (000 hu, 003 ca, 004 ru); issue 2 makes every one of them a
requirement. Tables are written by hand with ``scorpion_tables.scorpion`` (see its docstring).
"""

from __future__ import annotations

import pytest
from klondike_tables import klondike
from scorpion_tables import column, run, scorpion, table
from verdicts import made, refused

import engine
from engine.__main__ import main
from engine.cards import suit_of
from engine.errors import NotationError, RulesError
from engine.scorpion import GAME, LAYOUTS, ScorpionRules

RESERVE = "2c9d7c"  # three face-down reserve cards, dealt onto columns 1, 2, 3 in this order


def face_down_counts(pos) -> list[int]:
    return [sum(suit.islower() for suit in col[1::2]) for col in str(pos).split(" ")[0].split("/")]


def face_up_count(pos) -> int:
    return sum(suit.isupper() for col in str(pos).split(" ")[0].split("/") for suit in col[1::2])


# -- the deal ------------------------------------------------------------------------------------


@pytest.mark.parametrize("number", [0, 1, 2, 3, 26**7 - 1])
def test_deal_is_seven_columns_of_seven_with_12_face_down_37_face_up_and_a_reserve_of_3(number):
    # hu „7 oszlop, egyenként 7 lappal, 12 lefordított lap, 3 lap a tartalékban.”
    # „a 1. és 4. közötti oszlopok: 3 lefordított lap, majd rajtuk 4 látható lap; a 5. és 7. közötti
    # oszlopok: mind a 7 lap látható. Így 12 lefordított és 37 látható lap van.”
    pos = engine.deal(GAME.code(number))
    cols, reserve, removed = str(pos).split(" ")
    assert [len(c) // 2 for c in cols.split("/")] == [7] * 7
    assert face_down_counts(pos) == [3, 3, 3, 3, 0, 0, 0]
    assert face_up_count(pos) == 37
    assert len(reserve) == 6 and reserve == reserve.lower()  # ca «de cara avall»
    assert removed == "-"
    assert pos.score == 0


def test_deal_numbers_are_the_facts_the_pages_quote():
    # „Mellette 4 hely várja az elkészült sorokat.” / 52 cards, 49 dealt, 12 + 37
    facts = engine.facts("scorpion")
    assert (facts["deck"], facts["dealt"], facts["columns"], facts["column_size"]) == (52, 49, 7, 7)
    assert (facts["face_down"], facts["face_up"], facts["reserve"], facts["places"]) == (12, 37, 3, 4)


def test_deal_code_gives_the_same_deal_every_time():
    code = GAME.code(123456)
    assert code == "SC1-CLA-AAAHAQI"  # 123456 = 7·26³ + 16·26 + 8
    assert str(engine.deal(code)) == str(engine.deal(code)) == str(engine.position("scorpion", code=code))


# -- block moves -------------------------------------------------------------------------------


def test_a_block_moves_with_every_card_on_it_ordered_or_not():
    # ru „группа 7♠–4♥–10♣–2♦ законно переносится на свободную 8♠ … Четвёрка, десятка и двойка
    # перемещаются вместе с ней, хотя не продолжают семёрку ни по масти, ни по порядку.”
    pos = scorpion("9D 7S 4H TC 2D", "8S", "JC", "... KD")
    assert made(pos, "7S>2") == 5
    assert column(pos, 1) == "9D"
    assert column(pos, 2) == "8S7S4HTC2D"


def test_a_block_may_start_inside_another_block():
    # ru „можно … перенести 10♣–2♦ на свободного валета треф. Тогда семёрка и четвёрка останутся
    # в прежнем столбце.”
    pos = scorpion("9D 7S 4H TC 2D", "8S", "JC", "... KD")
    assert made(pos, "TC>3") == 5
    assert column(pos, 1) == "9D7S4H"
    assert column(pos, 3) == "JCTC2D"


def test_only_the_first_card_of_the_block_counts():
    # hu „Csak a csoport első lapja számít annak eldöntésekor, hogy a lépés megengedett-e”
    pos = scorpion("9D 7S 4H TC 2D", "5H", "3D", "... KD")
    assert refused(pos, "7S>2") == "one-rank-lower"  # 4♥ in the block would fit 5♥: irrelevant
    assert made(pos, "2D>3") == 5  # the last card alone is a block of one
    assert made(pos, "4H>2") == 5  # 4♥ carries 10♣ (and nothing else is left to carry)
    assert column(pos, 2) == "5H4HTC" and column(pos, 1) == "9D7S"


def test_a_face_down_card_cannot_be_chosen():
    # ru „Закрытую карту выбирать нельзя.”
    pos = scorpion("... 5S", "6S", "4C")
    assert refused(pos, "3C>3") == "face-down"


# What Scorpion's texts say (the seed 000, the pages) and what Klondike's say (seed 001) differ in
# Hungarian: „érték / eggyel kisebb értékű” and „rang”. The reason id is the same; each game words it.
RANK_MESSAGES = {
    "hu": ("Szabály: a lapnak pontosan eggyel kisebb értékűnek kell lennie",
           "Szabály: a lapnak pontosan eggyel alacsonyabb rangúnak kell lennie"),
    "ca": ("Regla: la carta ha de ser de valor immediatament inferior",) * 2,
    "ru": ("Правило: карта должна быть ровно на один ранг младше",) * 2,
    "en": ("Rule: the card must be exactly one rank lower",) * 2,
}


@pytest.mark.parametrize("lang", RANK_MESSAGES)
def test_a_card_one_rank_off_is_refused_in_each_games_own_words(lang):
    pos = scorpion("... 5D 9S", "TS", "JH", "QH", "8S")
    _, verdict = pos.play("8S>2")
    _, wrong = klondike("... 7H", "9S").play("7H>2")  # Klondike: 7♥ onto 9♠
    assert (verdict.reason, verdict.message(lang)) == ("one-rank-lower", RANK_MESSAGES[lang][0])
    assert (wrong.reason, wrong.message(lang)) == ("one-rank-lower", RANK_MESSAGES[lang][1])
    assert engine.Verdict(False, "one-rank-lower", game="scorpion").message(lang) == RANK_MESSAGES[lang][0]


def test_a_card_goes_onto_the_same_suit_exactly_one_rank_lower():
    # hu „azonos színű és pontosan eggyel kisebb értékű: a pikk 9 a pikk 10 lapra, a bubi a dámára”
    pos = scorpion("... 5D 9S", "TS", "JH", "QH", "8S")
    assert refused(pos, "8S>2") == "one-rank-lower"
    assert made(pos, "9S>2") == 5
    assert refused(pos, "QH>3") == "one-rank-lower"  # one rank HIGHER is not a placement
    assert made(pos, "JH>4") == 5
    # ru „7♠ идёт на 8♠, валет червей — на даму червей, двойка треф — на тройку треф.”
    pos = scorpion("... 5D 7S", "8S", "3C", "4H 2C")
    assert made(pos, "7S>2") == 5 and made(pos, "2C>3") == 5


def test_a_card_goes_only_onto_the_free_end_of_another_column():
    # ru „Нельзя вставить семёрку на видимую восьмёрку в середине другого столбца”
    pos = scorpion("... 7S", "8S 3D")
    assert refused(pos, "7S>2") == "one-rank-lower"
    assert refused(pos, "3D>2") == "same-column"


def test_nothing_goes_onto_an_ace():
    # hu „ászra semmi sem helyezhető”; ca «no es pot col·locar res sobre un as»
    pos = scorpion("AS", "... 5C", "KS 2S 2H QD")
    for token in ("2S>1", "2H>1", "KS>1", "QD>1"):
        assert refused(pos, token) == "on-ace"
    assert pos.check_token("2S>1").message("hu") == "Ászra semmi sem helyezhető"
    assert pos.check_token("2S>1").message("ca") == "No es pot col·locar res sobre un as"
    assert not [m for m in pos.legal_moves() if m[1] == 0]


def test_no_king_onto_ace_wrap():
    # ru „На туза ничего не кладут, перехода король → туз по кругу нет.”
    pos = scorpion("AS", "KS", "... 5C")
    assert refused(pos, "KS>1") == "on-ace"
    pos = scorpion("KS", "AS", "... 5C")
    assert refused(pos, "AS>1") == "one-rank-lower"


# -- the empty column --------------------------------------------------------------------------


def test_an_empty_column_takes_only_a_king_alone_or_with_its_block():
    # hu „Kiürített oszlopra csak király kerülhet, önmagában vagy a ráhelyezett lapokkal együtt.
    # … „Üres oszlopra csak király kerülhet”.” ca «Només un rei pot anar en una columna buida»
    pos = scorpion("... 4D", "", "QH JH", "9C KH 3S", "KC")
    verdict = pos.check_token("QH>2")
    assert verdict.reason == "empty-needs-king"
    assert verdict.message("hu") == "Üres oszlopra csak király kerülhet"
    assert verdict.message("ca") == "Només un rei pot anar en una columna buida"
    assert verdict.message("en") == "Only a king can go onto an empty column"
    assert refused(pos, "4D>2") == "empty-needs-king"
    assert made(pos, "KH>2") == 0  # hu „király üres oszlopra helyezése … 0”
    assert column(pos, 2) == "KH3S"
    assert made(pos, "KC>6") == 0  # a lone king


def test_ruling_a_queen_with_a_perfect_run_behind_it_may_not_start_an_empty_column():
    # ru „Дама или семёрка не могут начать пустой столбец, даже если за ними лежит аккуратная
    # одномастная последовательность.”
    pos = scorpion("... 5D QS JS TS 9S 8S", "")
    assert refused(pos, "QS>2") == "empty-needs-king"
    assert refused(pos, "8S>2") == "empty-needs-king"
    assert not [m for m in pos.legal_moves() if pos.move_token(m).endswith(">2")]


def test_ruling_a_column_beginning_with_a_face_up_king_may_move_whole_into_another_empty_column():
    # ru „Если целый столбец начинается открытым королём, его тоже можно перенести в другой пустой
    # столбец. … Такое перемещение само по себе ещё не открывает закрытую карту.”
    pos = scorpion("KD 5C 9H", "", "... 2S", "")
    assert {pos.move_token(m) for m in pos.legal_moves()} >= {"KD>2", "KD>4"}
    assert made(pos, "KD>2") == 0
    assert column(pos, 1) == "" and column(pos, 2) == "KD5C9H"
    assert made(pos, "KD>4") == 0 and column(pos, 4) == "KD5C9H"
    # ru „До добора переход между первыми тремя и правыми четырьмя местами может изменить, какая
    # группа получит карту резерва.”
    pos = scorpion("", "... 2S", "", "", "KD 5C 9H", reserve=RESERVE)
    made(pos, "KD>1")
    made(pos, "deal")
    assert column(pos, 1) == "KD5C9H2C" and column(pos, 5) == ""


def test_easy_keeps_empty_columns_king_only():
    # hu „Minden más azonos: üres oszlopra csak király kerülhet”
    pos = scorpion("... QH", "", rules="easy")
    assert refused(pos, "QH>2") == "empty-needs-king"


# -- suits: Classic and Easy ----------------------------------------------------------------


def test_classic_refuses_another_suit_with_the_apps_message():
    # hu „Klasszikus szabálynál ezt a lépést az alkalmazás ezzel az üzenettel utasítja el: „Szabály:
    # a lapoknak azonos színűnek kell lenniük”.” ca «Regla: les cartes han de ser del mateix pal»
    pos = scorpion("... 7H", "8S", "8C", "8D")
    verdict = pos.check_token("7H>2")
    assert verdict.reason == "same-suit"
    assert verdict.message("hu") == "Szabály: a lapoknak azonos színűnek kell lenniük"
    assert verdict.message("ca") == "Regla: les cartes han de ser del mateix pal"
    for token in ("7H>2", "7H>3", "7H>4"):  # ru „пики нельзя положить на трефы”: colour is no help
        assert refused(pos, token) == "same-suit"


def test_easy_accepts_any_suit_one_rank_lower_for_no_points():
    # hu „A Könnyített szabálynál egy lap bármely eggyel nagyobb értékű lapra helyezhető, színtől
    # függetlenül: a kőr 7 a pikk 8 lapra.” … „eltérő színű lapra helyezés Könnyített szabállyal … 0”
    pos = scorpion("... 5D 7H", "8S", "9C 6H", rules="easy")
    assert made(pos, "7H>2") == 0
    assert made(pos, "6H>2") == 5  # same suit still earns its 5 under Easy
    assert refused(pos, "8S>1") != "same-suit"
    assert GAME.preset_name("easy", "hu") == "Könnyített" and GAME.preset_name("easy", "ca") == "Flexible"
    assert GAME.preset_name("classic", "hu") == "Klasszikus" and GAME.preset_name("classic", "ca") == "Clàssica"


def test_easy_still_needs_exactly_one_rank_lower():
    pos = scorpion("... 6H", "8S", rules="easy")
    assert refused(pos, "6H>2") == "one-rank-lower"


def test_easy_removes_only_single_suit_sequences():
    # hu „a játékból kikerülő teljes soroknak egyetlen színből kell állniuk”
    mixed = "KH QS JH TH 9H 8H 7H 6H 5H 4H 3H 2S"
    pos = scorpion(mixed, "... 9C AD", rules="easy")
    assert made(pos, "AD>1") == 0
    assert str(pos).endswith(" - -") and column(pos, 1).endswith("2SAD")
    pos = scorpion(run("H", "K", "2"), "... 9C AH", rules="easy")
    assert made(pos, "AH>1") == 105 and str(pos).endswith(" - H")


# -- face-down cards ---------------------------------------------------------------------------


def test_only_the_last_face_down_card_turns_face_up():
    # hu „Amikor elmozgatja a lefordított lapra helyezett utolsó látható lapot, a lefordított lap
    # magától felfordul, és játszhatóvá válik.” ru „Остальные закрытые карты пока не открывают.”
    pos = scorpion("2h 3h 4h 5S", "6S", "5H", "... KC")
    assert made(pos, "5S>2") == 10  # +5 same suit, +5 the card turned
    assert column(pos, 1) == "2h3h4H"
    assert made(pos, "4H>3") == 10  # the turned card is playable at once
    assert column(pos, 1) == "2h3H"
    assert face_down_counts(pos)[0] == 1
    # ru „Теперь она доступна и для переноса, и для приёма подходящей карты.”
    pos = scorpion("2h 9h 4h 5S", "6S", "3H", "... KC")
    made(pos, "5S>2")
    assert made(pos, "3H>1") == 5 and column(pos, 1) == "2h9h4H3H"


def test_no_card_turns_while_a_face_up_card_remains():
    # ru „Если после переноса на конце осталась уже открытая карта, дополнительно переворачивать нечего.”
    pos = scorpion("2h 9C 5S", "6S", "... KC")
    assert made(pos, "5S>2") == 5
    assert column(pos, 1) == "2h9C"


def test_a_column_emptied_of_face_up_cards_with_nothing_beneath_becomes_empty():
    # ru „Если столбец разобран целиком, он подчиняется правилу пустого места.”
    pos = scorpion("5S", "6S", "... KC", "QC")
    assert made(pos, "5S>2") == 5 and column(pos, 1) == ""
    assert refused(pos, "QC>1") == "empty-needs-king"


# -- the reserve -------------------------------------------------------------------------------


def test_reserve_is_dealt_in_one_action_one_card_onto_each_of_columns_1_2_3_in_order():
    # hu „A tartalék 3 lapja egyetlen alkalommal, egy érintéssel osztható ki: egy-egy lap képpel
    # felfelé a 1., 2. és 3. oszlopra.” ru „первую на конец первого столбца, вторую — второго …”
    pos = scorpion("8H", "4S", "... KS", "JD", reserve=RESERVE)
    assert made(pos, "deal") == 0  # hu „a tartalék kiosztása … 0”
    assert (column(pos, 1), column(pos, 2), column(pos, 4)) == ("8H2C", "4S9D", "JD")
    assert column(pos, 3).endswith("KS7C")
    assert str(pos).split(" ")[1] == "-"


def test_reserve_card_lands_whatever_the_rank_and_suit_of_the_free_end():
    # ru „Карта добора ложится независимо от ранга и масти прежнего конца … на восьмёрку может
    # попасть пятёрка другой масти.”
    pos = scorpion("8H", "AS", "... KS", reserve="5c9d7c")
    made(pos, "deal")
    assert column(pos, 1) == "8H5C" and column(pos, 2) == "AS9D"  # even onto an ace


def test_ruling_the_reserve_card_lands_on_an_empty_column_1_to_3_whatever_its_rank():
    # hu „(an empty column gets its card too)”; ru „Если одно из первых трёх мест пусто, оно тоже
    # получает свою карту резерва.”
    pos = scorpion("", "", "", "... KS", reserve="qd2c9d")
    made(pos, "deal")
    assert (column(pos, 1), column(pos, 2), column(pos, 3)) == ("QD", "2C", "9D")


def test_reserve_is_dealt_only_once():
    # ca «Les 3 cartes de la reserva es reparteixen una sola vegada»; ru „второго добора … нет”
    pos = scorpion("8H", "4S", "... KS", reserve=RESERVE)
    made(pos, "deal")
    assert refused(pos, "deal") == "reserve-dealt"
    assert "deal" not in {pos.move_token(m) for m in pos.legal_moves()}


def test_reserve_may_be_dealt_at_any_time_under_classic():
    # hu „Az alkalmazásban ezt bármikor meg lehet tenni.” ru „наличие другого допустимого хода само по
    # себе не запрещает добор”
    pos = engine.deal("SC1-CLA-AAAAAAB")
    assert len(list(pos.legal_moves())) > 1
    assert pos.check_token("deal").legal
    assert "deal" in {pos.move_token(m) for m in pos.legal_moves()}


def test_reserve_deal_counts_as_a_move():
    # hu „A kiosztás egy lépésnek számít.” — it is undone like any move
    pos = scorpion("8H", "4S", "... KS", reserve=RESERVE)
    before = str(pos)
    made(pos, "deal")
    assert len(pos.move_stack) == 1
    _, verdict = pos.play("undo")
    assert verdict.legal and verdict.points == 0
    assert str(pos) == before


def test_reserve_cards_cannot_be_played_before_the_deal():
    pos = scorpion("3C", "... KS", reserve=RESERVE)
    assert refused(pos, "2C>1") == "in-reserve"


# -- complete sequences ----------------------------------------------------------------------


def test_a_complete_run_at_the_free_end_of_the_receiving_column_is_removed():
    # hu „Amikor egy oszlop tetején kialakul egy 13 lapból álló, azonos színű, királytól ászig tartó sor,
    # amelynek minden lapja látható, az alkalmazás eltávolítja, és a 4 hely egyikére teszi.”
    pos = scorpion(run("H", "K", "2"), "9C AH", "... KS")
    assert made(pos, "AH>1") == 105  # +5 same suit, +100 the sequence
    assert column(pos, 1) == ""
    assert str(pos).endswith(" - H")


def test_removing_a_sequence_turns_the_face_down_card_beneath():
    # hu „Egy lefordított lap felfordul (egy sor eltávolítása után is) | +5”
    pos = scorpion("4s " + run("H", "K", "2"), "9C AH", "... KS")
    assert made(pos, "AH>1") == 110
    assert column(pos, 1) == "4S"


def test_a_run_with_a_face_down_card_is_not_complete():
    # hu „amelynek minden lapja látható”
    pos = scorpion("kh " + run("H", "Q", "2"), "9C AH", "... KS")
    assert made(pos, "AH>1") == 5
    assert str(pos).endswith(" - -")


def test_complete_runs_are_removed_from_columns_1_to_3_after_the_reserve_deal():
    # hu „(a tartalék kiosztása után pedig a 1. és 3. közötti oszlopokon)”
    pos = scorpion(run("H", "K", "2"), "5C", "3c " + run("S", "K", "2"), "... KC", reserve="ah9das")
    assert made(pos, "deal") == 205  # two sequences and the 3♣ they uncovered
    assert str(pos).endswith(" - HS")
    assert column(pos, 1) == "" and column(pos, 2) == "5C9D" and column(pos, 3) == "3C"


def test_a_covered_run_stays_and_is_not_removed_when_later_uncovered():
    # hu „A más lapokkal lefedett sor a helyén marad.” The check runs only on the receiving column.
    pos = scorpion(run("H", "K", "2"), "AH 5C", "... 6C")
    assert made(pos, "AH>1") == 5
    assert column(pos, 1).endswith("AH5C") and str(pos).endswith(" - -")
    assert made(pos, "5C>3") == 5  # column 1 is uncovered but did not receive anything
    assert column(pos, 1) == run("H").replace(" ", "") and str(pos).endswith(" - -")


def test_nothing_is_ever_placed_on_the_removed_sequences_by_hand():
    # hu „Ezekre a helyekre kézzel soha nem helyezhető lap.” Moves name columns only; removed
    # cards are off the table.
    pos = scorpion("... KS", "QC", removed="H")
    assert refused(pos, "AH>2") == "no-such-card"
    with pytest.raises(NotationError):
        pos.parse_move("QC>F")
    with pytest.raises(NotationError):
        pos.parse_move("QC>8")


# -- the end of the game ---------------------------------------------------------------------


def test_the_game_is_won_when_the_4_sequences_are_removed():
    # hu „Akkor nyeri meg a játszmát, amikor az alkalmazás mind a 4 sort eltávolította.”
    pos = scorpion(run("C", "K", "2"), "AC", removed="HSD")
    assert not pos.is_won()
    assert made(pos, "AC>1") == 105
    assert pos.is_won()
    assert str(pos) == "////// - HSDC"


def test_no_defeat_is_detected():
    # hu „Az alkalmazás nem észleli a vereséget: ha már semmi sem mozdítható, lépéseket vonhat
    # vissza, vagy új játszmát kezdhet.”
    pos = scorpion("... AS", "5C 3D", "4D")
    made(pos, "3D>3")  # now nothing can move: A♠ takes nothing, 5♣ and 4♦–3♦ have no partner
    assert list(pos.legal_moves()) == []
    assert not pos.is_won()
    assert pos.can_undo() and made(pos, "undo") == -5
    assert [pos.move_token(m) for m in pos.legal_moves()] == ["3D>3"]


# -- scoring -----------------------------------------------------------------------------------

SCORING_HU = [
    ("A ráhelyezett lap azonos színű azzal a lappal, amelyre kerül", "+5"),
    ("Egy lefordított lap felfordul (egy sor eltávolítása után is)", "+5"),
    ("Egy teljes sor kikerül a játékból", "+100"),
    (
        "Minden más lépés: király üres oszlopra helyezése, eltérő színű lapra helyezés Könnyített "
        "szabállyal, a tartalék kiosztása",
        "0",
    ),
]
SCORING_CA = [
    ("La carta col·locada és del mateix pal que la carta que la rep", "+5"),
    ("Es gira una carta tapada (també després de retirar una seqüència)", "+5"),
    ("Es retira una seqüència completa", "+100"),
    (
        "Qualsevol altra jugada: un rei en una columna buida, una col·locació sobre un altre pal amb la "
        "Flexible o el repartiment de la reserva",
        "0",
    ),
]


def test_scoring_table_is_the_apps():
    # seed 000 lines 30–35, seed 003 lines 30–35, row for row
    assert engine.scoring_table("scorpion", lang="hu") == SCORING_HU
    assert engine.scoring_table("scorpion", lang="ca") == SCORING_CA
    assert [p for _, p in engine.scoring_table("scorpion", lang="ru")] == ["+5", "+5", "+100", "0"]


def test_score_starts_at_zero_and_every_move_earns_what_the_table_says():
    # hu „A pontszám 0 pontról indul. Végrehajtott lépés miatt soha nem csökken”
    pos = scorpion("5c 8S", "9S", "", "KD", "... 5D 7H", reserve=RESERVE, rules="easy")
    assert pos.score == 0
    assert made(pos, "8S>2") == 10  # same suit + the 5♣ turned
    assert made(pos, "KD>3") == 0  # a king onto an empty column
    assert made(pos, "7H>2") == 0  # another suit under Easy
    assert made(pos, "deal") == 0  # the reserve
    assert pos.score == 10


def test_a_game_won_without_undo_is_worth_at_least_460():
    # hu „Egy visszavonás nélkül megnyert játszma tehát legalább 460 pontot ér: 12 felfordított lap × 5
    # és 4 sor × 100, továbbá 5 pont minden azonos színű lapra helyezésért.”
    assert engine.facts("scorpion")["min_win_score"] == 460
    pos = engine.deal(WON_DEAL)
    same_suit = 0
    for token in WON_MOVES.split():
        if token != "deal":
            card, to = pos.parse_move(token)
            top = pos.cols[to][-1] if pos.cols[to] else None
            same_suit += top is not None and suit_of(top) == suit_of(card)
        made(pos, token)
    assert pos.is_won()
    assert pos.score == 12 * 5 + 4 * 100 + 5 * same_suit >= 460


# A won game on deal SC1-CLA-AAAAAAD, found by a depth-first search (no undo in it).
WON_DEAL = "SC1-CLA-AAAAAAD"
WON_MOVES = (
    "4H>5 9H>6 2C>5 2S>7 4C>7 TH>3 5C>2 AS>7 3C>2 8S>5 8C>1 7H>5 5H>3 deal 9S>3 KH>5 TD>2 QD>3 QC>2 KD>7 "
    "6C>1 TC>6 AC>1 QS>5 5S>7 KC>3 JS>5 2D>2 4S>7 3D>3 3S>7 TS>5 AD>3 4D>1 7C>3 2H>1 6S>6 7D>4 6D>4 7S>5 "
    "3H>5 6H>4 8H>5 JH>6 QH>5 5D>4 9D>5 JD>7 AH>5 9C>7 JC>3 8D>7"
)


# -- undo --------------------------------------------------------------------------------------


def test_undo_takes_back_exactly_what_the_action_earned():
    # hu „Egy lépés visszavonása levonja az érte kapott pontokat”
    pos = scorpion("4s " + run("H", "K", "2"), "9c AH", "... KS")
    before = str(pos)
    assert made(pos, "AH>1") == 115  # +5 same suit, +5 the 9♣, +100, +5 the 4♠
    _, verdict = pos.play("undo")
    assert verdict.legal and verdict.points == -115
    assert (str(pos), pos.score) == (before, 0)


def test_undo_keeps_the_last_100_actions():
    # hu „az alkalmazás megőrzi az utolsó 100 műveletet”
    pos = scorpion("KD 5C", "", "", "... 2S")
    positions = [str(pos)]
    for i in range(150):
        made(pos, f"KD>{2 + i % 2}")
        positions.append(str(pos))
    for i in range(100):
        assert made(pos, "undo") == 0
        assert str(pos) == positions[149 - i]
    assert refused(pos, "undo") == "nothing-to-undo"
    assert str(pos) == positions[50]
    assert engine.UNDO_LIMIT == engine.facts("scorpion")["undo_limit"] == 100


def test_undo_of_the_deal_gives_the_reserve_back():
    pos = scorpion(run("H", "K", "2"), "5C", "... KC", reserve="ah9d7c")
    before = str(pos)
    assert made(pos, "deal") == 100
    assert made(pos, "undo") == -100
    assert str(pos) == before and pos.score == 0


def test_nothing_to_undo_at_the_start():
    pos = engine.deal("SC1-CLA-AAAAAAA")
    assert refused(pos, "undo") == "nothing-to-undo"


# -- variants ----------------------------------------------------------------------------------


def test_complete_stay_leaves_runs_on_the_table():
    # ru „Готовые ряды остаются на игровом поле.”
    pos = scorpion(run("H", "K", "2"), "9C AH", "... KS", rules="classic,complete=stay")
    assert made(pos, "AH>1") == 5
    assert column(pos, 1) == run("H").replace(" ", "") and str(pos).endswith(" - -")
    with pytest.raises(NotationError):
        engine.position("scorpion", table(run("C"), "... KS", removed="H"), rules="traditional")


def test_complete_stay_is_won_with_four_king_to_ace_columns_and_nothing_else():
    # ru „Скорпион сошёлся, когда все 52 карты составили четыре отдельные одномастные
    # последовательности по 13 карт … Резерв пуст, три остальных столбца свободны.”
    won = scorpion(run("S"), "", run("H"), "", run("C"), run("D"), rules="classic,complete=stay")
    assert won.is_won()
    # ru „смешанные масти, пропуски и дополнительные карты перед королём означают, что сборка ещё не
    # закончена”
    gap = "KC QC JC TC 9C 8C 7C 6C 4C 3C 2C AC"
    not_won = [
        scorpion(run("S"), "5C " + run("H"), gap, run("D"), rules="classic,complete=stay"),  # extra card, gap
        scorpion(run("S"), "kh " + run("H", "Q"), run("C"), run("D"), rules="classic,complete=stay"),
        scorpion(run("S"), "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AD", "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AH",
                 run("C"), rules="classic,complete=stay"),  # mixed suits
    ]
    for pos in not_won:
        assert not pos.is_won(), str(pos)


def test_complete_stay_a_finished_game_by_moves():
    pos = scorpion(run("S"), run("H"), run("D"), run("C", "K", "2"), "AC", rules="classic,complete=stay")
    assert not pos.is_won()
    made(pos, "AC>4")
    assert pos.is_won() and str(pos).endswith(" - -")


def test_reserve_stuck_refuses_the_deal_while_another_move_exists():
    # hu „a hagyományos szabály akkor osztja ki a tartalékot, amikor már nincs lehetséges lépés”
    pos = scorpion("8S", "7S", "... 9H", reserve=RESERVE, rules="traditional")
    verdict = pos.check_token("deal")
    assert verdict.reason == "reserve-not-stuck"
    assert verdict.message("hu") == "A tartalék csak akkor osztható ki, ha már nincs más lehetséges lépés"
    assert (-1, -1) not in set(pos.legal_moves())
    made(pos, "7S>1")
    assert pos.check_token("deal").legal and (-1, -1) in set(pos.legal_moves())


def test_reserve_stuck_ignores_moving_a_whole_column_into_an_empty_column():
    # engine/scorpion.py: "Stuck means precisely: no block move is legal except moving a whole column
    # (its bottom card and everything on it) into an empty column."
    pos = scorpion("KD 5C", "", "... 9S", reserve=RESERVE, rules="traditional")
    moves = {pos.move_token(m) for m in pos.legal_moves()}
    assert moves == {"deal", "KD>2", "KD>4", "KD>5", "KD>6", "KD>7"}
    assert made(pos, "deal") == 0


def test_reserve_stuck_counts_a_king_from_inside_a_column_or_a_whole_column_onto_a_card():
    pos = scorpion("5C KD", "", "... 9S", reserve=RESERVE, rules="traditional")  # K♦ not at the table edge
    assert pos.check_token("deal").reason == "reserve-not-stuck"
    pos = scorpion("7S", "8S", "... 9H", reserve=RESERVE, rules="traditional")  # a whole column onto 8♠
    assert pos.check_token("deal").reason == "reserve-not-stuck"


def test_wasp_any_card_may_start_an_empty_column():
    # hu „Wasp (bármely lap vagy sor elfoglalhat egy üres oszlopot, nem csak király)”
    pos = scorpion("... 5D QS JS", "", rules="wasp")
    assert made(pos, "QS>2") == 0
    assert column(pos, 2) == "QSJS"
    assert scorpion("... 5D QS JS", "").check_token("QS>2").reason == "empty-needs-king"


@pytest.mark.parametrize(
    ("preset", "down", "face_down", "face_up", "reserve"),
    [
        ("classic", [3, 3, 3, 3, 0, 0, 0], 12, 37, 3),
        ("easy", [3, 3, 3, 3, 0, 0, 0], 12, 37, 3),
        ("traditional", [3, 3, 3, 3, 0, 0, 0], 12, 37, 3),
        ("wasp", [3, 3, 3, 3, 0, 0, 0], 12, 37, 3),
        # ru „В русских правилах BVS закрыты четыре карты в первых трёх столбцах. Закрытых тоже 12”
        ("bvs", [4, 4, 4, 0, 0, 0, 0], 12, 37, 3),
        # ru „Scorpion II … девять закрытых и 40 открытых на поле, а резерв по-прежнему из трёх карт”
        ("scorpion-ii", [3, 3, 3, 0, 0, 0, 0], 9, 40, 3),
        # hu „Three Blind Mice (10 oszlop, egyenként 5 lappal, és 2 külön félretett, látható … lap)”
        ("three-blind-mice", [0] * 7 + [3, 3, 3], 9, 41, 2),
    ],
)
def test_layouts_deal_their_counts(preset, down, face_down, face_up, reserve):
    pos = engine.deal(GAME.code(7, preset))
    assert str(pos.rules) == preset
    cols, res, removed = str(pos).split(" ")
    sizes = [len(c) // 2 for c in cols.split("/")]
    assert sizes == [5 if preset == "three-blind-mice" else 7] * len(down)
    assert face_down_counts(pos) == down
    assert sum(sizes) - sum(down) == face_up and sum(down) == face_down
    assert len(res) // 2 == reserve and sum(sizes) + reserve == 52
    facts = engine.facts("scorpion", preset)
    assert (facts["face_down"], facts["face_up"], facts["reserve"]) == (face_down, face_up, reserve)
    if preset == "three-blind-mice":
        assert res == res.upper()  # set aside face up
    else:
        assert res == res.lower()


def test_three_blind_mice_set_aside_cards_are_playable_at_any_time():
    # hu „2 külön félretett, látható, bármikor játszható lap”
    pos = scorpion("... 6H", "", rules="three-blind-mice", reserve="5HKC")
    assert made(pos, "5H>1") == 5
    assert made(pos, "KC>2") == 0
    assert str(pos).split(" ")[1] == "-"
    assert refused(pos, "deal") == "no-reserve"
    pos = scorpion("... 6H", "", rules="three-blind-mice", reserve="5HKC")
    assert {pos.move_token(m) for m in pos.legal_moves()} >= {"5H>1", "KC>2"}


def test_presets_are_data_and_combinable():
    # issue 2: „combinable on the command line (`--rules classic,complete=stay`)”; ru „The Russian
    # article's own game is classic,complete=stay”
    rules = ScorpionRules.parse("classic,complete=stay")
    assert rules.as_dict() == {
        "suits": "same", "empty": "king", "complete": "stay", "reserve": "anytime", "layout": "app"
    }
    assert str(rules) == "classic,complete=stay" and ScorpionRules.parse(str(rules)) == rules
    assert ScorpionRules.parse("traditional") == ScorpionRules.parse("classic,complete=stay,reserve=stuck")
    assert ScorpionRules.parse("bvs") == ScorpionRules.parse("traditional,layout=bvs")
    assert ScorpionRules.parse("easy") == ScorpionRules.parse("suits=any")
    assert ScorpionRules.parse("wasp") == ScorpionRules.parse("empty=any")
    assert ScorpionRules.parse(None) == ScorpionRules.parse("classic") == ScorpionRules()
    for name in ScorpionRules.PRESETS:
        assert str(ScorpionRules.parse(name)) == name
    assert set(LAYOUTS) == {"app", "bvs", "scorpion-ii", "three-blind-mice"}
    bad_rules = ("spider", "classic,colour=red", "suits=alternate", "complete=stay,classic", "classic,easy")
    for bad in bad_rules:
        with pytest.raises(RulesError):
            ScorpionRules.parse(bad)


def test_combined_rules_on_the_command_line(capsys):
    text = table(run("H", "K", "2"), "9C AH", "... KS")
    assert main(["play", "--game", "scorpion", "--rules", "classic,complete=stay", "--position", text,
                 "--moves", "AH>1", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"position": "KHQHJHTH9H8H7H6H5H4H3H2HAH/9C/' in out and '"won": false' in out
