"""Game records (engine/records.py, examples/README.md): every record replays exactly as written,
writes back unchanged, and a record that does not replay fails with ``file:line: reason``."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import EngineError, position
from engine.cards import parse_card, suit_of
from engine.records import Record, RecordError, catalog_translator

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
RECORDS = sorted(EXAMPLES.rglob("*.game"))
WON = EXAMPLES / "scorpion" / "won.game"

# Seeds 000/003: the deal of the rules pages as the seeds show it; ??? = three face-down cards.
SEED_VISIBLE = "???3DJHTH3S/???QH3C4H7S/???AS7D7H3H/???KD8H7C9S/6H8CJS4C9C8D5C/6DQCKH4DKS9HJC/ADQD9D6S2HTD5H"
SEED_UNSEEN = set("2S 4S 5S 8S TS QS AH 2D 5D JD AC 2C 6C TC KC".split())


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


# -- every record ---------------------------------------------------------------------------------


def test_there_are_records():
    assert WON in RECORDS
    assert len([p for p in RECORDS if "rulings" in p.parts]) >= 15


@pytest.mark.parametrize("path", RECORDS, ids=rel)
def test_every_record_replays_as_written(path):
    record = Record.load(path)
    frames = record.replay()
    assert len(frames) == len(record.moves) + 1
    assert frames[0].position == str(record.start_position())


@pytest.mark.parametrize("path", RECORDS, ids=rel)
def test_every_record_is_written_back_unchanged(path):
    text = path.read_text(encoding="utf-8")
    assert Record.parse(text, rel(path)).text() == text


@pytest.mark.parametrize("path", RECORDS, ids=rel)
def test_every_record_replays_in_every_language(path):
    record = Record.load(path)
    for lang in ("hu", "ca", "ru"):
        frames = record.replay(lang, catalog_translator(lang, record.game))
        assert [f.position for f in frames] == [f.position for f in record.replay()]


@pytest.mark.parametrize("path", RECORDS, ids=rel)
def test_a_replay_played_once_and_localized_equals_a_fresh_one_in_every_language(path):
    """The site build plays a record's moves once (in English, no descriptions) and localizes the
    frames per language (``Record.localized``): the same frames as a replay in that language."""
    record = Record.load(path)
    played = record.replay(describe=False)
    for lang in ("en", "hu", "ca", "ru"):
        translate = catalog_translator(lang, record.game)
        for describe in (False, True):
            fresh = Record.load(path).replay(lang, translate, describe)
            assert record.localized(played, lang, translate, describe) == fresh


# -- the won game of the seeds --------------------------------------------------------------------


def test_won_game_starts_from_the_seed_deal_as_the_seeds_show_it():
    start = Record.load(WON).start_position()
    columns = str(start).split(" ")[0].split("/")
    face_down = [col for col in columns if col[:2] != col[:2].upper()]
    shown = "/".join("???" + col[6:] if col in face_down else col for col in columns)
    assert shown == SEED_VISIBLE
    hidden = {col[i:i + 2].upper() for col in face_down for i in range(0, 6, 2)}
    reserve = str(start).split(" ")[1]
    hidden |= {reserve[i:i + 2].upper() for i in range(0, len(reserve), 2)}
    assert hidden == SEED_UNSEEN  # 12 face down in columns 1–4, 3 in the reserve


def test_won_game_first_move_is_4h_onto_5h_carrying_7s():
    frames = Record.load(WON).replay()
    assert frames[1].move == "4H>7"
    assert frames[1].position.split(" ")[0].split("/")[6].endswith("5H4H7S")


def test_won_game_removes_four_sequences_and_is_won():
    final = Record.load(WON).replay()[-1]
    assert final.won
    assert sorted(final.position.split(" ")[2]) == sorted("SHDC")


def test_won_game_score_is_460_plus_5_per_same_suit_placement():
    # Seeds 000/003: "a game won without undo is worth at least 460 points: 12 turned cards × 5 and
    # 4 sequences × 100, plus 5 points for every placement on the same suit."
    frames = Record.load(WON).replay()
    same_suit = 0
    for before, after in zip(frames, frames[1:]):
        if after.move == "deal":
            continue
        card, column = after.move.split(">")
        dest = position("scorpion", before.position).cols[int(column) - 1]
        same_suit += bool(dest) and suit_of(dest[-1]) == suit_of(parse_card(card))
    assert "undo" not in [f.move for f in frames]
    assert frames[-1].score == 460 + 5 * same_suit


def test_won_game_annotations_are_translated():
    record = Record.load(WON)
    english = record.replay()[1].annotation
    hungarian = record.replay("hu", catalog_translator("hu", "scorpion"))[1].annotation
    assert english.startswith("The first move") and hungarian != english and "4♥" in hungarian


# -- the Klondike games ---------------------------------------------------------------------------

KLONDIKE = EXAMPLES / "klondike"


def test_klondike_real_game_shows_a_non_king_refused_on_an_empty_column():
    # Seed 001: the empty column takes only a king, "even if it would uncover a face-down card";
    # the Examples page shows the refusal on a real game.
    record = Record.load(KLONDIKE / "won-normal.game")
    assert "Code" in record.tags  # a real deal, from its code
    frames = record.replay()
    refused = [(f, j) for f in frames for j in f.attempts if j.verdicts[0][1].reason == "empty-needs-king"]
    assert refused
    frame, attempt = refused[0]
    pos = position("klondike", frame.position)
    card = parse_card(attempt.token.split(">")[0])
    column = pos.loc[card]
    assert not pos.cols[int(attempt.token.split(">")[1]) - 1]  # the target column is empty
    assert pos.cols[column].index(card) == pos.down[column] > 0  # the move would uncover a face-down card
    assert frames[-1].won


def test_klondike_normal_win_is_625_plus_5_per_waste_card_minus_recycles():
    # Seed 001: won without take-backs, 625 for the 52 cards up and the 21 turned, plus 5 for every
    # card from the waste, minus the recycle penalties.
    frames = Record.load(KLONDIKE / "won-normal.game").replay()
    waste_cards = recycles = 0
    for before, after in zip(frames, frames[1:]):
        if after.move == "recycle":
            recycles += -after.points
            continue
        if after.move == "draw":
            continue
        pos = position("klondike", before.position)
        card, target = after.move.split(">")
        assert pos.loc[parse_card(card)] >= -2, "no take-backs from the foundations"
        if target != "F" and before.position.split(" ")[2].endswith(card):
            waste_cards += 1
    assert recycles > 0 and waste_cards > 0
    assert frames[-1].won and frames[-1].score == 625 + 5 * waste_cards - recycles


def test_klondike_vegas_win_ends_at_plus_208():
    frames = Record.load(KLONDIKE / "won-vegas.game").replay()
    assert frames[0].score_text == "-$52"
    assert frames[-1].won and frames[-1].score_text == "+$208"
    assert "recycle" not in [f.move for f in frames]


# -- writing and reading --------------------------------------------------------------------------

FULL = """# a note for editors
[Game "scorpion"]
[Title "A \\"quoted\\" title"]
[Rules "classic"]
[Code "SC1-CLA-AAAAAAB"]
[Score "10"]

{The start.}
?deal +0 traditional:reserve-not-stuck easy:legal {Judged, not made.}
1. deal +0 {Dealt.}
2. undo
"""


def test_a_record_with_every_feature_round_trips():
    record = Record.parse(FULL, "x.game")
    assert record.tags["Title"] == 'A "quoted" title'
    assert record.start_annotation == "The start."
    assert record.moves == ["deal", "undo"]
    assert record.text() == FULL
    frames = record.replay()
    assert [f.score for f in frames] == [10, 10, 10]
    assert frames[0].attempts[0].verdicts[1][1].reason == "reserve-not-stuck"
    again = Record.parse(record.text(), "x.game")
    assert again.tags == record.tags and again.entries == record.entries


def test_annotations_may_span_lines_and_moves_share_a_line():
    text = '[Game "scorpion"]\n[Code "SC1-CLA-AAAAAAB"]\n\ndeal {one\n   two} undo {three}\n'
    record = Record.parse(text, "x.game")
    assert [(e.token, e.annotation, e.line) for e in record.entries] == [
        ("deal", "one two", 4), ("undo", "three", 5)]


def test_the_msgctxt_is_the_path_from_examples_on():
    assert Record.load(WON).context == "examples/scorpion/won.game"
    assert Record.parse(FULL, "/tmp/elsewhere/examples/klondike/x.game").context == "examples/klondike/x.game"


def test_messages_are_title_question_and_annotations_with_their_lines():
    record = Record.parse(FULL, "x.game")
    assert [(m, line) for m, line, _ in record.messages()] == [
        ('A "quoted" title', 3), ("The start.", 8), ("Judged, not made.", 9), ("Dealt.", 10)]


def test_a_missing_catalog_leaves_english():
    translate = catalog_translator("hu", "scorpion", locales=Path("/nonexistent"))
    assert translate("examples/scorpion/won.game", "Anything.") == "Anything."


def test_widget_configs_come_from_the_record():
    from hooks.directives.widget_source import replay_config, try_config

    record = Record.load(EXAMPLES / "scorpion" / "rulings" / "queen-empty-column.game")
    cfg = try_config(record, "hu", catalog_translator("hu", "scorpion"))
    assert cfg["attempt"] == "QH>6" and cfg["presets"] == ["classic", "easy", "traditional", "wasp"]
    assert cfg["title"] != record.tags["Question"]  # the Hungarian question
    replay = replay_config(Record.load(WON), "en", None)
    assert replay["moves"][0] == "4H>7" and len(replay["annotations"]) == len(replay["moves"]) + 1


def test_an_annotation_may_name_the_engines_values_across_its_lines():
    """``{{ … }}`` inside an annotation is a value the site renders (hooks/values.py), kept as written."""
    text = HEAD + "4H>7 {The usual {{ scorpion.points_same_suit\n    | signed }} for a placement.}\n"
    record = Record.parse(text, "examples/valued.game")
    assert record.replay()[1].annotation == "The usual {{ scorpion.points_same_suit | signed }} for a placement."
    assert Record.parse(record.text(), "examples/valued.game").text() == record.text()


# -- bad records: one line, file:line: reason -----------------------------------------------------

SEED = ("8s5dah3DJHTH3S/kctc4sQH3C4H7S/2dac5sAS7D7H3H/2sjdtsKD8H7C9S/6H8CJS4C9C8D5C/6DQCKH4DKS9HJC/ADQD9D6S2HTD5H"
        " qs2c6c -")
HEAD = f'[Game "scorpion"]\n[Position "{SEED}"]\n\n'

BAD = [
    # (record text, line, what the reason says)
    (HEAD + "4H>7\n8C>4\n", 5, "8C>4: refused (same-suit)"),
    (HEAD + "4H>7 +10\n", 4, "earns +5, not +10"),
    (HEAD + "?4C>7 empty-needs-king\n", 4, "expected empty-needs-king, got refused (same-suit)"),
    (HEAD + "?4C>7 same-suit easy:same-suit\n", 4, "under easy: expected same-suit, got legal"),
    (HEAD + "?4C>7 same-sute\n", 4, "unknown reason id 'same-sute'"),
    (HEAD + "?4C>7\nsame-suit\n", 4, "give the expected verdict on the same line"),
    (HEAD + "?4C>7 same-suit same-suit\n", 4, "name the rules"),
    (HEAD + "2. 4H>7\n", 4, "this is move 1"),
    (HEAD + "4H>7 {one} {two}\n", 4, "two annotations in a row"),
    (HEAD + "4H>7 {never closed\n\n", 4, "never closed"),
    (HEAD + "4H>7 }\n", 4, "} without an opening {"),
    (HEAD + "4H>7 {a {nested} note}\n", 4, "annotations do not nest (a value is written {{ … }})"),
    (HEAD + "4H>7 {worth {{ scorpion.points_same_suit }\n\n", 4, "value {{ is never closed with }}"),
    (HEAD + "4H>9\n", 4, "no column '9'"),
    (HEAD + "4H>7\n[Title \"late\"]\n", 5, "tags go before the moves"),
    (HEAD + "+5\n", 4, "points +5 must follow a move"),
    (HEAD.replace('[Game "scorpion"]\n', '[Game "scorpion"]\n[Result "won"]\n') + "4H>7\n", 2,
     '[Result "won"] but the game is not won'),
    ('[Game "scorpion"]\n[Colour "red"]\n', 2, "unknown tag 'Colour'"),
    ('[Game "scorpion"]\n[Game "klondike"]\n', 2, "tag Game given twice"),
    ('[Game "chess"]\n[Code "SC1-CLA-AAAAAAB"]\n', 1, "unknown game 'chess'"),
    ('[Code "SC1-CLA-AAAAAAB"]\n', 1, "[Game \"scorpion\"] or [Game \"klondike\"] is required"),
    ('[Game "scorpion"]\n', 1, "exactly one of [Code …] and [Position …]"),
    ('[Game "scorpion"]\n[Code "SC1-XXX-AAAAAAB"]\n\ndeal\n', 2, "unknown Scorpion preset"),
    ('[Game "scorpion"]\n[Position "AS/KS"]\n', 2, "Scorpion position needs 3"),
    ('[Game "scorpion"]\n[Code "SC1-CLA-AAAAAAB"\n', 2, "malformed tag"),
    ('[Game "scorpion"]\n[Code "SC1-CLA-AAAAAAB"]\n\n1. undo\n', 4, "undo: refused (nothing-to-undo)"),
]


@pytest.mark.parametrize(("text", "line", "reason"), BAD, ids=[b[2][:40] for b in BAD])
def test_a_bad_record_fails_with_file_line_reason(text, line, reason):
    with pytest.raises(RecordError) as caught:
        Record.parse(text, "examples/bad.game").replay()
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"examples/bad.game:{line}: "), message
    assert reason in message
    assert caught.value.line == line


def test_a_ruling_id_is_its_file_name():
    text = '[Game "scorpion"]\n[Ruling "queen"]\n[Question "Q?"]\n[Code "SC1-CLA-AAAAAAB"]\n'
    Record.parse(text, "examples/scorpion/rulings/queen.game")
    with pytest.raises(RecordError, match=r"rulings/king\.game:2: ruling id 'queen' differs"):
        Record.parse(text, "examples/scorpion/rulings/king.game")


def test_an_unreadable_record_is_one_line():
    with pytest.raises(EngineError, match="cannot read the record"):
        Record.load(EXAMPLES / "no-such.game")
