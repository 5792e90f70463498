"""What the site's search index reads of a widget (hooks/search_text.py): the words a reader searches
for (descriptions, messages, move lists, verdicts), not the cards' spoken names or the buttons.

The index entry made from ``brief(html)`` is checked against Material's own search parser run on
the full HTML with every ``data-search-exclude`` element cut out by a separate, plain parser."""

from __future__ import annotations

from html import escape
from html.parser import HTMLParser

import pytest
from material.plugins.search.plugin import Parser
from seeds import LANGUAGES, SEED_DEAL

import engine
from hooks import directives
from hooks.search_text import brief

RECORD = "examples/scorpion/won.game"
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}

WIDGETS = {
    "replay of the won game": ("replay", f"id: won\nrecord: {RECORD}\n"),
    "try-it with presets": ("try", f"id: seed\nposition: {SEED_DEAL}\npresets: classic, easy\nattempt: 4C>7\n"),
    "ruling record": ("ruling", "ruling: queen-empty-column\n"),
    "static board": ("board", f"game: scorpion\nposition: {SEED_DEAL}\nmoves: 4H>7\n"),
    "klondike replay": ("replay", "id: kl\nrecord: examples/klondike/won-normal.game\nupto: 5\n"),
}


def render(kind: str, body: str, lang: str) -> str:
    return directives.render(f"solitaire {kind}", body, 1, lang, "scorpion/rules.md")


class _Cut(HTMLParser):
    """The HTML again, without the elements marked data-search-exclude (and their children)."""

    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.out: list[str] = []
        self.depth = 0  # > 0: inside an excluded element

    def handle_starttag(self, tag, attrs):
        if self.depth:
            self.depth += tag not in VOID
        elif any(name == "data-search-exclude" for name, _ in attrs):
            self.depth = tag not in VOID
        else:
            self.out.append(self.get_starttag_text())

    def handle_startendtag(self, tag, attrs):
        if not self.depth and not any(name == "data-search-exclude" for name, _ in attrs):
            self.out.append(self.get_starttag_text())

    def handle_endtag(self, tag):
        if self.depth:
            self.depth -= 1
        else:
            self.out.append(f"</{tag}>")

    def handle_data(self, data):
        if not self.depth:
            self.out.append(data)

    def handle_entityref(self, name):
        self.handle_data(f"&{name};")

    def handle_charref(self, name):
        self.handle_data(f"&#{name};")


def cut(html: str) -> str:
    parser = _Cut()
    parser.feed(html)
    parser.close()
    return "".join(parser.out)


def index_entry(html: str) -> list[tuple[str, str]]:
    """(title, text) per section, as Material's search plugin indexes a page of ``html``."""
    parser = Parser()
    parser.feed(f'<h1 id="page">Page</h1><p>Before.</p>\n{html}\n<p>After.</p><h2 id="next">Next</h2><p>x</p>')
    parser.close()
    return [("".join(s.title).strip(), "".join(s.text).strip()) for s in parser.data]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", list(WIDGETS))
def test_the_brief_copy_is_indexed_as_the_widget_without_its_excluded_parts(name, lang):
    html = render(*WIDGETS[name], lang)
    short = brief(html)
    assert short != html and len(short) < len(html) / 4  # the shortcut was taken, and it is short
    assert index_entry(short) == index_entry(cut(html))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_widgets_description_and_moves_are_searchable_its_cards_are_not(lang):
    html = render("replay", f"id: first\ngame: scorpion\nposition: {SEED_DEAL}\nmoves: 4H>7\n", lang)
    _, text = index_entry(brief(html))[0]
    description = escape(engine.position("scorpion", SEED_DEAL).describe(lang), quote=False)
    assert description in text
    assert escape(engine.render.move_text("4H>7", lang), quote=False) in text
    card = engine.render.card_label(engine.cards.parse_card("4H"), lang)
    assert text.count(card) == description.count(card)  # named in the description, not again by the board
    for hidden in (engine.render.text("place-empty", lang), engine.render.text("replay-hint", lang),
                   engine.render.text("score", lang)):
        assert hidden in html and hidden not in text


def test_an_excluded_element_ends_at_its_own_end_tag_not_at_a_nested_one():
    html = ('<div class="w"><div data-search-exclude><div>in</div><p>still in</p></div>'
            "<p>out</p></div>")
    assert index_entry(brief(html))[0][1].endswith("<p>Before.</p> <p>out</p> <p>After.</p>")


@pytest.mark.parametrize("html", [
    '<div data-search-exclude><p>never closed</p>',  # the excluded element does not end
    "<h3 id='x'>A heading</h3><p>text</p>",  # sections: left to the plugin
    "<pre>code</pre>",
    "<p>a < b</p>",
])
def test_html_the_shortcut_cannot_vouch_for_is_left_as_it_is(html):
    assert brief(html) == html
