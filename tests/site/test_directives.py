"""Directives: engine-made content in fenced ``solitaire`` blocks (hooks/directives/)."""

from __future__ import annotations

import html

import pytest

import engine
from hooks import directives

SEED_CODE = "SC1-CLA-AAAAAAB"


def render(body: str, kind: str = "describe", lang: str = "en", line: int = 10) -> str:
    return directives.render(f"solitaire {kind}", body, line, lang, "scorpion/rules.md")


@pytest.mark.parametrize("lang", ["en", "hu", "ca", "ru"])
def test_describe_is_the_engines_description_in_the_pages_language(lang):
    out = render(f"game: scorpion\ncode: {SEED_CODE}\n", lang=lang)
    expected = engine.position("scorpion", code=SEED_CODE).describe(lang)
    assert out == f'<p class="state-description">{html.escape(expected)}</p>'


def test_score_table_rows_come_from_the_engine():
    out = render("game: scorpion\n", kind="score-table", lang="hu")
    for label, points in engine.scoring_table("scorpion", lang="hu"):
        assert html.escape(label) in out and f">{html.escape(points)}<" in out


def test_score_table_headers_are_translated_by_the_site_catalog():
    out = directives.render("solitaire score-table", "game: scorpion\n", 1, "hu", "x.md",
                            lambda context, msgid: {"What happens": "Mi történik", "Points": "Pontok"}[msgid])
    assert "<th>Mi történik</th><th>Pontok</th>" in out


def test_a_vegas_score_table_counts_dollars_in_its_header():
    texts = {"What happens": "Mi történik", "Points": "Pontok", "Dollars": "Dollár"}
    vegas = directives.render("solitaire score-table", "game: klondike\nrules: draw1-vegas\n", 1, "hu", "x.md",
                              lambda context, msgid: texts[msgid])
    normal = directives.render("solitaire score-table", "game: klondike\nrules: draw1\n", 1, "hu", "x.md",
                               lambda context, msgid: texts[msgid])
    assert "<th>Mi történik</th><th>Dollár</th>" in vegas and "$" in vegas
    assert "<th>Mi történik</th><th>Pontok</th>" in normal and "$" not in normal


@pytest.mark.parametrize(("info", "body", "line", "message"), [
    ("solitaire nonsense", "game: scorpion\n", 10, "unknown directive kind 'nonsense'"),
    ("solitaire", "game: scorpion\n", 10, "directive kind missing"),
    ("solitaire describe extra", "game: scorpion\n", 10, "unexpected 'extra'"),
    ("solitaire describe", "game: scorpion\ncolour: red\n", 12, "unknown key 'colour'"),
    ("solitaire describe", "game scorpion\n", 11, "expected 'key: value'"),
    ("solitaire describe", "code: " + SEED_CODE + "\n", 10, "missing 'game'"),
    ("solitaire describe", "game: scorpion\nposition: 7h9s/zz - -\n", 12, "solitaire describe:"),
    ("solitaire describe", "game: scorpion\ngame: scorpion\n", 12, "given twice"),
    # a try-it board's moves are checked as a replay's: an illegal one is not skipped in silence
    ("solitaire try", "id: x\ncode: " + SEED_CODE + "\nmoves: KH>1\n", 13, r"move 1 'KH>1' is refused"),
    ("solitaire try", "id: x\ncode: " + SEED_CODE + "\nmoves: zz\n", 13, "move 'zz' is not a Scorpion move"),
])
def test_a_bad_directive_names_its_line(info, body, line, message):
    with pytest.raises(directives.DirectiveError, match=message) as caught:
        directives.render(info, body, 10, "en", "x.md")
    assert caught.value.line == line
    assert "\n" not in str(caught.value)


def test_every_kind_is_registered_once_with_its_keys():
    assert {"describe", "score-table"} <= set(directives.KINDS)
    for module in directives._MODULES:
        assert directives.KINDS[module.KIND] is module.render
        assert isinstance(module.KEYS, tuple)
