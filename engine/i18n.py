"""The engine's translations: gettext PO catalogs read directly, the same way in CPython and Pyodide.

Catalogs live in ``locales/<lang>/LC_MESSAGES/<domain>.po`` (the checkout) and travel inside the
wheel as ``engine/locales/...``. No Babel at run time: this module parses PO text itself and
takes plural forms from the catalog's ``Plural-Forms`` header, which Babel writes from CLDR when
the catalogs are initialised or updated. Fuzzy entries are not used.

>>> from engine.cards import parse_card
>>> t = translator("hu")
>>> t.card(parse_card("4H"))
'kőr 4'
"""

from __future__ import annotations

import ast
import gettext
from collections.abc import Callable
from functools import cache
from pathlib import Path

from .cards import rank_of, suit_of
from .errors import EngineError

LANGUAGES = ("en", "hu", "ca", "ru")
DEFAULT_LANGUAGE = "en"
DOMAINS = ("engine", "scorpion", "klondike")

_PACKAGE_LOCALES = Path(__file__).parent / "locales"
_CHECKOUT_LOCALES = Path(__file__).parent.parent / "locales"


class CatalogError(EngineError):
    """A PO file that does not parse; the message names ``file:line``."""


def locales_dir() -> Path:
    return _PACKAGE_LOCALES if _PACKAGE_LOCALES.is_dir() else _CHECKOUT_LOCALES


class POEntry:
    __slots__ = ("msgctxt", "msgid", "msgid_plural", "msgstr", "flags", "line", "comments", "references")

    def __init__(self, line: int):
        self.msgctxt: str | None = None
        self.msgid = ""
        self.msgid_plural: str | None = None
        self.msgstr: dict[int, str] = {}
        self.flags: set[str] = set()
        self.comments: list[str] = []
        self.references: list[str] = []
        self.line = line

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        return bool(self.msgstr) and all(self.msgstr.values()) and not self.fuzzy


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise CatalogError(f"{where}: expected a quoted string, got {text[:40]!r}")
    inner = text[1:-1]
    if "\\" not in inner:  # most lines: no escapes, so no parser needed (it is slow in Pyodide)
        if '"' in inner:
            raise CatalogError(f"{where}: malformed string {text[:40]!r} (unescaped quote)")
        return inner
    try:
        return ast.literal_eval(text)  # type: ignore[no-any-return]  # a quoted PO string is a str
    except (SyntaxError, ValueError):
        raise CatalogError(f"{where}: malformed string {text[:40]!r}") from None


def parse_po(text: str, filename: str = "<po>") -> list[POEntry]:
    """Parse PO text into entries (obsolete ``#~`` entries are skipped). Errors name ``file:line``."""
    entries: list[POEntry] = []
    cur: POEntry | None = None
    field: tuple[str, int] | None = None

    def start(lineno: int) -> POEntry:
        nonlocal cur
        if cur is None or cur.msgstr:
            cur = POEntry(lineno)
            entries.append(cur)
        return cur

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{filename}:{lineno}"
        if not line:
            field = None
            continue
        if line.startswith("#~"):
            continue
        if line.startswith("#"):
            e = start(lineno)
            if line.startswith("#,"):
                e.flags.update(f.strip() for f in line[2:].split(",") if f.strip())
            elif line.startswith("#:"):
                e.references.extend(line[2:].split())
            elif line.startswith("#."):
                e.comments.append(line[2:].strip())
            field = None
            continue
        if line.startswith('"'):
            if field is None or cur is None:
                raise CatalogError(f"{where}: continuation string outside an entry")
            name, idx = field
            value = _unquote(line, where)
            if name == "msgstr":
                cur.msgstr[idx] += value
            else:
                setattr(cur, name, getattr(cur, name) + value)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword == "msgctxt":
            e = start(lineno)
            e.msgctxt = _unquote(rest, where)
            field = ("msgctxt", 0)
        elif keyword == "msgid":
            e = start(lineno)
            if e.msgid:
                raise CatalogError(f"{where}: msgid without msgstr before it")
            e.msgid = _unquote(rest, where)
            field = ("msgid", 0)
        elif keyword == "msgid_plural":
            if cur is None:
                raise CatalogError(f"{where}: msgid_plural before msgid")
            cur.msgid_plural = _unquote(rest, where)
            field = ("msgid_plural", 0)
        elif keyword.startswith("msgstr"):
            if cur is None:
                raise CatalogError(f"{where}: msgstr before msgid")
            idx = 0
            if keyword != "msgstr":
                inner = keyword[len("msgstr"):]
                if not (inner.startswith("[") and inner.endswith("]") and inner[1:-1].isdigit()):
                    raise CatalogError(f"{where}: malformed keyword {keyword!r}")
                idx = int(inner[1:-1])
            cur.msgstr[idx] = _unquote(rest, where)
            field = ("msgstr", idx)
        else:
            raise CatalogError(f"{where}: unknown keyword {keyword!r}")
    return [e for e in entries if e.msgid or e.msgstr]


def plural_function(header: str, filename: str = "<po>") -> Callable[[int], int]:
    for line in header.splitlines():
        key, _, value = line.partition(":")
        if key.strip().lower() == "plural-forms":
            for part in value.split(";"):
                k, _, v = part.partition("=")
                if k.strip() == "plural":
                    try:
                        return gettext.c2py(v.strip())
                    except (ValueError, SyntaxError):
                        raise CatalogError(f"{filename}: malformed Plural-Forms {v.strip()!r}") from None
    return lambda n: int(n != 1)


class Translator:
    """Translations for one language, all engine domains merged.

    Lookups never fail: a missing or fuzzy entry falls back to the English msgid.
    """

    def __init__(self, lang: str, messages: dict[tuple[str | None, str], tuple[str, ...]],
                 plural: Callable[[int], int]):
        self.lang = lang
        self._messages = messages
        self._plural = plural

    def pgettext(self, context: str | None, msgid: str) -> str:
        found = self._messages.get((context, msgid))
        return found[0] if found else msgid

    def npgettext(self, context: str | None, singular: str, plural: str, n: int) -> str:
        found = self._messages.get((context, singular))
        if found and len(found) > 1:
            idx = self._plural(n)
            if 0 <= idx < len(found):
                return found[idx]
        return singular if n == 1 else plural

    # -- cards -------------------------------------------------------------------------------
    def rank(self, rank: int, case: str = "nom") -> str:
        english = _RANK_NAMES[rank]
        if case != "nom":
            found = self._messages.get((f"rank|{case}", english))
            if found:
                return found[0]
        return self.pgettext("rank", english)

    def suit(self, suit: int, form: str = "card") -> str:
        """``form="card"``: the word as used inside a card's name (hu kőr, ca cors, ru червей);
        ``form="name"``: the suit named on its own (ru черви)."""
        return self.pgettext("suit|" + form, _SUIT_NAMES[suit])  # contexts listed by SUIT_FORMS

    def card(self, c: int, case: str = "nom") -> str:
        """The card's full name: en "4 of hearts", hu "kőr 4", ca "4 de cors", ru "четвёрка червей"."""
        pattern = self.pgettext("card", "{rank} of {suit}")
        return pattern.format(rank=self.rank(rank_of(c), case), suit=self.suit(suit_of(c)))


def N_(context: str, message: str) -> str:
    """Marks a msgid (with its context) for extraction where it is written; returns it unchanged."""
    return message


def NP_(context: str, singular: str, plural: str) -> str:
    """Marks a plural msgid (with its context) for extraction where it is written."""
    return singular


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


def load_catalog(path: Path) -> tuple[dict[tuple[str | None, str], tuple[str, ...]], str]:
    text = path.read_text(encoding="utf-8")
    entries = parse_po(text, str(path))
    messages = {}
    header = ""
    for e in entries:
        if e.msgid == "" and e.msgctxt is None:
            header = e.msgstr.get(0, "")
            continue
        if e.translated:
            n = max(e.msgstr) + 1
            messages[(e.msgctxt, e.msgid)] = tuple(e.msgstr.get(i, "") for i in range(n))
    return messages, header


@cache
def translator(lang: str = DEFAULT_LANGUAGE) -> Translator:
    """The translator for ``lang`` (one of LANGUAGES); unknown languages are a clear error."""
    if lang not in LANGUAGES:
        raise EngineError(f"unknown language {lang!r} (expected one of {', '.join(LANGUAGES)})")
    messages: dict[tuple[str | None, str], tuple[str, ...]] = {}
    plural: Callable[[int], int] | None = None
    base = locales_dir() / lang / "LC_MESSAGES"
    for domain in DOMAINS:
        path = base / f"{domain}.po"
        if not path.is_file():
            continue
        found, header = load_catalog(path)
        messages.update(found)
        if plural is None and header:
            plural = plural_function(header, str(path))
    return Translator(lang, messages, plural or (lambda n: int(n != 1)))
