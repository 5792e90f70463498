"""The committed win rates (``examples/stats/winrates.json``, written by ``bench/winrates.py``):
read, checked and formatted for the ``solitaire winrates`` table (``hooks/directives/winrates.py``)
and the inline values ``{{ stats.<preset>.<field> }}`` (``hooks/values.py``).
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import engine

from .numbers import format_percent

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "examples" / "stats" / "winrates.json"

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
    name = shown(path)
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


def shown(path: Path) -> str:
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def _check_preset(name: str, key: str, p: object) -> None:
    where = f"{name}: presets.{key}"
    if not isinstance(p, dict):
        raise StatsError(f"{where}: expected an object")
    game = p.get("game")
    if game not in engine.GAMES:
        raise StatsError(f"{where}.game: {game!r} is not a game (games: {', '.join(engine.GAMES)})")
    preset = key.removeprefix(f"{game}-")
    known = engine.find(game).presets
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
    text = format_percent(entry["rate"], lang, decimals)
    if m.group("error"):
        error = m.group("error")
        text += " ± " + format_percent(float(error) / 100, lang, len((error.split(".") + [""])[1]))
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
        return format_percent(rates[field], lang, 1)
    m = re.fullmatch(r"published_(\d+)", field)
    if m and 1 <= int(m.group(1)) <= len(preset.get("published", [])):
        return figure(preset["published"][int(m.group(1)) - 1], lang)[0]
    known = [*counts, *rates, *(f"published_{i}" for i in range(1, len(preset.get("published", [])) + 1))]
    raise StatsError(f"unknown field {field!r} (fields: {', '.join(known)})")


