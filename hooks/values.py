"""Inline values: numbers from the engine, written into any text block as ``{{ … }}``.

A fact lives in one place, the engine; pages and translations name it. The syntax, inside any
heading, paragraph, list item, table cell or admonition title (so also inside msgids: the
translator keeps the placeholder and may add grammar to it)::

    {{ [ARTICLE] VALUE [| FILTER [ARG…]]… }}

VALUE
    ``game.key`` from ``engine.facts(game)``: ``scorpion.face_down`` → 12;
    ``game[rules].key`` under a rules preset or string: ``scorpion[bvs].face_down_columns`` → 3;
    or a whole number written out (``{{ az 5 | ordinal }}``). Numbers are formatted for the
    page's language (en ``1,000``, hu/ru ``1 000``, ca ``1.000``).
    ``game.reason.<id>``: the app's message for a refused move (the engine's reason id), in the
    page's language, word for word as the app shows it: ``{{ scorpion.reason.same-suit }}`` is hu
    ``Szabály: a lapoknak azonos színűnek kell lenniük``; the text around it adds the quotes.
    ``stats.<preset>.<field>``: a figure of the committed win rates (``examples/stats/winrates.json``,
    ``hooks/directives/winrates.py``), for prose next to the ``solitaire winrates`` table:
    ``deals``, ``won``, ``lost``, ``unknown``, ``budget`` are numbers (filters apply);
    ``rate``, ``low``, ``high`` (its 95% interval), ``upper`` (every out-of-budget deal won) are
    percentages with one decimal (en ``12.1%``, hu ``12,1%``, ca/ru ``12,1 %``); ``published_N`` is
    the preset's Nth published figure with its own precision (``81.945% ± 0.084%``).
FILTER
    ``| ordinal [m|f|n]``  en ``7th``, hu ``7.``, ca ``7è``/``7a`` (m/f), ru ``7-й``/``7-я``/``7-е``;
    ``| money``            the app's Vegas format, the same in every language: ``+$208``, ``$0``, ``-$52``
                           (for quoting the app's screen);
    ``| dollars``          a Vegas score in prose, in the language's form: en ``+$208``, hu/ca/ru ``+208 $``,
                           ``−52 $`` (no-break space, true minus);
    ``| signed``           ``+5``, ``0``, ``-3`` (hu, ca, ru: ``−3``, a true minus);
    ``| plural one="…" few="…" many="…" other="…"``  the form for the value's CLDR plural category
    in the page's language (from Babel); ``#`` in a form is the number. A category without a form
    takes ``other``'s. en ``{{ scorpion.face_down | plural one="# card" other="# cards" }}``,
    ru ``{{ scorpion.face_down | plural one="# закрытая карта" few="# закрытые карты" many="# закрытых карт" }}``.
ARTICLE (by the page's language, applied to the finished text)
    hu ``a``/``az`` (either spelling; the right one is chosen: ``az 52``, ``a 2.``, ``az 5.``),
    capitalised ``A``/``Az`` at the start of a sentence;
    ca ``el``/``la``/``l'`` (``el 5``, ``l'11``), ``del``/``al``/``pel``, ``de``/``d'`` (``d'11``),
    capitalised likewise. en and ru take none.

>>> render("{{ az scorpion.deck }} lap", "hu", facts=lambda g, r: {"deck": 52})
'az 52 lap'

An unknown fact, filter, article or a malformed placeholder raises ``ValueError`` (``PlaceholderError``)
with a one-line message; the page hook adds ``file:line``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from babel import Locale

import engine
from engine import grammar
from engine.core import REASONS
from engine.i18n import minus

from . import stats
from .numbers import format_number, format_percent

__all__ = ["FILTERS", "PlaceholderError", "check", "engine_facts", "format_number", "format_percent", "names",
           "parse", "render", "render_one"]

PLACEHOLDER = re.compile(r"\{\{(?P<expr>.*?)\}\}", re.S)
_TOKEN = re.compile(r'(?P<kw>[A-Za-z_]\w*)="(?P<kwval>[^"]*)"|(?P<pipe>\|)|(?P<word>[^\s|"]+)|(?P<bad>\S)')
_FACT = re.compile(r"^(?P<game>[a-z][a-z0-9_-]*)(?:\[(?P<rules>[^\]]*)\])?\.(?P<key>[a-z_][a-z0-9_]*)$")
_REASON = re.compile(r"^(?P<game>[a-z][a-z0-9_-]*)\.reason\.(?P<reason>[a-z][a-z0-9-]*)$")
_STAT = re.compile(r"^stats\.(?P<preset>[a-z][a-z0-9-]*)\.(?P<field>[a-z_][a-z0-9_]*)$")
_CATEGORIES = ("zero", "one", "two", "few", "many", "other")

Facts = Callable[[str, "str | None"], dict]


class PlaceholderError(ValueError):
    """A ``{{ … }}`` that cannot be rendered; the message is one line."""


def engine_facts(game: str, rules: str | None) -> dict:
    """The engine's facts (cached): the one source of every number on the site."""
    return _engine_facts(game, rules)


@cache
def _engine_facts(game: str, rules: str | None) -> dict:
    try:
        return dict(engine.facts(game, rules=rules))
    except engine.EngineError as e:
        raise PlaceholderError(e.message) from None


def render(text: str, lang: str, facts: Facts = engine_facts) -> str:
    """``text`` with every placeholder replaced by its value in ``lang``."""
    if "{{" not in text:
        return text
    return PLACEHOLDER.sub(lambda m: render_one(m.group("expr"), lang, facts), text)


def names(text: str) -> list[str]:
    """The values a text refers to (``scorpion.face_down`` …), in order: a translation must keep them."""
    found = []
    for m in PLACEHOLDER.finditer(text):
        try:
            found.append(parse(m.group("expr")).value)
        except PlaceholderError:
            found.append(m.group(0))
    return found


def check(text: str, lang: str) -> list[str]:
    """Problems with the placeholders of ``text`` that need no engine: syntax, articles, filters,
    plural forms for every category of ``lang``. Used by ``catalogs check`` on translations."""
    problems = []
    for m in PLACEHOLDER.finditer(text):
        try:
            p = parse(m.group("expr"))
            if p.article:
                _article_function(p.article, lang)
            for name, _args, kwargs in p.filters:
                if name == "plural":
                    missing = [c for c in integer_categories(lang) if c not in kwargs and "other" not in kwargs]
                    if missing:
                        raise PlaceholderError(f"plural: no form for {', '.join(missing)} (give them or other=)")
        except PlaceholderError as e:
            problems.append(f"{m.group(0)}: {e}")
    return problems


class Placeholder:
    __slots__ = ("article", "value", "filters")

    def __init__(self, article: str | None, value: str, filters: list[tuple[str, list[str], dict]]):
        self.article = article
        self.value = value
        self.filters = filters


def parse(expr: str) -> Placeholder:
    sections: list[list[tuple[str, str]]] = [[]]
    for m in _TOKEN.finditer(expr):
        if m.group("bad"):
            raise PlaceholderError(f"{{{{{expr}}}}}: unexpected {m.group('bad')!r} (quote a form as one=\"…\")")
        if m.group("pipe"):
            sections.append([])
        elif m.group("kw"):
            sections[-1].append(("kw", f"{m.group('kw')}={m.group('kwval')}"))
        else:
            sections[-1].append(("word", m.group("word")))
    head = sections[0]
    if not head or any(kind != "word" for kind, _ in head) or len(head) > 2:
        raise PlaceholderError(f"{{{{{expr}}}}}: expected [article] value, e.g. {{{{ az scorpion.deck }}}}")
    article = head[0][1] if len(head) == 2 else None
    value = head[-1][1]
    if not (_FACT.match(value) or _REASON.match(value) or _STAT.match(value) or value.isdigit()
            or re.fullmatch(r"-\d+", value)):
        raise PlaceholderError(f"{{{{{expr}}}}}: {value!r} is not a fact (game.key), a message (game.reason.id), "
                               "a win rate (stats.preset.field) or a number")
    filters = []
    for section in sections[1:]:
        if not section or section[0][0] != "word":
            raise PlaceholderError(f"{{{{{expr}}}}}: a filter name is missing after |")
        name = section[0][1]
        args = [w for kind, w in section[1:] if kind == "word"]
        kwargs = dict(w.split("=", 1) for kind, w in section[1:] if kind == "kw")
        if name not in FILTERS:
            raise PlaceholderError(f"{{{{{expr}}}}}: unknown filter {name!r} (known: {', '.join(FILTERS)})")
        filters.append((name, args, kwargs))
    return Placeholder(article, value, filters)


def render_one(expr: str, lang: str, facts: Facts = engine_facts) -> str:
    p = parse(expr)
    reason, stat = _REASON.match(p.value), _STAT.match(p.value)
    if reason:
        value = engine_message(reason.group("game"), reason.group("reason"), lang)
    elif stat:
        value = win_rate(stat.group("preset"), stat.group("field"), lang)
    else:
        value = _value(p.value, facts)
    if isinstance(value, int) and not isinstance(value, bool):
        text = None
        for name, args, kwargs in p.filters:
            try:
                text = FILTERS[name](value, lang, *args, **kwargs)
            except TypeError:
                raise PlaceholderError(f"{{{{{expr}}}}}: bad arguments for {name}") from None
        if text is None:
            text = format_number(value, lang)
    else:
        if p.filters:
            raise PlaceholderError(f"{{{{{expr}}}}}: {p.value} is text ({value!r}), not a number")
        text = str(value)
    if p.article:
        text = _article_function(p.article, lang)(text)
    return text


def engine_message(game: str, reason: str, lang: str) -> str:
    """The app's message for a move refused for ``reason`` (``engine.core.REASONS``), in ``lang``."""
    if game not in engine.GAMES:
        raise PlaceholderError(f"unknown game {game!r} in {game}.reason.{reason} (games: {', '.join(engine.GAMES)})")
    engine.find(game)  # the game's module, imported on first use, registers its reasons
    if reason not in REASONS:
        raise PlaceholderError(f"unknown reason {reason!r} in {game}.reason.{reason} "
                               f"(reasons: {', '.join(sorted(REASONS))})")
    try:
        return engine.Verdict(False, reason, game=game).message(lang)
    except engine.EngineError as e:
        raise PlaceholderError(e.message) from None


def win_rate(preset: str, field: str, lang: str) -> int | str:
    """``stats.<preset>.<field>``: a figure of the committed win rates (``hooks/stats.py``)."""
    try:
        presets = stats.cached()
        if preset not in presets:
            raise stats.StatsError(f"no preset {preset!r} in {stats.DATA.name} (presets: {', '.join(presets)})")
        return stats.stat(presets[preset], field, lang)
    except stats.StatsError as e:
        raise PlaceholderError(f"stats.{preset}.{field}: {e}") from None


def _value(name: str, facts: Facts) -> int | str:
    if re.fullmatch(r"-?\d+", name):
        return int(name)
    m = _FACT.match(name)
    table = facts(m.group("game"), m.group("rules"))
    key = m.group("key")
    if key not in table:
        raise PlaceholderError(f"unknown fact {name!r} (known for {m.group('game')}: {', '.join(sorted(table))})")
    return table[key]


# -- numbers and filters --------------------------------------------------------------------------


@cache
def _plural_rule(lang: str):
    return Locale.parse(lang).plural_form


@cache
def integer_categories(lang: str) -> tuple[str, ...]:
    """The CLDR plural categories whole numbers take in ``lang`` (ru: one, few, many)."""
    rule = _plural_rule(lang)
    found = {rule(n) for n in list(range(0, 1001)) + [10**6, 10**9]}
    return tuple(c for c in _CATEGORIES if c in found)


def plural(n: int, lang: str, **forms: str) -> str:
    unknown = set(forms) - set(_CATEGORIES)
    if unknown:
        raise PlaceholderError(f"plural: unknown category {sorted(unknown)[0]!r} (CLDR: {', '.join(_CATEGORIES)})")
    category = _plural_rule(lang)(abs(n))
    form = forms.get(category, forms.get("other"))
    if form is None:
        raise PlaceholderError(f"plural: {n} is '{category}' in {lang}, and there is no {category}= or other= form")
    return form.replace("#", format_number(n, lang))


def ordinal(n: int, lang: str, gender: str = "m") -> str:
    if gender not in ("m", "f", "n"):
        raise PlaceholderError(f"ordinal: gender must be m, f or n, not {gender!r}")
    if lang == "en":
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"
    if lang == "hu":
        return f"{n}."
    if lang == "ca":
        if gender == "f":
            return f"{n}a"
        return f"{n}{ {1: 'r', 2: 'n', 3: 'r', 4: 't'}.get(n, 'è') }"
    if lang == "ru":
        return f"{n}-{ {'m': 'й', 'f': 'я', 'n': 'е'}[gender] }"
    raise PlaceholderError(f"ordinal: no ordinal form for {lang!r} yet (add it in hooks/values.py)")


def money(n: int, lang: str) -> str:
    """The app's Vegas score: ``+$208``, ``$0``, ``-$52`` (the same in every language, as the app shows it)."""
    sign = "+" if n > 0 else "-" if n < 0 else ""
    return f"{sign}${abs(n)}"


def signed(n: int, lang: str) -> str:
    """``+10``, ``0``, ``−100`` (the minus as ``engine.i18n.minus``: en ``-100``)."""
    if n > 0:
        return f"+{format_number(n, lang)}"
    if n < 0:
        return minus(lang) + format_number(-n, lang)
    return format_number(n, lang)


def dollars(n: int, lang: str) -> str:
    """A Vegas score in running prose, in the language's own form (CLDR's currency pattern from
    Babel: the sign before or after the number, a no-break space between): en ``+$208``, ``-$52``
    (its minus the hyphen, as ``signed`` writes it); hu, ca, ru ``+208 $``, ``−52 $``. ``| money`` is
    the app's screen, for quoting it."""
    from babel import Locale  # noqa: PLC0415

    sign = "+" if n > 0 else minus(lang) if n < 0 else ""
    number = format_number(abs(n), lang)
    pattern = Locale.parse(lang).currency_formats["standard"].pattern
    if pattern.index("¤") < pattern.index("#"):
        return f"{sign}${number}"
    return f"{sign}{number}\u00a0$"


FILTERS: dict[str, Callable[..., str]] = {"plural": plural, "ordinal": ordinal, "money": money, "signed": signed,
                                          "dollars": dollars}


# -- articles -------------------------------------------------------------------------------------


def _capitalized(fn: Callable[[str], str], capital: bool) -> Callable[[str], str]:
    return (lambda w: (lambda s: s[:1].upper() + s[1:])(fn(w))) if capital else fn


def _article_function(word: str, lang: str) -> Callable[[str], str]:
    capital = word[:1].isupper()
    key = word.lower().replace("\u2019", "'")
    if lang == "hu" and key in ("a", "az"):
        return _capitalized(lambda w: f"{grammar.hu_article(w)} {w}", capital)
    if lang == "ca":
        table: dict[str, Callable[[str], str]] = {
            "el": lambda w: grammar.ca_with_article(w, "m"),
            "l'": lambda w: grammar.ca_with_article(w, "m"),
            "la": lambda w: grammar.ca_with_article(w, "f"),
            "del": lambda w: grammar.ca_with_article(w, "m", "de"),
            "al": lambda w: grammar.ca_with_article(w, "m", "a"),
            "pel": lambda w: grammar.ca_with_article(w, "m", "per"),
            "de": grammar.ca_de,
            "d'": grammar.ca_de,
        }
        if key in table:
            return _capitalized(table[key], capital)
    known = {"hu": "a, az", "ca": "el, la, l', del, al, pel, de, d'"}.get(lang, "none")
    raise PlaceholderError(f"unknown article {word!r} for {lang} (articles: {known})")
