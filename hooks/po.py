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
from pathlib import Path
from typing import NamedTuple

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, PoFileParser, normalize, unescape, write_po

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

_STRING = re.compile(r'"(?:[^"\\]++|\\(?:[\\"\'?abfnrtv]|[0-7]{1,3}|x[0-9A-Fa-f]+))*+"')


def _well_formed(value: str) -> bool:
    """A C string as PO writes it: quoted, every quote inside escaped, every escape known. (Most
    lines have no backslash: then it is quotes at both ends and none between, without the regex.)"""
    if "\\" not in value:
        return len(value) >= 2 and value[0] == '"' == value[-1] and value.count('"') == 2
    return _STRING.fullmatch(value) is not None


_KEYWORD = re.compile(r"^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)[ \t]+(.*)$")
_CONFLICT = ("<<<<<<<", "=======", ">>>>>>>")


class _StrictParser(PoFileParser):
    """Babel's PO parser, strict where Babel is lenient: a malformed string (an unterminated one, an
    unescaped quote, an unknown escape), a ``msgstr`` without its ``msgid``, a ``msgid_plural``
    after ``msgstr``, a duplicate message and a merge conflict are errors too; every error is a
    ``CatalogError`` ``file:line: reason``. Babel's own reader replaced a hand-written one here:
    measured on the site's 48 catalogs (0.74 MB), Babel took 0.11 s, the hand-written reader 0.10 s.
    ``make bench`` (``bench_catalogs``) keeps the price of strictness against Babel's plain
    ``read_po`` (goal ≤ 1.5): 1.35–1.46 since the checks run in ``parse``'s own loop (2.3 when every
    line went through two more calls and a regular expression)."""

    def __init__(self, catalog: Catalog, name: str):
        super().__init__(catalog, ignore_obsolete=False, abort_invalid=True)
        self.name = name
        self.previous: list[tuple[str, str]] = []  # the pending entry's ``#|`` lines: (keyword, quoted text)
        self.previous_keyword: str | None = None  # the keyword the next ``#| "…"`` line continues
        self.header_at: int | None = None  # the header's line, once read

    def parse(self, lines) -> None:
        """Babel's loop (``PoFileParser.parse``) over the lines, with each line's number at hand for
        comments too (Babel passes it to message lines only), and a string's next line, most lines of a
        catalog, checked and handed to Babel's own step at once."""
        for lineno, line in enumerate(lines):
            line = line.strip()
            if not line:
                continue
            first = line[0]
            if first == '"':
                self._process_string(lineno, line)
            elif first != "#":
                self._process_message_line(lineno, line)
            elif line[1:2] == "~":
                self._process_message_line(lineno, line[2:].lstrip(), obsolete=True)
            elif line[1:2] == "|":
                self._process_previous(lineno, line)
            elif line[1:2] == "-":
                self._invalid_pofile(line, lineno, "cannot parse po file with conflicts")
            else:
                try:
                    self._process_comment(line)
                except CatalogError:
                    raise
                except ValueError as e:  # Babel's own complaint about a comment (a location, a flag)
                    self._invalid_pofile(line, lineno, str(e))
        super().parse(())  # Babel's end: the last message, or a header made of comments alone

    def _process_string(self, lineno: int, line: str) -> None:
        """A string's next line, checked, then Babel's own step."""
        if not _well_formed(line):
            self._invalid_pofile(line, lineno, f"malformed string {line[:40]!r}")
        self._process_string_continuation_line(line, lineno)

    def _process_previous(self, lineno: int, line: str) -> None:
        """A fuzzy message's previous msgid, GNU's way: ``#| msgid "…"``, then ``#| "…"`` lines that
        continue it (a ``#| msgctxt`` is read and dropped: Babel keeps only ids)."""
        self._finish_current_message()
        text = line[2:].strip()
        keyword = _KEYWORD.match(text)
        if keyword:
            self.previous_keyword, text = keyword.group(1), keyword.group(2).strip()
        if self.previous_keyword not in ("msgctxt", "msgid", "msgid_plural") or not _well_formed(text):
            self._invalid_pofile(line, lineno, f"malformed previous msgid line {line[:40]!r}")
        self.previous.append((self.previous_keyword, text))

    def _process_message_line(self, lineno, line, obsolete=False) -> None:
        if not line:
            return
        if line[0] == '"':  # an obsolete string's next line (``parse`` takes the others)
            self._process_string(lineno, line)
            return
        if obsolete and line[0] == "|":  # an obsolete entry's previous msgid (#~| msgid …)
            return
        if line.startswith(_CONFLICT):
            self._invalid_pofile(line, lineno, "merge conflict marker")
        keyword = _KEYWORD.match(line)
        if keyword is None:
            self._invalid_pofile(line, lineno, f"unknown keyword {line.split()[0][:30]!r}")
        name, value = keyword.group(1), keyword.group(2).strip()
        if name not in ("msgid", "msgctxt") and not self.messages:
            self._invalid_pofile(line, lineno, f"{name} before msgid")
        index = int(name[7:-1]) if name.startswith("msgstr[") else 0
        if self.translations and name.startswith("msgstr") and any(i == index for i, _ in self.translations):
            self._invalid_pofile(line, lineno, f"a second {name} (its msgid is missing)")
        if name == "msgid_plural" and self.translations:
            self._invalid_pofile(line, lineno, "msgid_plural after msgstr")
        if not _well_formed(value):
            self._invalid_pofile(line, lineno, f"malformed string {value[:40]!r}")
        self._process_keyword_line(lineno, f"{name} {value}", obsolete)

    def _add_message(self) -> None:
        previous, self.previous, self.previous_keyword = self.previous, [], None
        obsolete, offset, size = self.obsolete, self.offset, len(self.catalog)
        context, msgid = self.context, self.messages[0]  # Babel starts new ones for the next message
        if len(self.messages) > 1 and not obsolete and not msgid.denormalize():
            self._invalid_pofile("", offset, "a plural message with an empty msgid (the empty msgid is the header's)")
        super()._add_message()
        if obsolete:
            return
        merged = len(self.catalog) == size  # into an earlier message with its key, or it is the header
        if not merged and not previous:
            return
        key = (context.denormalize() if context else None, msgid.denormalize())
        if not key[1]:  # the header (Babel reads an empty msgid so, with a context too)
            if previous:
                self._invalid_pofile("", offset, "#| lines (a previous msgid) before the header")
            if self.header_at is not None:
                self._invalid_pofile("", offset, f"duplicate message (first at line {self.header_at})")
            self.header_at = offset + 1
            return
        if merged:
            first = self.catalog.get(key[1], context=key[0])
            assert first is not None  # a message with a msgid either grows the catalog or joins one there
            self._invalid_pofile("", offset, f"duplicate message (first at line {first.lineno})")
        if previous:
            parts: dict[str, list[str]] = {}
            for keyword, text in previous:
                parts.setdefault(keyword, []).append(text)
            if "msgid" not in parts:
                self._invalid_pofile("", offset, "its #| lines give no previous msgid (#| msgid …)")
            message = self.catalog.get(key[1], context=key[0])
            assert message is not None
            message.previous_id = [_unquote(parts[k]) for k in ("msgid", "msgid_plural") if k in parts]

    def _invalid_pofile(self, line, lineno, msg) -> None:
        raise CatalogError(f"{self.name}:{lineno + 1}: {msg}")


def _unquote(strings: list[str]) -> str:
    return "".join(unescape(s) for s in strings)


def read(path: Path, locale: str | None = None, name: str | None = None) -> Catalog:
    """The catalog at ``path``, read by Babel (strictly); an error is a ``CatalogError`` naming ``file:line``."""
    name = name or str(path)
    text = _text(path, name)
    try:
        catalog = Catalog(locale=locale)
        _StrictParser(catalog, name).parse(text.splitlines())
    except PoFileError as e:
        raise CatalogError(f"{name}:{e.lineno + 1}: {str(e).rsplit(' on ', 1)[0]}") from None
    except (ValueError, KeyError) as e:  # Babel's own complaints (bad header, bad locale …)
        if isinstance(e, CatalogError):
            raise
        raise CatalogError(f"{name}:1: {e}") from None
    return catalog


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


class Entry(NamedTuple):
    """A message as the build looks it up (a tuple: made for every message of every catalog read)."""

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
    found = Translations.from_catalog(read(path, lang, name), name)
    _cache[path] = (st.st_mtime, st.st_size, found)
    return found


# -- compiling -----------------------------------------------------------------------------------


def stale(path: Path) -> bool:
    """True when the PO file at ``path`` has no MO file beside it or one older than itself."""
    try:
        return path.with_suffix(".mo").stat().st_mtime_ns < path.stat().st_mtime_ns
    except FileNotFoundError:
        return True


def compile_mo(path: Path, out: Path | None = None, name: str | None = None) -> Path:
    """Compile the PO file ``path`` with Babel into ``out`` (the ``.mo`` beside it by default),
    leaving out fuzzy and empty entries; the file is replaced whole, never seen half written."""
    catalog = read(path, name=name)
    out = out or path.with_suffix(".mo")
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    partial = out.with_name(out.name + ".partial")
    partial.write_bytes(buf.getvalue())
    partial.replace(out)
    return out


# -- writing -------------------------------------------------------------------------------------

_VOLATILE = re.compile(rb'^"(?:POT-Creation-Date|PO-Revision-Date|X-Generator|Generated-By): .*\\n"\n', re.M)


_MARK = "previous-msgid-"
_MARKED_FLAGS = re.compile(r"^#, (.*)\n", re.M)


def render(catalog: Catalog) -> bytes:
    """The catalog as a PO file. A fuzzy message's previous msgid goes after its flags as GNU gettext
    writes it (``#| msgid ""``, then ``#| "…"`` lines), which Poedit and ``msgmerge`` read and
    ``read`` reads back; Babel's own writer wraps the quoted lines as prose, so a previous msgid
    longer than a line came out as ``#| …`` fragments that no reader could parse back."""
    marked: dict[str, Message] = {}  # a flag written in place of the #| lines → its message
    for message in catalog:
        if message.id and message.previous_id:
            marked[f"{_MARK}{len(marked)}"] = message
    for flag, message in marked.items():
        message.flags.add(flag)
    buf = io.BytesIO()
    try:
        write_po(buf, catalog, width=WIDTH, sort_output=False, sort_by_file=False, ignore_obsolete=False)
    finally:
        for flag, message in marked.items():
            message.flags.discard(flag)
    if not marked:
        return buf.getvalue()

    def flags_then_previous(m: re.Match[str]) -> str:
        flags = m.group(1).split(", ")
        mark = next((f for f in flags if f in marked), None)
        if mark is None:
            return m.group(0)
        ids = marked[mark].previous_id
        rest = [f for f in flags if f != mark]
        lines = [f"#, {', '.join(rest)}\n"] if rest else []
        for keyword, text in zip(("msgid", "msgid_plural"), ids):
            lines.append(f"#| {keyword} {normalize(text, prefix='#| ', width=WIDTH)}\n")
        return "".join(lines)

    return _MARKED_FLAGS.sub(flags_then_previous, buf.getvalue().decode("utf-8")).encode("utf-8")


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
