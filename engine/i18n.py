"""The engine's translations: gettext MO catalogs read with the standard library, the same way in
CPython and Pyodide.

Translators edit PO files, ``locales/<lang>/LC_MESSAGES/<domain>.po``; Babel compiles each into an
MO file beside it (``python -m hooks.catalogs compile``, which ``make`` runs before every target
that uses the engine), and the wheel carries freshly compiled ones as ``engine/locales/...``
(``hooks/wheel_catalogs.py``). ``gettext.GNUTranslations`` reads them: ``pgettext``,
``npgettext`` and the plural rule of the catalog's ``Plural-Forms`` header, which Babel writes from
CLDR. Fuzzy and empty entries are not compiled, so they fall back to the English msgid.

In a checkout, an MO file that is missing or older than its PO file is a ``CatalogError`` naming
both: a stale catalog never wins over an edited one in silence.

>>> from engine.cards import parse_card
>>> t = translator("hu")
>>> t.card(parse_card("4H"))
'kőr 4'

A text made of several catalog entries (a description: "reserve: …; … . column 1: …") starts each
sentence with a capital by rule, in one place, ``sentence_case``; numbers are written as the
language writes them (``number``: CLDR's grouping, a true minus in hu, ca and ru).

>>> sentence_case("tartalék: kiosztva. 1. oszlop: üres; 2. oszlop: kőr 4.", "hu")
'Tartalék: kiosztva. 1. oszlop: üres; 2. oszlop: kőr 4.'
>>> sentence_case("резерв: сдан. столбец 1: пусто.", "ru")
'Резерв: сдан. Столбец 1: пусто.'
>>> number(-1005, "hu"), number(-10005, "hu"), number(-1005, "en")
('−1005', '−10\xa0005', '-1,005')
"""

from __future__ import annotations

import gettext
import re
from functools import cache
from pathlib import Path

from .cards import rank_of, suit_of
from .errors import EngineError

LANGUAGES = ("en", "hu", "ca", "ru")
DEFAULT_LANGUAGE = "en"
DOMAINS = ("engine", "scorpion", "klondike")

_PACKAGE_LOCALES = Path(__file__).parent / "locales"
_CHECKOUT_LOCALES = Path(__file__).parent.parent / "locales"
COMPILE_COMMAND = "make i18n-compile"


class CatalogError(EngineError):
    """A catalog that cannot be used: its MO file is missing, stale or unreadable."""


def locales_dir() -> Path:
    """``engine/locales`` inside the wheel; the checkout's ``locales`` otherwise."""
    return _PACKAGE_LOCALES if _PACKAGE_LOCALES.is_dir() else _CHECKOUT_LOCALES


def _shown(path: Path) -> str:
    try:
        return path.relative_to(_CHECKOUT_LOCALES.parent).as_posix()
    except ValueError:
        return str(path)


def compiled(po_file: Path) -> gettext.GNUTranslations | None:
    """The compiled catalog of ``po_file`` (the ``.mo`` beside it); None when there is neither.

    Where the PO file exists (a checkout) its MO file must exist and be at least as new, or this
    is a ``CatalogError`` saying which command compiles it."""
    mo_file = po_file.with_suffix(".mo")
    try:
        po_time = po_file.stat().st_mtime_ns
    except FileNotFoundError:
        po_time = None
    try:
        mo_time = mo_file.stat().st_mtime_ns
    except FileNotFoundError:
        mo_time = None
    if po_time is not None and mo_time is None:
        raise CatalogError(f"{_shown(mo_file)}: missing, {po_file.name} is not compiled (run: {COMPILE_COMMAND})")
    if po_time is not None and mo_time is not None and mo_time < po_time:
        raise CatalogError(f"{_shown(mo_file)}: older than {po_file.name}, which was edited since it was "
                           f"compiled (run: {COMPILE_COMMAND})")
    if mo_time is None:
        return None
    try:
        with mo_file.open("rb") as f:
            return gettext.GNUTranslations(f)
    except (OSError, ValueError, UnicodeDecodeError) as e:
        raise CatalogError(f"{_shown(mo_file)}: not a readable MO file ({e})") from None


class Translator:
    """Translations for one language, its domains chained (``engine``, then the games').

    Lookups never fail: a missing, empty or fuzzy entry gives the English msgid.
    """

    def __init__(self, lang: str, catalogs: list[gettext.NullTranslations]):
        self.lang = lang
        self._cards: dict[tuple[int, str], str] = {}  # (card, case) -> its name: a board's description
        # names every face-up card after every move
        self._chain = gettext.NullTranslations()
        for catalog in catalogs:
            self._chain.add_fallback(catalog)

    def pgettext(self, context: str | None, msgid: str) -> str:
        if context is None:
            return self._chain.gettext(msgid)
        return self._chain.pgettext(context, msgid)

    def npgettext(self, context: str | None, singular: str, plural: str, n: int) -> str:
        if context is None:
            return self._chain.ngettext(singular, plural, n)
        return self._chain.npgettext(context, singular, plural, n)

    # -- cards -------------------------------------------------------------------------------
    def rank(self, rank: int, case: str = "nom") -> str:
        english = _RANK_NAMES[rank]
        if case != "nom":
            # A case form the language lacks is its nominative (gettext gives back the English).
            context = "rank|" + case
            found = self._chain.pgettext(context, english)
            if found != english:
                return found
        return self.pgettext("rank", english)

    def suit(self, suit: int, form: str = "card") -> str:
        """``form="card"``: the word as used inside a card's name (hu kőr, ca cors, ru червей);
        ``form="name"``: the suit named on its own (ru черви)."""
        return self.pgettext("suit|" + form, _SUIT_NAMES[suit])  # contexts listed by SUIT_FORMS

    def card(self, c: int, case: str = "nom") -> str:
        """The card's full name: en "4 of hearts", hu "kőr 4", ca "4 de cors", ru "четвёрка червей"."""
        found = self._cards.get((c, case))
        if found is None:
            pattern = self.pgettext("card", "{rank} of {suit}")
            found = self._cards[c, case] = pattern.format(rank=self.rank(rank_of(c), case), suit=self.suit(suit_of(c)))
        return found


def N_(context: str, message: str) -> str:
    """Marks a msgid (with its context) for extraction where it is written; returns it unchanged."""
    return message


def NP_(context: str, singular: str, plural: str) -> tuple[str, str]:
    """Marks a plural msgid (with its context) for extraction where it is written; returns both forms
    (what ``npgettext`` needs)."""
    return singular, plural


_RANK_NAMES = (
    N_("rank", "ace"), N_("rank", "2"), N_("rank", "3"), N_("rank", "4"), N_("rank", "5"), N_("rank", "6"),
    N_("rank", "7"), N_("rank", "8"), N_("rank", "9"), N_("rank", "10"), N_("rank", "jack"),
    N_("rank", "queen"), N_("rank", "king"),
)
_SUIT_NAMES = (N_("suit", "spades"), N_("suit", "hearts"), N_("suit", "diamonds"), N_("suit", "clubs"))
CASES = ("acc", "gen", "dat", "ins", "pre")
"""Grammatical cases a rank name can be asked for (``rank|acc`` …); languages without cases
translate them as the nominative."""
SUIT_FORMS = ("card", "name")


# -- sentences and numbers ---------------------------------------------------------------------------

# A sentence starts at the start of the text or after a full stop (!, ?) and a space; opening quotes
# and brackets, and invisible format characters, may come before its first letter.
_OPENING = "([\"'(\\[«„“‘\u2060-\u2064\ufeff]*)"
_SENTENCE_START = re.compile(r"(?:^\s*|[.!?]\s+)" + _OPENING + r"([^\W\d_])")
_SENTENCE_START_HU = re.compile(r"(?:^\s*|(?<!\d)\.\s+|[!?]\s+)" + _OPENING + r"([^\W\d_])")


def sentence_case(text: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """``text`` with the first letter of each sentence in upper case: at the start, and after a full
    stop (``!``, ``?``) followed by a space. Opening quotes and brackets before the first letter are
    passed over («столбец» → «Столбец»); a sentence that starts with a digit or a symbol (``10♠``,
    ``1. oszlop``) is left as it is. Hungarian writes ordinals with a full stop (``az 1. oszlop``),
    so there a full stop right after a digit ends no sentence."""
    pattern = _SENTENCE_START_HU if lang == "hu" else _SENTENCE_START
    return pattern.sub(lambda m: m.group(0)[:-1] + m.group(2).upper(), text)


MINUS = "\u2212"
"""The true minus sign: hu, ca and ru write negative numbers with it (English keeps the hyphen)."""


def minus(lang: str = DEFAULT_LANGUAGE) -> str:
    """The minus sign ``lang`` writes before a negative amount: the hyphen in English (as the app
    shows its scores), the true minus (``MINUS``) in hu, ca, ru."""
    return "-" if lang == "en" else MINUS

GROUP_SEPARATORS = {"en": ",", "hu": "\u00a0", "ca": ".", "ru": "\u00a0"}
"""CLDR's thousands separator of each language, as Babel formats numbers on the pages (a test holds
them to Babel's)."""


MIN_GROUPING = {"hu": 2}
"""CLDR's ``minimumGroupingDigits`` where it is not 1 (Babel lacks it; ICU, the browsers' and
Node's ``Intl``, has it, and a test holds this table to theirs): Hungarian writes ``1000`` but
``12 345``."""


def grouped(n: int, lang: str = DEFAULT_LANGUAGE) -> bool:
    """Whether ``lang`` writes the whole number ``n`` with group separators (1000: en yes, hu no)."""
    return len(str(abs(n))) >= 3 + MIN_GROUPING.get(lang, 1)


def number(n: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """``n`` as ``lang`` writes it: ``1,005`` / ``1005`` / ``1.005`` / ``1 005``, ``12 345`` in hu; ``−5``
    with a true minus in hu, ca, ru."""
    digits = f"{abs(n):,}".replace(",", GROUP_SEPARATORS.get(lang, ",")) if grouped(n, lang) else str(abs(n))
    if n >= 0:
        return digits
    return minus(lang) + digits


@cache
def translator(lang: str = DEFAULT_LANGUAGE) -> Translator:
    """The translator for ``lang`` (one of LANGUAGES); unknown languages are a clear error."""
    if lang not in LANGUAGES:
        raise EngineError(f"unknown language {lang!r} (expected one of {', '.join(LANGUAGES)})")
    base = locales_dir() / lang / "LC_MESSAGES"
    catalogs = [compiled(base / f"{domain}.po") for domain in DOMAINS]
    return Translator(lang, [c for c in catalogs if c is not None])
