"""The block splitter: one msgid per block, and the page comes back exactly (hooks/blocks.py)."""

from __future__ import annotations

import markdown
from hypothesis import given, settings
from hypothesis import strategies as st

from hooks import blocks
from hooks.translate import FALLBACK

PAGE = """\
# The rules {#rules}

A paragraph over
two lines.

## In brief {#in-brief}

- {{ scorpion.columns }} columns;
- a second item
  continued
    - nested item

| What happens | Points |
|---|---:|
| A card on its own suit | +5 |
| Code `a|b` stays in one cell | 0 |

!!! note "Why it matters"
    Inside the note.

!!! tip
    No title given.

```solitaire describe
game: scorpion
position: x
```

Setext heading
--------------

> A quotation
> on two lines.
"""


def messages(text: str) -> list[tuple[str, str, int]]:
    return [(s.kind, s.message, s.line) for s in blocks.text_blocks(text)]


def test_the_page_comes_back_exactly():
    assert "".join(s.source for s in blocks.split(PAGE)) == PAGE


def test_one_message_per_block_with_its_line():
    assert messages(PAGE) == [
        ("heading", "The rules", 1),
        ("paragraph", "A paragraph over two lines.", 3),
        ("heading", "In brief", 6),
        ("item", "{{ scorpion.columns }} columns;", 8),
        ("item", "a second item continued", 9),
        ("item", "nested item", 11),
        ("cell", "What happens", 13),
        ("cell", "Points", 13),
        ("cell", "A card on its own suit", 15),
        ("cell", "Code `a|b` stays in one cell", 16),
        ("admonition-title", "Why it matters", 18),
        ("paragraph", "Inside the note.", 19),
        ("admonition-title", "Tip", 21),
        ("paragraph", "No title given.", 22),
        ("heading", "Setext heading", 29),
        ("quote", "A quotation on two lines.", 32),
    ]


def test_heading_ids_stay_out_of_the_msgid():
    (heading,) = [s for s in blocks.split("## Allowed moves {#moves}\n") if s.is_text]
    assert heading.message == "Allowed moves"
    assert heading.render("A megengedett lépések") == "## A megengedett lépések {#moves}\n"


def test_fenced_blocks_and_directives_are_not_messages():
    text = "```solitaire describe\ngame: scorpion\n```\n\n```python\nprint('hello world')\n```\n"
    assert blocks.text_blocks(text) == []
    assert [s.info for s in blocks.split(text) if s.kind == "fence"] == ["solitaire describe", "python"]


def test_a_paragraph_may_start_with_an_inline_tag_but_an_html_block_is_raw():
    # As Python-Markdown decides: <span> starts a paragraph (an English name marked lang="en"), <div> a block.
    text = '<span lang="en">Goodsol Development</span>, the makers.\n\n<div class="x">\nraw\n</div>\n'
    assert messages(text) == [("paragraph", '<span lang="en">Goodsol Development</span>, the makers.', 1)]


def test_numbers_and_values_alone_are_not_messages():
    assert messages("| Points |\n|---|\n| +5 |\n| {{ scorpion.points_flip | signed }} |\n") == [
        ("cell", "Points", 1)]


def test_rewrapping_a_paragraph_keeps_its_msgid():
    assert messages("One two\nthree four.\n")[0][1] == messages("One two three\nfour.\n")[0][1]


def test_a_hard_break_is_kept_as_a_newline():
    (seg,) = blocks.text_blocks("First line  \nsecond line.\n")
    assert seg.message == "First line\nsecond line."
    assert seg.render("Első sor\nmásodik sor.") == "Első sor  \nmásodik sor.\n"


def test_a_translated_item_keeps_its_indentation():
    (seg,) = blocks.text_blocks("  - nested\n    continued\n")
    assert seg.render("egy\nkettő") == "  - egy  \n    kettő\n"


def test_an_admonition_without_title_gets_a_translatable_one():
    seg = blocks.text_blocks("!!! warning\n    Body.\n")[0]
    assert seg.message == "Warning"
    assert seg.render("Figyelem") == '!!! warning "Figyelem"\n'


def html(text: str) -> str:
    return markdown.markdown(text, extensions=["attr_list", "admonition", "tables", "md_in_html"])


def test_fallback_marks_every_kind_of_block_in_the_html():
    out = []
    for seg in blocks.split(PAGE):
        out.append(seg.render(seg.message, FALLBACK) if seg.translatable else seg.source)
    rendered = html("".join(out))
    for tag in ("h1", "p", "h2", "th", "td"):
        assert f'<{tag} class="i18n-fallback" ' in rendered or f"<{tag} class=\"i18n-fallback\"" in rendered, tag
    assert '<span class="i18n-fallback" lang="en">a second item' in rendered
    assert 'class="admonition note i18n-fallback-title"' in rendered
    assert 'lang="en"' in rendered


LINES = st.sampled_from([
    "", "# Title", "## Sub {#sub}", "Plain text line.", "more words here", "- item", "* item two", "1. first",
    "    indented", "  - nested", "| a | b |", "|---|---|", "| c `x|y` | d |", "!!! note", '!!! tip "T"',
    "    body line", "```", "```solitaire describe", "game: scorpion", "~~~", "> quote", ">", "---", "===",
    "<div>", "</div>", "[x]: http://example.org", "{: .cls }", "text {: .x }", "trailing  ", "\t tabbed",
    "{{ scorpion.deck }} cards", "#", "##### deep ####",
])


@settings(max_examples=300, deadline=None)
@given(st.lists(LINES, max_size=25), st.booleans())
def test_any_page_comes_back_exactly(lines, final_newline):
    text = "\n".join(lines) + ("\n" if final_newline else "")
    assert "".join(s.source for s in blocks.split(text)) == text


@settings(max_examples=300, deadline=None)
@given(st.lists(LINES, max_size=25))
def test_a_page_rendered_from_its_own_messages_has_the_same_messages(lines):
    text = "\n".join(lines) + "\n"
    before = blocks.split(text)
    again = "".join(s.render(s.message) if s.translatable else s.source for s in before)
    assert [s.message for s in blocks.text_blocks(again)] == [s.message for s in before if s.translatable]
