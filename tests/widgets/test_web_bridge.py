"""The JSON bridge (engine/web.py) the page's worker calls: every answer is a frame, never an exception."""

from __future__ import annotations

import json

import pytest
from seeds import EMPTY_NEEDS_KING, LANGUAGES, SAME_SUIT, SEED_DEAL

import engine
from engine import render, web


def call(op: str, wid: str = "w", **fields) -> dict:
    answer = json.loads(web.handle(json.dumps({"op": op, "id": wid, **fields})))
    return answer


def open_widget(kind: str, lang: str = "en", wid: str = "w", **config) -> dict:
    answer = call("open", wid, config={"kind": kind, "game": "scorpion", "start": SEED_DEAL, "lang": lang, **config})
    assert answer["ok"], answer
    return answer["frame"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_replay_frame_carries_the_engines_own_description(lang):
    first = open_widget("replay", lang, moves=["4H>7"])
    pos = engine.position("scorpion", SEED_DEAL)
    assert (first["index"], first["total"], first["description"]) == (0, 1, pos.describe(lang))
    second = call("step", delta=1)["frame"]
    pos.play("4H>7")
    assert (second["index"], second["description"], second["score"]) == (1, pos.describe(lang), "5")
    assert call("goto", index=0)["frame"]["description"] == engine.position("scorpion", SEED_DEAL).describe(lang)


def test_steps_stop_at_either_end():
    open_widget("replay", moves=["4H>7"])
    assert call("step", delta=-1)["frame"]["index"] == 0
    assert call("step", delta=5)["frame"]["index"] == 1


@pytest.mark.parametrize("link", ["2", "-1", "abc", "1.5", "<img src=x onerror=alert(1)>", "99999999999", "١"])
def test_a_bad_deep_link_gets_a_clear_message_and_the_widget_stays(link):
    open_widget("replay", "hu", moves=["4H>7"])
    answer = call("goto", index=link)
    assert answer["ok"]
    frame = answer["frame"]
    assert frame["index"] == 0 and frame["legal"] is False
    assert "0–1" in frame["message"] and link[:24] in frame["message"]
    assert "<img" not in frame["board"]


def test_a_good_deep_link_opens_the_widget_at_that_move():
    open_widget("replay", moves=["4H>7"])
    assert call("goto", index="1")["frame"]["index"] == 1


@pytest.mark.parametrize("lang", ["hu", "ca"])
def test_a_refused_move_gets_the_apps_own_message(lang):
    open_widget("try", lang)
    frame = call("move", token="4C>7")["frame"]  # 4♣ onto 5♥: same rank order, another suit
    assert frame["legal"] is False and frame["message"] == SAME_SUIT[lang]
    assert frame["description"] == engine.position("scorpion", SEED_DEAL).describe(lang)  # nothing moved


def test_a_legal_move_updates_board_score_and_description():
    first = open_widget("try", "hu")
    frame = call("move", token="4H>7")["frame"]
    pos = engine.position("scorpion", SEED_DEAL)
    pos.play("4H>7")
    assert frame["legal"] is True and frame["score"] == "5" and frame["description"] == pos.describe("hu")
    assert frame["board"] != first["board"] and frame["message"] == "4♥ → 7. oszlop: +5 pont"
    assert frame["can_undo"] is True


def test_undo_takes_back_the_move_and_its_points_and_reset_goes_back_to_the_start():
    open_widget("try")
    call("move", token="4H>7")
    call("move", token="deal")
    frame = call("undo")["frame"]
    assert frame["legal"] is True and frame["score"] == "5"
    frame = call("reset")["frame"]
    assert frame["score"] == "0" and frame["can_undo"] is False
    assert frame["description"] == engine.position("scorpion", SEED_DEAL).describe("en")
    assert call("undo")["frame"]["message"] == "Nothing to undo"


def test_switching_rules_judges_the_last_move_again():
    open_widget("try", "hu", presets=["classic", "easy"])
    assert call("move", token="4C>7")["frame"]["message"] == SAME_SUIT["hu"]
    frame = call("rules", rules="easy")["frame"]
    assert frame["legal"] is True and frame["rules"] == "easy"
    assert frame["message"] == "Szabály: Könnyített. A lépés megengedett, a pontszám nem változik."
    frame = call("rules", rules="classic")["frame"]
    assert frame["legal"] is False
    assert frame["message"] == f"Szabály: Klasszikus. Az alkalmazás elutasítja a lépést: „{SAME_SUIT['hu']}”."
    assert frame["score"] == "0"


def test_a_ruling_shows_its_verdict_under_every_rule_set():
    # Seed 000: under Classic 4♣ may not go onto 5♥; the Easy rule allows it.
    first = open_widget("try", "hu", presets=["classic", "easy"], attempt="4C>7")
    assert [(v["rules"], v["name"], v["legal"]) for v in first["verdicts"]] == [
        ("classic", "Klasszikus", False), ("easy", "Könnyített", True)]
    assert first["verdicts"][0]["message"] == SAME_SUIT["hu"]
    assert first["attempt"] == "4C>7"


def test_an_empty_column_takes_only_a_king_unless_wasp():
    # Column 5 emptied by hand: its seven cards moved onto column 6's free end (a legal position string).
    cols = SEED_DEAL.split(" ")[0].split("/")
    cols[5] += cols[4]
    cols[4] = ""
    start = "/".join(cols) + " " + " ".join(SEED_DEAL.split(" ")[1:])
    first = open_widget("try", "ca", start=start, presets=["classic", "wasp"], attempt="QH>5")
    assert [(v["rules"], v["legal"]) for v in first["verdicts"]] == [("classic", False), ("wasp", True)]
    assert first["verdicts"][0]["message"] == EMPTY_NEEDS_KING["ca"]
    frame = call("move", token="QH>5")["frame"]
    assert frame["message"] == EMPTY_NEEDS_KING["ca"]
    assert call("rules", rules="wasp")["frame"]["legal"] is True


def test_several_disputed_moves_each_get_a_button_an_explanation_and_verdicts():
    first = open_widget("try", "hu", presets=["classic", "easy"], attempt="4C>7", attempts=["4C>7", "4H>7"],
                        notes=["Classicban nem.", ""])
    assert first["attempt"] == "4C>7" and first["note"] == "Classicban nem."
    assert [(a["token"], a["move"], a["note"]) for a in first["attempts"]] == [
        ("4C>7", "4♣ → 7. oszlop", "Classicban nem."), ("4H>7", "4♥ → 7. oszlop", "")]
    assert [[v["legal"] for v in a["verdicts"]] for a in first["attempts"]] == [[False, True], [True, True]]
    assert first["verdicts"] == first["attempts"][0]["verdicts"]  # the first one's, as with a single attempt
    html = web.SESSIONS["w"].widget("w", {}, first)
    assert html.count('data-action="attempt"') == 2 and "Kipróbálás: 4♥ → 7. oszlop" in html
    assert call("move", token="4H>7")["frame"]["legal"] is True


@pytest.mark.parametrize(("config", "error"), [
    ({"attempts": "4C>7"}, "attempts must be a list of move tokens"),
    ({"attempts": []}, "attempts must be a list of move tokens"),
    ({"attempt": "4H>7", "attempts": ["4C>7", "4H>7"]}, "attempts must begin with the attempt '4H>7'"),
    ({"attempts": ["4C>7"], "notes": ["one", "two"]}, "notes must be a list of texts, one per attempt"),
    ({"attempts": ["4C>7", "4C"]}, "4C"),
])
def test_bad_attempts_are_refused_when_the_widget_opens(config, error):
    answer = call("open", "x", config={"kind": "try", "game": "scorpion", "start": SEED_DEAL, **config})
    assert answer["ok"] is False and error in answer["error"], answer


@pytest.mark.parametrize("request_text", [
    "not json", "[]", '{"op": "explode", "id": "w"}', '{"op": "goto", "id": "nobody", "index": 0}',
    '{"op": "open", "id": "x", "config": {"kind": "try", "game": "chess", "start": "x"}}',
    '{"op": "open", "id": "x", "config": {"kind": "try", "game": "scorpion", "start": "7h9s/zz - -"}}',
    '{"op": "open", "id": "x", "config": {"kind": "replay", "game": "scorpion", "start": "' + SEED_DEAL
    + '", "moves": ["4H>6"]}}',
    '{"op": "step", "id": "w", "delta": "x"}',
])
def test_bad_requests_are_answered_with_an_error_not_an_exception(request_text):
    open_widget("replay", moves=["4H>7"])
    answer = json.loads(web.handle(request_text))
    assert answer["ok"] is False and answer["error"] and "\n" not in answer["error"]


def test_a_malformed_move_token_is_a_message_not_a_crash():
    open_widget("try")
    answer = call("move", token="<b>")
    assert answer["ok"] is False and "<b>" in answer["error"]  # the page shows it as text


def test_a_position_without_a_score_starts_with_its_rules_own():
    # Klondike Vegas starts at -$52 (the stake); Scorpion and Klondike Normal at 0.
    vegas = engine.position("klondike", code="KL1-D1V-AAAAAAG")
    frame = open_widget("try", "en", game="klondike", start=str(vegas), rules=str(vegas.rules))
    assert frame["score"] == "-$52"  # as the app shows dollars
    assert open_widget("try", "en")["score"] == "0"


# -- issue 15: a replay says where it is; a disputed move is tried from the question's position ----------


def test_a_replay_frame_says_where_it_is_what_the_move_did_and_which_cards_it_carried():
    first = open_widget("replay", "hu", moves=["4H>7"])
    assert (first["counter"], first["caption"], first["moved"]) == (render.counter_text(0, 1, "hu"), "", [])
    second = call("step", delta=1)["frame"]
    assert second["counter"] == "1. lépés (összesen 1)"
    assert second["caption"] == render.made_text(render.move_parts("4H>7"), 5, "hu")
    said = render.made_said(render.move_parts("4H>7"), 5, "hu")
    assert second["caption_said"] == said == "Kőr 4 a 7. oszlopra: +5 pont"
    assert second["moved"] == ["4H", "7S"]  # 4♥ carried 7♠ along
    assert call("goto", index=0)["frame"]["moved"] == []


@pytest.mark.parametrize(("total", "words"), [(1, "Начальная позиция (1 ход)"), (3, "Начальная позиция (3 хода)"),
                                              (50, "Начальная позиция (50 ходов)"), (21, "Начальная позиция (21 ход)")])
def test_the_replays_counter_takes_the_languages_plural(total, words):
    assert render.counter_text(0, total, "ru") == words
    assert render.counter_text(14, total, "ru") == f"Ход 14 из {total}"


def test_a_deal_carries_the_reserve_cards():
    open_widget("try")
    frame = call("move", token="deal")["frame"]
    assert sorted(frame["moved"]) == ["2C", "6C", "QS"]  # the seed deal's reserve, onto columns 1-3


SCORING = {"presets": ["classic", "easy"], "attempts": ["4H>7", "4C>7"], "attempt": "4H>7"}


def test_a_disputed_move_is_tried_from_the_questions_position_whatever_came_before():
    open_widget("try", **SCORING)
    assert call("attempt", token="4H>7")["frame"]["legal"] is True
    assert call("move", token="deal")["frame"]["legal"] is True  # the reader plays on
    again = call("attempt", token="4H>7")["frame"]  # the question's position again: the same verdict
    assert (again["legal"], again["asked"], again["message"]) == (True, "4H>7", render.made_text(
        render.move_parts("4H>7"), 5))
    pos = engine.position("scorpion", SEED_DEAL)
    pos.play("4H>7")
    assert again["description"] == pos.describe("en")


@pytest.mark.parametrize("lang", ["hu", "ca"])
def test_a_refused_disputed_move_names_the_move(lang):
    open_widget("try", lang, **SCORING)
    frame = call("attempt", token="4C>7")["frame"]
    assert frame["message"] == render.refused_text(render.move_parts("4C>7"), SAME_SUIT[lang], lang)
    assert frame["asked"] == "4C>7"
    assert call("move", token="4C>7")["frame"]["message"] == SAME_SUIT[lang]  # a hand-made move: as the app says


def test_switching_rules_judges_the_disputed_move_again_from_the_questions_position():
    open_widget("try", "en", **SCORING)
    assert call("attempt", token="4C>7")["frame"]["legal"] is False
    easy = call("rules", rules="easy")["frame"]
    assert (easy["legal"], easy["asked"]) == (True, "4C>7")
    assert easy["message"] == render.rejudged_text("Easy", True, 0, "")
    again = call("attempt", token="4C>7")["frame"]  # never "the card is already in this column"
    assert again["legal"] is True and again["message"] == render.made_text(render.move_parts("4C>7"), 0)
    back = call("rules", rules="classic")["frame"]
    same_suit = engine.Verdict(False, "same-suit").message("en")
    assert back["message"] == render.rejudged_text("Classic", False, 0, same_suit)


def test_a_vegas_board_switched_to_normal_scoring_restarts_at_normal_scorings_own_score():
    # The Disputed points' recycle question starts at −$42 under Vegas; a reader who switches to
    # Normal and resets gets Normal's start (0 points), not an error: dollars are no Normal score.
    vegas = engine.position("klondike", code="KL1-D1V-AAAAAAG")
    open_widget("try", "hu", game="klondike", start=str(vegas), rules="draw1-vegas", score=-42,
                presets=["draw1-vegas", "draw1"])
    assert call("rules", rules="draw1")["ok"] is True
    answer = call("reset")
    assert answer["ok"] is True and answer["frame"]["score"] == "0"
    assert call("rules", rules="draw1-vegas")["ok"] is True
    assert call("reset")["frame"]["score"] == "-$42"  # the app's display, in Hungarian too


def test_a_normal_board_switched_to_vegas_shows_the_dollars_the_position_has_won_not_its_points():
    # A ruling's position with 165 Normal points and 16 cards on the foundations: under Vegas it is
    # worth −52 $ + 16 × 5 $ = +28 $ (the app's screen: „+$28”), never „+$165”; back under Normal it has
    # its 165 points again.
    start = ("KDQCJHTC9D8S7D/KHQS/7h4c9C8D7C6D5C4D/9hjc3d5D/KCQD/6sJS/7S tdthjd9s6c QHKS8H8CTS 5S/6H/2D/3C")
    open_widget("try", "en", game="klondike", start=start, rules="draw1", score=165,
                presets=["draw1", "draw1-vegas"])
    assert call("rules", rules="draw1-vegas")["frame"]["score"] == "+$28"
    made = call("move", token="JH>2")["frame"]
    assert made["legal"] is True and made["score"] == "+$28"
    assert call("rules", rules="draw1")["frame"]["score"] == "165"  # the move judged again, from the start
    assert call("reset")["frame"]["score"] == "165"


def test_the_analysis_board_switched_between_scorings_keeps_no_score_of_the_other_kind():
    start = ("KDQCJHTC9D8S7D/KHQS/7h4c9C8D7C6D5C4D/9hjc3d5D/KCQD/6sJS/7S tdthjd9s6c QHKS8H8CTS 5S/6H/2D/3C")
    call("open", "a", config={"kind": "analysis", "game": "klondike", "start": start, "rules": "draw1",
                              "score": 165, "lang": "en"})
    assert call("rules", "a", rules="draw3-vegas")["frame"]["score"] == "+$28"
    assert call("rules", "a", rules="draw3")["frame"]["score"] == "0"  # Normal's own: the play is not known


def test_a_start_score_the_pages_own_rules_refuse_is_the_pages_error():
    vegas = engine.position("klondike", code="KL1-D1V-AAAAAAG")
    answer = call("open", config={"kind": "try", "game": "klondike", "start": str(vegas), "rules": "draw1",
                                  "score": -42})
    assert answer["ok"] is False and "-42" in answer["error"]
