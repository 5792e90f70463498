"""``solitaire winrates``: the solver's win rates of one game, from the committed data.

    ```solitaire winrates
    game: scorpion
    ```

The data is ``examples/stats/winrates.json``, written by ``bench/winrates.py`` (read its docstring:
won / lost / unknown per deal, the budget in positions per deal; CI does not rerun it). The directive
renders two tables for ``game``, in the page's language:

- the measurement, one row per preset (``<tr data-preset="scorpion-classic">``): the rule set (the
  engine's name for the preset, the game's ``preset_name``), deals, won, lost, out of budget,
  the win rate with its 95% Wilson interval (a lower bound: unknown deals count as not won), the
  upper bound if every unknown deal were won, the budget; each cell carries ``data-field``
  (``deals``, ``won``, ``lost``, ``unknown``, ``rate``, ``upper``, ``budget``); below it, the
  first and last deal code of each preset;
- the published figures set beside them (``<table data-table="published">``, rows
  ``<tr data-published="<url>" data-presets="…">``): our rule sets they are
  compared with, the figure, what was measured, the source (a link).

Numbers and percentages are formatted for the page's language (``hooks.values``: en ``12.1%``,
hu ``12,1%``, ca and ru ``12,1 %``). The directive's own words (column headers) and the data's
words (what each published figure measured, its source) are translated through the site catalog
(msgctxt ``winrates``); the data's words enter ``MESSAGES`` when this module is imported, so
``catalogs extract`` sees them.

A game the file has no preset of yet (the run writes it preset by preset) gets one sentence saying
so instead of the tables. A missing or malformed file, or data that does not add up
(won + lost + unknown ≠ deals, a rate that is not won / deals, a published figure whose text does
not match its rate), fails the build with one line naming the file and the field: ``load`` raises ``StatsError``.
"""

from __future__ import annotations

import json
import re
from html import escape
from typing import TYPE_CHECKING

import engine

from .. import stats
from ..numbers import format_number, format_percent
from ..stats import DATA, StatsError, cached, figure, load, shown

__all__ = ["DATA", "StatsError", "cached", "figure", "load", "render"]  # the data's readers, for this page's tests

if TYPE_CHECKING:
    from . import Directive

KIND = "winrates"
KEYS = ("game",)
OPTIONAL = ()

CONTEXT = "winrates"

HEADERS = ("Rule set", "Deals", "Won", "Lost", "Out of budget", "Win rate (95% interval)", "Upper bound",
           "Budget (positions)")
PUBLISHED_HEADERS = ("Compared with", "Published figure", "What was measured", "Source")
ABOUT = "about {figure}"
CODES = "Deal codes:"
NONE = "No deal of this game has been measured yet."
_WORDS = (*HEADERS, *PUBLISHED_HEADERS, ABOUT, CODES, NONE)

# -- the directive ----------------------------------------------------------------------------------


def render(d: Directive) -> str:
    try:
        presets = cached()
    except StatsError as e:
        raise d.fail(str(e)) from None
    game = d.get("game")
    rows = {key: p for key, p in presets.items() if p["game"] == game}

    def t(msgid: str) -> str:
        return foreign(escape(d.gettext(CONTEXT, msgid)))

    if not rows:
        if game not in engine.GAMES:
            games = sorted({p["game"] for p in presets.values()})
            raise d.fail(f"{shown(DATA)} has no presets of {game!r} (games: {', '.join(games)})", "game")
        # a game the run has not reached yet (bench/winrates.py writes the file preset by preset)
        return f'<div class="winrates" data-game="{escape(game)}"><p data-field="none">{t(NONE)}</p></div>'

    def pct(x: float) -> str:
        return escape(format_percent(x, d.lang, 1))

    def num(n: int) -> str:
        return escape(format_number(n, d.lang))

    def name(key: str) -> str:
        return escape(engine.find(game).preset_name(key.removeprefix(f"{game}-"), d.lang))

    body, codes = [], []
    for key, p in rows.items():
        low, high = p["wilson95"]
        codes.append(f'<li>{name(key)}: <code>{escape(p["codes"])}</code></li>')
        rate = f'{pct(p["rate"])} <span class="interval">({pct(low)}–{pct(high)})</span>'
        body.append(
            f'<tr data-preset="{escape(key)}">'
            f'<td>{name(key)}</td>'
            f'<td class="number" data-field="deals">{num(p["deals"])}</td>'
            f'<td class="number" data-field="won">{num(p["won"])}</td>'
            f'<td class="number" data-field="lost">{num(p["lost"])}</td>'
            f'<td class="number" data-field="unknown">{num(p["unknown"])}</td>'
            f'<td class="number" data-field="rate">{rate}</td>'
            f'<td class="number" data-field="upper">{pct(p["bounds"]["unknown_as_won"])}</td>'
            f'<td class="number" data-field="budget">{num(p["budget_positions"])}</td></tr>')
    head = "".join(f"<th>{t(h)}</th>" for h in HEADERS)
    html = [f'<div class="winrates" data-game="{escape(game)}">',
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>",
            f'<p class="codes">{t(CODES)}</p><ul class="codes">{"".join(codes)}</ul>']  # a label, then a list

    published: dict[tuple[str, str], tuple[dict, list[str]]] = {}
    for key, p in rows.items():
        for entry in p.get("published", []):
            published.setdefault((entry["figure"], entry["url"]), (entry, []))[1].append(key)
    if published:
        lines = []
        for entry, keys in published.values():
            text, about = figure(entry, d.lang)
            # one rule set per item: a list, so text and speech keep them apart (not spans glued)
            compared = '<ul class="presets">' + "".join(f'<li>{name(k)}</li>' for k in keys) + "</ul>"
            figure_text = t(ABOUT).replace("{figure}", escape(text)) if about else escape(text)
            lines.append(
                f'<tr data-published="{escape(entry["url"])}" data-presets="{escape(" ".join(keys))}">'
                f'<td>{compared}</td>'
                f'<td class="number" data-field="figure">{figure_text}</td>'
                f'<td>{t(entry["what"])}</td>'
                f'<td><a href="{escape(entry["url"])}">{t(entry["source"])}</a></td></tr>')
        head = "".join(f"<th>{t(h)}</th>" for h in PUBLISHED_HEADERS)
        html.append(f'<table data-table="published"><thead><tr>{head}</tr></thead>'
                    f"<tbody>{''.join(lines)}</tbody></table>")
    html.append("</div>")
    return "\n".join(html)


_FOREIGN = re.compile(r"&lt;span lang=&quot;([a-z]{2})&quot;&gt;(.*?)&lt;/span&gt;")


def foreign(escaped: str) -> str:
    """The one piece of markup a translation of these words may carry: a passage in another
    language, ``<span lang="en">…</span>`` (an English title in a Hungarian source line, WCAG 3.1.2),
    restored after escaping; anything else stays text."""
    return _FOREIGN.sub(r'<span lang="\1">\2</span>', escaped) if "&lt;span" in escaped else escaped


MESSAGES = tuple((CONTEXT, w) for w in _WORDS)


def data_messages() -> tuple[tuple[str, str], ...]:
    """The words of the committed data that a page shows (published figures: what, source), read
    when the catalogs are extracted, not when the module is imported."""
    try:
        presets = cached()
        # and the figures of presets the run has not reached yet (bench/winrates.py writes them all)
        waiting = json.loads(stats.DATA.read_text(encoding="utf-8")).get("published", {})
    except (StatsError, OSError, ValueError):
        return ()  # the build reports the file when a page renders it
    found: list[str] = []
    entries = [p.get("published", []) for p in presets.values()]
    if isinstance(waiting, dict):
        entries += [e for e in waiting.values() if isinstance(e, list)]
    for published in entries:
        for entry in published:
            if not isinstance(entry, dict) or not all(isinstance(entry.get(k), str) for k in ("what", "source")):
                continue
            for text in (entry["what"], entry["source"]):
                if text not in found:
                    found.append(text)
    return tuple((CONTEXT, w) for w in found)
