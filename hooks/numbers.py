"""Numbers in the page's language, from CLDR through Babel: ``1,000`` / ``1 000`` / ``1.000``,
``12.1%`` / ``12,1 %``. Shared by the inline values (``values.py``) and the win-rate tables (``stats.py``).
"""

from __future__ import annotations

import copy
from functools import lru_cache

from babel import Locale
from babel.numbers import format_decimal, parse_pattern

from engine.i18n import grouped


@lru_cache(maxsize=4096)
def format_number(n: int, lang: str) -> str:
    """CLDR's pattern and separators from Babel; its minimum grouping (hu ``1000``, ``12 345``), which
    Babel lacks, from the engine's table (``engine.i18n.MIN_GROUPING``)."""
    return format_decimal(n, locale=lang, group_separator=grouped(int(n), lang))


def format_percent(x: float, lang: str, decimals: int = 1) -> str:
    """``x`` (a fraction) as a percentage with ``decimals`` decimals in the language's own pattern:
    en ``12.1%``, hu ``12,1%``, ca and ru ``12,1 %`` (CLDR, from Babel)."""
    locale = Locale.parse(lang)
    pattern = copy.copy(parse_pattern(locale.percent_formats[None].pattern))
    pattern.frac_prec = (decimals, decimals)
    return pattern.apply(x, locale)


