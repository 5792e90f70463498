"""The widget directives (hooks/directives/{board,replay,try_it,ruling}.py) and the runtime hook
(hooks/widgets.py): what the site build puts into the pages and next to them."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from seeds import LANGUAGES, SEED_DEAL

import engine
from hooks import directives, widgets

RECORD = "examples/scorpion/won.game"
ROOT = Path(__file__).resolve().parents[2]


def render(kind: str, body: str, lang: str = "en", line: int = 20) -> str:
    return directives.render(f"solitaire {kind}", body, line, lang, "scorpion/rules.md")


def root_attrs(markup: str) -> dict:
    found = {}

    class First(HTMLParser):
        def handle_starttag(self, tag, attrs):
            if not found:
                found.update(attrs)

    First().feed(markup)
    return found


def test_the_four_widget_kinds_are_registered():
    assert {"board", "replay", "try", "ruling"} <= set(directives.KINDS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_replay_directive_renders_the_first_frame_with_the_engines_description(lang):
    out = render("replay", f"id: first-move\ngame: scorpion\nposition: {SEED_DEAL}\nmoves: 4H>7\n", lang)
    attrs = root_attrs(out)
    assert attrs["data-widget"] == "replay" and attrs["id"] == "first-move" and attrs["lang"] == lang
    config = json.loads(attrs["data-config"])
    assert config["start"] == SEED_DEAL and config["moves"] == ["4H>7"] and config["lang"] == lang
    from html import escape

    assert escape(engine.position("scorpion", SEED_DEAL).describe(lang)) in out


@pytest.mark.skipif(not (ROOT / RECORD).is_file(), reason="the won game record is not in this checkout yet")
def test_a_replay_of_a_record_stops_where_upto_says_and_carries_its_annotations():
    out = render("replay", f"id: first-move\nrecord: {RECORD}\nupto: 1\n", "hu")
    config = json.loads(root_attrs(out)["data-config"])
    assert config["moves"] == ["4H>7"] and len(config["annotations"]) == 2
    record = engine.records.load(ROOT / RECORD)
    assert config["start"] == record.replay()[0].position


def test_a_try_directive_starts_on_its_position_with_the_first_preset():
    out = render("try", f"id: seed-deal\nposition: {SEED_DEAL}\npresets: easy, classic\n")
    config = json.loads(root_attrs(out)["data-config"])
    assert (config["kind"], config["rules"], config["presets"]) == ("try", "easy", ["easy", "classic"])
    assert '<option value="easy" selected>' in out


def test_a_ruling_written_out_shows_its_verdicts_without_a_script():
    out = render("ruling", f"id: four-of-clubs\nposition: {SEED_DEAL}\nattempt: 4C>7\npresets: classic, easy\n", "ca")
    assert 'data-role="verdicts"' in out
    assert re.search(r'data-rules="classic" data-legal="false">.*Regla: les cartes han de ser del mateix pal', out)
    assert 'data-rules="easy" data-legal="true"' in out


def test_a_board_directive_is_a_static_board_with_its_description():
    out = render("board", f"game: scorpion\nposition: {SEED_DEAL}\nmoves: 4H>7\n", "hu")
    pos = engine.position("scorpion", SEED_DEAL)
    pos.play("4H>7")
    assert "data-widget" not in out and 'class="sol-board' in out
    assert pos.describe("hu") in out.replace("&#x27;", "'")


@pytest.mark.parametrize(("kind", "body", "line", "message"), [
    ("replay", f"game: scorpion\nposition: {SEED_DEAL}\n", 20, "missing 'id'"),
    ("replay", f"id: Bad Id\nposition: {SEED_DEAL}\n", 21, "use lower-case letters"),
    ("replay", f"id: x\nposition: {SEED_DEAL}\ncode: SC1-CLA-AAAAAAB\n", 23, "exactly one of"),
    ("replay", f"id: x\nposition: {SEED_DEAL}\nmoves: 4H>6\n", 23, "refused"),
    ("replay", "id: x\nposition: 7h9s/zz - -\n", 22, "position has 2 columns"),
    ("replay", f"id: x\nposition: {SEED_DEAL}\nmoves: 4H>7\nupto: 3\n", 24, "upto"),
    ("replay", "id: x\nrecord: examples/nothing.game\n", 22, "no such file"),
    ("replay", "id: x\nrecord: ../../etc/passwd\n", 22, "no such file under examples/"),
    ("try", f"id: x\nposition: {SEED_DEAL}\npresets: classic, chess\n", 23, "unknown scorpion rules preset 'chess'"),
    ("try", f"id: x\nposition: {SEED_DEAL}\nattempt: 4H-7\n", 23, "4H-7"),
    ("ruling", f"id: x\nposition: {SEED_DEAL}\nattempt: 4C>7\n", 20, "missing 'presets'"),
    ("ruling", "ruling: no-such-ruling\n", 21, "no-such-ruling"),
    ("board", f"game: scorpion\nposition: {SEED_DEAL}\ndescribe: maybe\n", 23, "yes or no"),
])
def test_a_bad_widget_directive_names_its_line(kind, body, line, message):
    with pytest.raises(directives.DirectiveError, match=re.escape(message)) as caught:
        render(kind, body)
    assert caught.value.line == line and "\n" not in str(caught.value)


# -- the site build (hooks/widgets.py) ---------------------------------------------------------------


def test_the_runtime_is_copied_once_to_the_site_root(site):
    assert sorted(p.name for p in (site / "pyodide").iterdir()) == sorted(widgets.PYODIDE_FILES)
    for lang in ("hu", "ca", "ru"):
        assert not (site / lang / "pyodide").exists() and not (site / lang / "wheels").exists()
    (wheel,) = (site / "wheels").glob("*/*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_widget_pages_point_at_the_shared_runtime_by_relative_urls(site, lang):
    page = site / ("" if lang == "en" else lang) / "scorpion" / "rules" / "index.html"
    text = page.read_text(encoding="utf-8")
    meta = re.search(r'<meta name="solitaire-runtime" content="([^"]*)">', text)
    from html import unescape

    runtime = json.loads(unescape(meta.group(1)))
    assert not runtime["index"].startswith(("/", "http")) and not runtime["wheel"].startswith(("/", "http"))
    assert (page.parent / runtime["index"] / "pyodide.mjs").resolve().is_file()
    assert (page.parent / runtime["wheel"]).resolve().is_file()
    script = re.search(r'<script type="module" src="([^"]*widgets\.js)">', text).group(1)
    assert (page.parent / script).resolve().is_file()
    assert (page.parent / script).resolve().parent.joinpath("worker.mjs").is_file()


def test_pages_without_widgets_load_no_widget_assets(site):
    text = (site / "sources" / "index.html").read_text(encoding="utf-8")
    assert "solitaire-runtime" not in text and "widgets.js" not in text


def test_no_page_refers_to_another_origin_for_the_runtime(site):
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "cdn.jsdelivr" not in text and "micropip" not in text


def test_a_widget_id_used_twice_on_a_page_fails_the_build():
    from mkdocs.exceptions import PluginError

    replay = ('<div class="sol-widget sol-replay" id="won" data-widget="replay">'
              '<a id="won-0"></a><a id="won-1"></a></div>')
    widgets.check_ids('<h2 id="rules">R</h2>' + replay, "docs/x.md")  # fine
    with pytest.raises(PluginError, match="docs/x.md: widget id 'won'"):
        widgets.check_ids('<h2 id="won">Won</h2>' + replay, "docs/x.md")  # a heading's id
    with pytest.raises(PluginError, match="'won-1' is used more than once"):
        widgets.check_ids(replay + '<h3 id="won-1">…</h3>', "docs/x.md")  # one of its deep links
    with pytest.raises(PluginError, match="widget id 'won'"):
        widgets.check_ids(replay + replay.replace("sol-replay", "sol-try"), "docs/x.md")  # two widgets


# -- record texts name the engine's values, as pages do ------------------------------------------

VALUED = """[Game "scorpion"]
[Ruling "valued"]
[Question "Is a complete sequence worth {{ scorpion.points_sequence }} points?"]
[Position "{position}"]

?4H>7 +5 easy:+5 {The usual {{ scorpion.points_same_suit | signed }}.}
"""


@pytest.fixture
def examples_at(tmp_path, monkeypatch):
    """A checkout root in tmp_path whose examples/ holds the records a test writes."""
    from hooks.directives import widget_source

    monkeypatch.setattr(widget_source, "ROOT", tmp_path)
    (tmp_path / "examples").mkdir()

    def write(name: str, text: str) -> None:
        (tmp_path / "examples" / name).write_text(text, encoding="utf-8")

    return write


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_record_text_names_the_engines_numbers(examples_at, lang):
    examples_at("valued.game", VALUED.replace("{position}", SEED_DEAL))
    out = render("ruling", "ruling: valued\n", lang)
    points = str(engine.facts("scorpion")["points_sequence"])
    assert root_attrs(out)["aria-label"] == f"Is a complete sequence worth {points} points?"  # no translation
    assert "{{" not in out


def test_a_record_text_with_a_bad_value_names_the_records_line(examples_at):
    examples_at("valued.game", VALUED.replace("{position}", SEED_DEAL).replace("points_sequence", "points_nope"))
    with pytest.raises(directives.DirectiveError, match=r"examples/valued\.game:3: .*points_nope") as e:
        render("ruling", "ruling: valued\n", "hu")
    assert e.value.line == 21  # the line of the directive's "ruling:" key in the page
