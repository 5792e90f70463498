"""``solitaire winrates``: the solver's win rates of one game, from the committed data.

    ```solitaire winrates
    game: scorpion
    ```

The data is ``examples/stats/winrates.json``, written by ``bench/winrates.py`` (read its docstring:
won / lost / unknown per deal, the budget in positions per deal; CI does not rerun it). The directive
renders two tables for ``game``, in the page's language:

- the measurement, one row per preset (``<tr data-preset="scorpion-classic">``): the rule set (the
  engine's name for the preset, ``engine.web.preset_label``), deals, won, lost, out of budget,
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

A missing or malformed file, or data that does not add up (won + lost + unknown ≠ deals, a rate
that is not won / deals, a published figure whose text does not match its rate), fails the build
with one line naming the file and the field: ``load`` raises ``StatsError``.
"""

from __future__ import annotations

import json
import math
import re
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from .. import values

if TYPE_CHECKING:
    from . import Directive

KIND = "winrates"
KEYS = ("game",)
OPTIONAL = ()

ROOT = Path(__file__).resolve().parent.parent.parent
DATA = ROOT / "examples" / "stats" / "winrates.json"
CONTEXT = "winrates"

HEADERS = ("Rule set", "Deals", "Won", "Lost", "Out of budget", "Win rate (95% interval)", "Upper bound",
           "Budget (positions)")
PUBLISHED_HEADERS = ("Compared with", "Published figure", "What was measured", "Source")
ABOUT = "about {figure}"
CODES = "Deal codes:"
_WORDS = (*HEADERS, *PUBLISHED_HEADERS, ABOUT, CODES)

# A published figure as the data writes it: "about 9%", "12.8%", "81.945% ± 0.084%".
_FIGURE = re.compile(r"^(?P<about>about )?(?P<value>\d+(?:\.\d+)?)%(?: ± (?P<error>\d+(?:\.\d+)?)%)?$")
_COUNTS = ("deals", "won", "lost", "unknown", "budget_positions")


class StatsError(ValueError):
    """The win-rate data cannot be shown; the message is one line and names the file and field."""


_LOADED: dict = {}


def cached() -> dict[str, dict]:
    """``load()`` of ``DATA``, read and checked once per state of the file (a build renders many
    values and tables from it; ``mkdocs serve`` sees it change)."""
    try:
        stat = DATA.stat()
    except OSError:
        return load()  # its own error
    key = (DATA, stat.st_mtime_ns, stat.st_size)
    if key not in _LOADED:
        _LOADED.clear()
        _LOADED[key] = load()
    return _LOADED[key]


def load(path: Path | None = None) -> dict[str, dict]:
    """The presets of the win-rate file at ``path`` (``DATA``), checked (``StatsError`` on any problem)."""
    path = path or DATA
    name = _shown(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StatsError(f"{name}: no such file (run bench/winrates.py --summary)") from None
    except (OSError, UnicodeDecodeError) as e:
        raise StatsError(f"{name}: cannot be read ({e})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise StatsError(f"{name}:{e.lineno}: not valid JSON: {e.msg} (column {e.colno})") from None
    presets = data.get("presets") if isinstance(data, dict) else None
    if not isinstance(presets, dict) or not presets:
        raise StatsError(f"{name}: expected an object with a non-empty 'presets' object")
    for key, preset in presets.items():
        _check_preset(name, key, preset)
    return presets


def _shown(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def _check_preset(name: str, key: str, p: object) -> None:
    import engine  # noqa: PLC0415

    where = f"{name}: presets.{key}"
    if not isinstance(p, dict):
        raise StatsError(f"{where}: expected an object")
    game = p.get("game")
    if game not in engine.GAMES:
        raise StatsError(f"{where}.game: {game!r} is not a game (games: {', '.join(engine.GAMES)})")
    preset = key.removeprefix(f"{game}-")
    known = engine.RULES[game].PRESETS
    if preset == key or preset not in known:
        raise StatsError(f"{where}: the name must be {game}-<preset> (presets: {', '.join(known)})")
    for field in _COUNTS:
        n = p.get(field)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise StatsError(f"{where}.{field}: expected a whole number ≥ 0, got {n!r}")
    if p["deals"] == 0 or p["won"] + p["lost"] + p["unknown"] != p["deals"]:
        raise StatsError(f"{where}: won + lost + unknown ({p['won']} + {p['lost']} + {p['unknown']}) "
                         f"must equal deals ({p['deals']}), which is at least 1")
    rate = _fraction(where, "rate", p.get("rate"))
    if abs(rate - p["won"] / p["deals"]) > 5e-5:
        raise StatsError(f"{where}.rate: {rate} is not won / deals ({p['won']} / {p['deals']})")
    interval = p.get("wilson95")
    if not (isinstance(interval, list) and len(interval) == 2):
        raise StatsError(f"{where}.wilson95: expected [low, high], got {interval!r}")
    low, high = (_fraction(where, "wilson95", v) for v in interval)
    if not low <= rate <= high:
        raise StatsError(f"{where}.wilson95: [{low}, {high}] does not contain the rate {rate}")
    bounds = p.get("bounds")
    upper = _fraction(where, "bounds.unknown_as_won", bounds.get("unknown_as_won") if isinstance(bounds, dict)
                      else None)
    if abs(upper - (p["won"] + p["unknown"]) / p["deals"]) > 5e-5:
        raise StatsError(f"{where}.bounds.unknown_as_won: {upper} is not (won + unknown) / deals")
    if not isinstance(p.get("codes"), str):
        raise StatsError(f"{where}.codes: expected the first and last deal codes as text")
    published = p.get("published", [])
    if not isinstance(published, list):
        raise StatsError(f"{where}.published: expected a list")
    for i, entry in enumerate(published):
        _check_published(f"{where}.published[{i}]", entry)


def _fraction(where: str, field: str, v: object) -> float:
    if not isinstance(v, (int, float)) or isinstance(v, bool) or not 0 <= v <= 1 or math.isnan(v):
        raise StatsError(f"{where}.{field}: expected a fraction between 0 and 1, got {v!r}")
    return float(v)


def _check_published(where: str, e: object) -> None:
    if not isinstance(e, dict):
        raise StatsError(f"{where}: expected an object")
    for field in ("figure", "what", "source", "url"):
        if not isinstance(e.get(field), str) or not e[field].strip():
            raise StatsError(f"{where}.{field}: expected text")
    if not re.match(r"^https?://", e["url"]):
        raise StatsError(f"{where}.url: expected an http(s) address, got {e['url']!r}")
    rate = _fraction(where, "rate", e.get("rate"))
    m = _FIGURE.match(e["figure"])
    if m is None:
        raise StatsError(f"{where}.figure: {e['figure']!r} is not 'N%', 'about N%' or 'N% ± M%'")
    if abs(float(m.group("value")) / 100 - rate) > 1e-9:
        raise StatsError(f"{where}.figure: {e['figure']!r} does not match its rate {rate}")


# -- formatting -------------------------------------------------------------------------------------


def figure(entry: dict, lang: str) -> tuple[str, bool]:
    """A published figure in ``lang`` with the data's precision (``81,945 % ± 0,084 %``), and
    whether the source says "about"."""
    m = _FIGURE.match(entry["figure"])
    decimals = len((m.group("value").split(".") + [""])[1])
    text = values.format_percent(entry["rate"], lang, decimals)
    if m.group("error"):
        error = m.group("error")
        text += " ± " + values.format_percent(float(error) / 100, lang, len((error.split(".") + [""])[1]))
    return text, bool(m.group("about"))


def stat(preset: dict, field: str, lang: str) -> int | str:
    """One figure of a preset for inline values (``hooks.values``): counts as numbers, rates as
    percentages with one decimal in ``lang``, ``published_N`` as the Nth published figure."""
    counts = {"deals": "deals", "won": "won", "lost": "lost", "unknown": "unknown", "budget": "budget_positions"}
    if field in counts:
        return preset[counts[field]]
    rates = {"rate": preset["rate"], "low": preset["wilson95"][0], "high": preset["wilson95"][1],
             "upper": preset["bounds"]["unknown_as_won"]}
    if field in rates:
        return values.format_percent(rates[field], lang, 1)
    m = re.fullmatch(r"published_(\d+)", field)
    if m and 1 <= int(m.group(1)) <= len(preset.get("published", [])):
        return figure(preset["published"][int(m.group(1)) - 1], lang)[0]
    known = [*counts, *rates, *(f"published_{i}" for i in range(1, len(preset.get("published", [])) + 1))]
    raise StatsError(f"unknown field {field!r} (fields: {', '.join(known)})")


# -- the directive ----------------------------------------------------------------------------------


def render(d: Directive) -> str:
    from engine.web import preset_label  # noqa: PLC0415

    try:
        presets = cached()
    except StatsError as e:
        raise d.fail(str(e)) from None
    game = d.get("game")
    rows = {key: p for key, p in presets.items() if p["game"] == game}
    if not rows:
        games = sorted({p["game"] for p in presets.values()})
        raise d.fail(f"{_shown(DATA)} has no presets of {game!r} (games: {', '.join(games)})", "game")

    def t(msgid: str) -> str:
        return foreign(escape(d.gettext(CONTEXT, msgid)))

    def pct(x: float) -> str:
        return escape(values.format_percent(x, d.lang, 1))

    def num(n: int) -> str:
        return escape(values.format_number(n, d.lang))

    def name(key: str) -> str:
        return escape(preset_label(game, key.removeprefix(f"{game}-"), d.lang))

    body, codes = [], []
    for key, p in rows.items():
        low, high = p["wilson95"]
        codes.append(f'{name(key)}: <code>{escape(p["codes"])}</code>')
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
            f'<p class="codes">{t(CODES)} {"; ".join(codes)}</p>']

    published: dict[tuple[str, str], tuple[dict, list[str]]] = {}
    for key, p in rows.items():
        for entry in p.get("published", []):
            published.setdefault((entry["figure"], entry["url"]), (entry, []))[1].append(key)
    if published:
        lines = []
        for entry, keys in published.values():
            text, about = figure(entry, d.lang)
            compared = "".join(f'<span class="preset">{name(k)}</span>' for k in keys)
            shown = t(ABOUT).replace("{figure}", escape(text)) if about else escape(text)
            lines.append(
                f'<tr data-published="{escape(entry["url"])}" data-presets="{escape(" ".join(keys))}">'
                f'<td>{compared}</td>'
                f'<td class="number" data-field="figure">{shown}</td>'
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
    except StatsError:
        return ()  # the build reports the file when a page renders it
    found: list[str] = []
    for p in presets.values():
        for entry in p.get("published", []):
            for text in (entry["what"], entry["source"]):
                if text not in found:
                    found.append(text)
    return tuple((CONTEXT, w) for w in found)
