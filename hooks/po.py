"""The site's gettext catalogs on disk: where they are, reading them strictly, writing them stably.

One catalog per page, named after the page (``docs/scorpion/rules.md`` → slug ``scorpion-rules``):

    locales/templates/docs-<slug>.pot                 extracted from docs/ (never edited by hand)
    locales/<lang>/LC_MESSAGES/docs-<slug>.po         one per language, what translators edit
    locales/<lang>/LC_MESSAGES/docs-site.po           site name, nav titles, notices, directive words

(``engine.po``, ``scorpion.po``, ``klondike.po`` in the same folders are the engine's own.)
The files are ordinary PO files written by Babel, so Poedit and Weblate open them; the
``Plural-Forms`` header comes from CLDR through Babel.

A PO file that does not parse is a ``CatalogError`` whose one-line message names ``file:line``.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, read_po, write_po

PREFIX = "docs-"
SITE = "site"  # the slug of the site-wide catalog
PROJECT = "solitaire-rules-site"
WIDTH = 100


class CatalogError(ValueError):
    """A PO file that cannot be used; the message is ``file:line: reason``, one line."""


def slug(page: str) -> str:
    """The catalog slug of a page path in docs/: ``scorpion/rules.md`` → ``scorpion-rules``."""
    stem = page[:-3] if page.endswith(".md") else page
    return stem.replace("/", "-")


def domain(slug_: str) -> str:
    return f"{PREFIX}{slug_}"


def template_path(locales: Path, slug_: str) -> Path:
    return locales / "templates" / f"{domain(slug_)}.pot"


def catalog_path(locales: Path, lang: str, slug_: str) -> Path:
    return locales / lang / "LC_MESSAGES" / f"{domain(slug_)}.po"


def slugs_on_disk(locales: Path, lang: str) -> list[str]:
    folder = locales / lang / "LC_MESSAGES"
    return sorted(p.stem[len(PREFIX):] for p in folder.glob(f"{PREFIX}*.po"))


# -- reading -------------------------------------------------------------------------------------

_STRING = re.compile(r'"(?:[^"\\]|\\(?:[\\"\'?abfnrtv]|[0-7]{1,3}|x[0-9A-Fa-f]+))*"')
_KEYWORD = re.compile(r"^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)[ \t]+(.*)$")


def validate(text: str, filename: str) -> None:
    """Check PO syntax line by line (Babel's reader is lenient); raise ``CatalogError`` at the first fault."""
    entries(text, filename)


def entries(text: str, filename: str) -> dict[tuple[str | None, str], Entry]:
    """The catalog's singular messages, ``(msgctxt, msgid) -> Entry``, read as Babel reads them
    (same strings, fuzzy flags and msgid lines; header, plural and obsolete entries left out),
    with the checks of ``validate``. The site build reads its catalogs this way, five times faster
    than through Babel; ``read`` (Babel's ``Catalog``) is for the catalog commands."""
    seen: dict[tuple[str | None, str], int] = {}
    found: dict[tuple[str | None, str], Entry] = {}
    entry: dict | None = None  # the entry being read: ctxt, msgid, line, msgstr, obsolete, plural, text
    state: str | None = None  # the keyword whose strings may continue on the next line
    fuzzy = False  # a "#, fuzzy" comment since the last entry

    def finish() -> None:
        if entry is None:
            return
        if entry["msgid"] is None:
            raise CatalogError(f"{filename}:{entry['line']}: msgctxt without msgid")
        if not entry["msgstr"]:
            raise CatalogError(f"{filename}:{entry['line']}: msgid without msgstr")
        key = (entry["ctxt"], entry["msgid"])
        if not entry["obsolete"]:
            if key in seen:
                raise CatalogError(f"{filename}:{entry['line']}: duplicate message (first at line {seen[key]})")
            seen[key] = entry["line"]
            if entry["msgid"] and not entry["plural"]:
                ctxt = None if entry["ctxt"] is None else _unescape(entry["ctxt"])
                found[(ctxt, _unescape(entry["msgid"]))] = Entry(
                    _unescape("".join(entry["text"])), entry["fuzzy"], filename, entry["line"])

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        where = f"{filename}:{lineno}"
        if line.startswith(("<<<<<<<", ">>>>>>>", "=======")):
            raise CatalogError(f"{where}: merge conflict marker")
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
            if line.startswith("|"):  # the previous msgid of an obsolete entry
                continue
        elif line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in (f.strip() for f in line[2:].split(",")):
                fuzzy = True
            state = None
            continue
        if not line:
            state = None
            continue
        if line.startswith('"'):
            if state is None or entry is None:
                raise CatalogError(f"{where}: a string outside msgctxt, msgid or msgstr")
            if not _STRING.fullmatch(line):
                raise CatalogError(f"{where}: malformed string {line[:40]!r}")
            if state in ("msgid", "msgctxt"):
                entry[state] = (entry[state] or "") + line[1:-1]
            elif state == "msgstr":
                entry["text"].append(line[1:-1])
            continue
        m = _KEYWORD.match(line)
        if m is None:
            raise CatalogError(f"{where}: unknown keyword {line.split()[0][:30]!r}")
        keyword, value = m.group(1), m.group(2).strip()
        if not _STRING.fullmatch(value):
            raise CatalogError(f"{where}: malformed string {value[:40]!r}")
        if keyword == "msgctxt" or (keyword == "msgid" and state != "msgctxt"):
            finish()
            entry = {"ctxt": None, "msgid": None, "line": lineno, "msgstr": False, "obsolete": obsolete,
                     "plural": False, "text": [], "fuzzy": fuzzy}
            fuzzy = False
        if entry is None:
            raise CatalogError(f"{where}: {keyword} before msgid")
        if keyword == "msgctxt":
            entry["ctxt"] = value[1:-1]
        elif keyword == "msgid":
            entry["msgid"], entry["line"] = value[1:-1], lineno
        elif entry["msgid"] is None:
            raise CatalogError(f"{where}: {keyword} before msgid")
        elif keyword.startswith("msgstr"):
            entry["msgstr"] = True
            if keyword == "msgstr":
                entry["text"].append(value[1:-1])
        elif entry["msgstr"]:
            raise CatalogError(f"{where}: msgid_plural after msgstr")
        else:
            entry["plural"] = True
        state = keyword
    finish()
    return found


_ESCAPE = re.compile(r'\\([\\trn"])')
_ESCAPED = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"'}


def _unescape(inner: str) -> str:
    """A PO string's escapes undone, exactly as ``babel.messages.pofile.unescape`` does."""
    return _ESCAPE.sub(lambda m: _ESCAPED[m.group(1)], inner) if "\\" in inner else inner


def read(path: Path, locale: str | None = None, name: str | None = None) -> Catalog:
    """The catalog at ``path``; a syntax error is a ``CatalogError`` naming ``file:line``."""
    name = name or str(path)
    text = _text(path, name)
    validate(text, name)
    try:
        return read_po(io.StringIO(text), locale=locale, abort_invalid=True)
    except PoFileError as e:
        raise CatalogError(f"{name}:{e.lineno + 1}: {str(e).rsplit(' on ', 1)[0]}") from None
    except (ValueError, KeyError) as e:  # Babel's own complaints (bad header, bad locale …)
        raise CatalogError(f"{name}:1: {e}") from None


def _text(path: Path, name: str) -> str:
    try:
        data = path.read_bytes()
    except OSError as e:
        raise CatalogError(f"{name}:1: cannot read ({e.strerror})") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise CatalogError(f"{name}:{line}: not UTF-8") from None


@dataclass(frozen=True)
class Entry:
    msgstr: str
    fuzzy: bool
    path: str
    line: int


def usable(entry: Entry | None) -> bool:
    """A translation the site shows: there, not empty, not fuzzy (anything else falls back to English)."""
    return entry is not None and bool(entry.msgstr) and not entry.fuzzy


def short(text: str, size: int = 60) -> str:
    """A msgid for a one-line message: whitespace collapsed, cut at ``size`` characters, quoted."""
    text = " ".join(text.split())
    return repr(text if len(text) <= size else text[: size - 1] + "…")


class Translations:
    """The messages of one catalog for lookups: ``(msgctxt, msgid) -> Entry``."""

    def __init__(self, entries: dict[tuple[str | None, str], Entry], path: str | None):
        self.entries = entries
        self.path = path

    def get(self, context: str | None, msgid: str) -> Entry | None:
        return self.entries.get((context, msgid))

    @classmethod
    def from_catalog(cls, catalog: Catalog, path: str) -> Translations:
        entries = {}
        for m in catalog:
            if not m.id or m.pluralizable:
                continue
            entries[(m.context, m.id)] = Entry(m.string or "", m.fuzzy, path, m.lineno or 1)
        return cls(entries, path)


_cache: dict[Path, tuple[float, int, Translations]] = {}


def translations(path: Path, lang: str, name: str) -> Translations:
    """The translations in ``path`` (empty when the file does not exist), re-read when it changes."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return Translations({}, None)
    cached = _cache.get(path)
    if cached and cached[:2] == (st.st_mtime, st.st_size):
        return cached[2]
    found = Translations(entries(_text(path, name), name), name)
    _cache[path] = (st.st_mtime, st.st_size, found)
    return found


# -- writing -------------------------------------------------------------------------------------

_VOLATILE = re.compile(rb'^"(?:POT-Creation-Date|PO-Revision-Date|X-Generator|Generated-By): .*\\n"\n', re.M)


def render(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, catalog, width=WIDTH, sort_output=False, sort_by_file=False, ignore_obsolete=False,
             include_previous=True)
    return buf.getvalue()


_LOCATIONS = re.compile(rb"^#:.*\n", re.M)


def same(old: bytes, new: bytes, locations: bool = True) -> bool:
    """Two renderings of a catalog that differ at most in their dates (and, unless ``locations``,
    in the ``#: file:line`` references)."""
    old, new = _VOLATILE.sub(b"", old), _VOLATILE.sub(b"", new)
    if not locations:
        old, new = _LOCATIONS.sub(b"", old), _LOCATIONS.sub(b"", new)
    return old == new


def write(path: Path, catalog: Catalog) -> bool:
    """Write ``catalog`` to ``path`` unless only its dates would change. True when written."""
    data = render(catalog)
    if path.exists() and same(path.read_bytes(), data):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def new_message(msgid: str, context: str, locations: list[tuple[str, int]], comments: list[str]) -> Message:
    m = Message(msgid, "", locations=locations, auto_comments=comments, context=context)
    m.flags.discard("python-format")  # prose with a "%" is not a format string
    return m
