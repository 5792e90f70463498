"""Split a page's Markdown into blocks: the unit of translation.

One module, used both by extraction (``python -m hooks.catalogs extract``) and by substitution
(the ``page_text`` hook), so what the translator sees is exactly what the build replaces.
Modelled on Sphinx's gettext i18n: every block of prose is one message.

``split(text)`` returns segments whose ``source`` strings concatenate back to ``text`` exactly.
A segment is either *raw* (kept as it is: blank lines, list markers, table pipes, fenced code,
directives, raw HTML, link definitions) or *text*: the prose of one block, whose ``message`` is
the msgid. Text kinds:

- ``heading``: the text of an ATX (``## Title {#id}``) or setext heading; the attribute list
  ``{#id}`` stays out of the msgid (it is kept, unchanged, in every language);
- ``paragraph``: a paragraph, its lines joined by single spaces (a hard break, two trailing
  spaces, becomes ``\\n``); a closing ``{: .class }`` line stays out;
- ``item``: the text of one list item (its nested blocks are blocks of their own);
- ``cell``: the text of one table cell (header or body);
- ``quote``: one paragraph of a block quote;
- ``admonition-title``: the quoted title of ``!!! note "Title"``; an admonition without a
  title gets the one Python-Markdown would show (``Note``), so it is translated too.

Fenced blocks (``` or ~~~, any info string, including the ``solitaire`` directives) are
``fence`` segments and never translated. What is recognised is a documented subset of
Python-Markdown as configured in ``mkdocs.yml``: HTML blocks and indented code are kept raw.

>>> segs = split("## Rules {#rules}\\n\\nOne line\\nand more.\\n")
>>> [(s.kind, s.message, s.line) for s in segs if s.is_text]
[('heading', 'Rules', 1), ('paragraph', 'One line and more.', 3)]
>>> "".join(s.source for s in segs) == "## Rules {#rules}\\n\\nOne line\\nand more.\\n"
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown.util import BLOCK_LEVEL_ELEMENTS

TEXT_KINDS = frozenset({"heading", "paragraph", "item", "cell", "quote", "admonition-title"})

_FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})(?P<info>[^\n]*)$")
# Python-Markdown's hash headings: `#` at the line start, the space after it optional (`#Title`)
_ATX = re.compile(
    r"^(?P<lead>#{1,6}[ \t]*)(?P<text>.*?)(?P<trail>(?:[ \t]+#+)?(?:[ \t]*\{[:#.][^{}]*\})?[ \t]*)$"
)
_ATX_EMPTY = re.compile(r"^#{1,6}[ \t]*#*[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_HR = re.compile(r"^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_ADMONITION = re.compile(
    r'^(?P<lead> {0,3}(?:!!!|\?\?\?\+?)[ \t]*(?P<type>[\w-]+(?: +[\w-]+)*))'
    r'(?:(?P<open>[ \t]+")(?P<title>.*)(?P<close>")[ \t]*)?[ \t]*$'
)
_ITEM = re.compile(r"^(?P<lead>(?P<indent>[ \t]*)(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$))(?P<text>.*)$")
_QUOTE = re.compile(r"^ {0,3}> ?")
_HTML = re.compile(r"^ {0,3}<(?:/?(?P<tag>[A-Za-z][\w-]*)|!--|\?|!)")


def _html_block(line: str) -> bool:
    """A raw HTML block starts with a block-level tag (or a comment, ``<?``, ``<!``), as
    Python-Markdown decides; a paragraph may start with an inline one (``<span lang="en">``)."""
    m = _HTML.match(line)
    return m is not None and (m.group("tag") is None or m.group("tag").lower() in BLOCK_LEVEL_ELEMENTS)
_LINKDEF = re.compile(r"^ {0,3}\[[^\]]+\]:")
_ATTR_LINE = re.compile(r"^[ \t]*\{:?[ \t]*[#.:\w][^{}]*\}[ \t]*$")
_TABLE_DELIM = re.compile(r"^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
# an attribute list at the end of an item or cell: `text {: .class }` (never `{{ value }}`)
_TRAILING_ATTRS = re.compile(r"(?<!\{)[ \t]+\{:?[ \t]*[#.][^{}]*\}[ \t]*$")
_LETTER = re.compile(r"[^\W\d_]")
_VALUE = re.compile(r"\{\{.*?\}\}")
_MARKUP = re.compile(r"`[^`]*`|<[^>]*>|\]\([^)]*\)|\{[:#.][^{}]*\}")


@dataclass(frozen=True)
class Segment:
    """A piece of the page: ``source`` is its exact text; text kinds also know how to re-render."""

    kind: str
    source: str
    line: int  # 1-based line of the page where the segment starts
    lead: str = ""  # text segments: what precedes the text on its first line ("## ", "- ", "| ")
    body: str = ""  # text segments: the text as written (continuation lines keep their indentation)
    trail: str = ""  # text segments: what follows the text ("{#id}", "|", the line end)
    indent: str = ""  # text segments: prefix of a continuation line when re-rendering
    default: str = ""  # admonition without a title: the title Python-Markdown shows
    info: str = ""  # fence segments: the info string (``solitaire describe``)

    @property
    def is_text(self) -> bool:
        return self.kind in TEXT_KINDS

    @property
    def message(self) -> str:
        """The msgid: the block's text, normalised so that re-wrapping a paragraph changes nothing."""
        if self.default and not self.body:
            return self.default
        return normalize(self.body, quote=self.kind == "quote")

    @property
    def translatable(self) -> bool:
        """A block with words in it; ``+5`` or ``{{ scorpion.face_down }}`` alone are not messages."""
        return self.is_text and has_words(self.message)

    def render(self, text: str, attrs: str = "") -> str:
        """This block with ``text`` (a message, translated or not) in place of its own.

        ``attrs`` (``.i18n-fallback lang="en"``) are attached to the block where Markdown allows it.
        """
        if self.kind == "admonition-title":
            text = text.replace('"', "\u201d").replace("\n", " ")
            lead = self.lead
            if attrs:  # an admonition title takes no attribute list: a class on the admonition instead
                extra = "".join(f" {a[1:]}-title" for a in attrs.split() if a.startswith("."))
                if self.default and not self.body:
                    lead += extra
                else:  # the lead ends with the title's opening quote
                    lead = lead[: lead.rindex('"')].rstrip() + extra + lead[len(lead[: lead.rindex('"')].rstrip()):]
            if self.default and not self.body:
                return f'{lead} "{text}"{self.trail}'
            return f"{lead}{text}{self.trail}"
        if self.kind in ("heading", "cell"):
            text = text.replace("\n", " ")
            trail = self.trail
            if attrs:
                trail = _with_attrs(trail, attrs, inline=True)
            return f"{self.lead}{text}{trail}"
        # paragraph, item, quote: continuation lines get the block's indentation back
        body = ("  \n" + self.indent).join(text.split("\n"))
        trail = self.trail
        if attrs and self.kind == "item":
            body = f'<span {_html_attrs(attrs)}>{body}</span>'
        elif attrs:
            trail = _with_attrs(trail, attrs, inline=False, indent=self.indent)
        return f"{self.lead}{body}{trail}"


def normalize(body: str, quote: bool = False) -> str:
    """Join a block's lines with single spaces; a hard break (two trailing spaces) is kept as ``\\n``."""
    lines = body.split("\n")
    out = []
    for i, line in enumerate(lines):
        if quote and i:
            line = _QUOTE.sub("", line, count=1)
        hard = line.endswith("  ") and i < len(lines) - 1
        out.append(line.strip())
        out.append("\n" if hard else " ")
    return "".join(out[:-1]).strip(" ") if out else ""


def has_words(message: str) -> bool:
    """True when the text has a letter outside values, code, tags and link targets."""
    return bool(_LETTER.search(_MARKUP.sub(" ", _VALUE.sub(" ", message))))


def _html_attrs(attrs: str) -> str:
    classes = [a[1:] for a in attrs.split() if a.startswith(".")]
    others = [a for a in attrs.split() if not a.startswith(".")]
    return " ".join(([f'class="{" ".join(classes)}"'] if classes else []) + others)


def _with_attrs(trail: str, attrs: str, inline: bool, indent: str = "") -> str:
    """Add ``attrs`` to the block's attribute list in ``trail``, or give it one."""
    m = re.search(r"\{(:?)([^{}]*)\}", trail)
    if m:
        return trail[: m.start()] + "{" + m.group(1) + m.group(2).rstrip() + " " + attrs + " }" + trail[m.end():]
    if inline:  # heading, cell: `text { attrs }` on the same line (a setext underline follows)
        cut = trail.find("\n") if "\n" in trail else len(trail)
        return f"{trail[:cut].rstrip()} {{ {attrs} }}" + trail[cut:]
    # paragraph: a closing `{: attrs }` line
    stripped = trail.rstrip("\n")
    return f"{stripped}\n{indent}{{: {attrs} }}" + trail[len(stripped):]


# -- the splitter ---------------------------------------------------------------------------------


def split(text: str, line: int = 1) -> list[Segment]:
    """The page ``text`` as segments; ``line`` is the line number of its first line."""
    lines = text.splitlines(keepends=True)
    segments = _Splitter(lines, line).run(0, len(lines), 0)
    assert "".join(s.source for s in segments) == text, "block splitter lost text"
    return segments


def text_blocks(text: str, line: int = 1) -> list[Segment]:
    """Only the blocks that are messages (what extraction puts in the catalog)."""
    return [s for s in split(text, line) if s.translatable]


def _content(line: str) -> str:
    return line.rstrip("\r\n")


def _eol(line: str) -> str:
    return line[len(line.rstrip("\r\n")):]


def _blank(line: str) -> bool:
    return not line.strip()


def _width(prefix: str) -> int:
    return len(prefix.expandtabs(4))


class _Splitter:
    def __init__(self, lines: list[str], first_line: int):
        self.lines = lines
        self.first = first_line
        self.out: list[Segment] = []

    def raw(self, source: str, index: int, kind: str = "raw", info: str = "") -> None:
        if source:
            self.out.append(Segment(kind, source, self.first + index, info=info))

    def text(self, kind: str, index: int, lead: str, body: str, trail: str, indent: str = "",
             default: str = "") -> None:
        self.out.append(Segment(kind, lead + body + trail, self.first + index, lead=lead, body=body,
                                trail=trail, indent=indent, default=default))

    def run(self, start: int, stop: int, cut: int) -> list[Segment]:
        """Split ``lines[start:stop]``, whose first ``cut`` columns belong to a container."""
        i = start
        while i < stop:
            i = self.block(i, stop, cut)
        return self.out

    # Each method takes the index of a line that starts a block and returns the next index.
    def block(self, i: int, stop: int, cut: int) -> int:
        full = self.lines[i]
        pad, line = full[:cut], _content(full)[cut:]
        if _blank(full):
            self.raw(full, i)
            return i + 1
        if (m := _FENCE.match(line)) is not None:
            return self.fence(i, stop, cut, m)
        if line[:1] in (" ", "\t") and _width(line[: len(line) - len(line.lstrip())]) >= 4:
            return self.indented_code(i, stop, cut)
        if (m := _ATX.match(line)) is not None and not _ATX_EMPTY.match(line):
            lead, body, trail = m.group("lead"), m.group("text"), m.group("trail")
            self.text("heading", i, pad + lead, body, trail + _eol(full))
            return i + 1
        if _HR.match(line) or _ATX_EMPTY.match(line) or _LINKDEF.match(line) or _ATTR_LINE.match(line):
            self.raw(full, i)
            return i + 1
        if (m := _ADMONITION.match(line)) is not None:
            return self.admonition(i, stop, cut, m)
        if _html_block(line):
            return self.html(i, stop)
        if (m := _ITEM.match(line)) is not None and m.group("text").strip():
            return self.item(i, stop, cut, m)
        if _QUOTE.match(line):
            return self.quote(i, stop, cut)
        if i + 1 < stop and _is_table(line, _content(self.lines[i + 1])[cut:]):
            return self.table(i, stop, cut)
        return self.paragraph(i, stop, cut)

    def fence(self, i: int, stop: int, cut: int, m: re.Match) -> int:
        char, size = m.group("fence")[0], len(m.group("fence"))
        close = re.compile(r"^ {0,3}" + re.escape(char) + "{" + str(size) + r",}[ \t]*$")
        j = i + 1
        while j < stop and not close.match(_content(self.lines[j])[cut:]):
            j += 1
        end = min(j + 1, stop)
        self.raw("".join(self.lines[i:end]), i, kind="fence", info=m.group("info").strip())
        return end

    def indented_code(self, i: int, stop: int, cut: int) -> int:
        j = i
        while j < stop and (_blank(self.lines[j]) or _width(_indent_of(self.lines[j])) >= cut + 4):
            j += 1
        while j > i + 1 and _blank(self.lines[j - 1]):
            j -= 1
        self.raw("".join(self.lines[i:j]), i)
        return j

    def nested(self, i: int, stop: int, inner: int) -> int:
        """Lines from ``i`` that are blank or indented to ``inner`` columns: the content of a
        list item or an admonition, split as blocks of their own. Returns the next index."""
        j = i
        last = i
        while j < stop:
            if _blank(self.lines[j]):
                j += 1
                continue
            if _width(_indent_of(self.lines[j])) >= inner:
                j += 1
                last = j
                continue
            break
        if last > i:
            self.run(i, last, inner)
        return last

    def admonition(self, i: int, stop: int, cut: int, m: re.Match) -> int:
        full = self.lines[i]
        pad = full[:cut]
        if m.group("title") is not None:
            if m.group("title").strip():
                lead = pad + m.group("lead") + m.group("open")
                trail = m.group("close") + _content(full)[cut + m.end("close"):] + _eol(full)
                self.text("admonition-title", i, lead, m.group("title"), trail)
            else:  # `!!! note ""`: no title at all
                self.raw(full, i)
        else:
            default = m.group("type").split()[0].capitalize()
            self.text("admonition-title", i, pad + m.group("lead"), "",
                      _content(full)[cut + m.end("lead"):] + _eol(full), default=default)
        return self.nested(i + 1, stop, cut + 4)

    def html(self, i: int, stop: int) -> int:
        j = i
        while j < stop and not _blank(self.lines[j]):
            j += 1
        self.raw("".join(self.lines[i:j]), i)
        return j

    def item(self, i: int, stop: int, cut: int, m: re.Match) -> int:
        full = self.lines[i]
        lead = full[:cut] + m.group("lead")
        j = i + 1
        while j < stop:
            nxt = _content(self.lines[j])[cut:]
            if _blank(nxt) or _starts_block(nxt) or _ITEM.match(nxt):
                break
            j += 1
        body = full[len(lead):] + "".join(self.lines[i + 1:j])
        body, trail = _split_trail(body, attrs=True, attr_line=True)
        self.text("item", i, lead, body, trail, indent=" " * _width(lead))
        # blocks nested in the item: after a blank line, indented 4 columns past the marker
        item_indent = cut + _width(m.group("indent"))
        k = j
        while k < stop and _blank(self.lines[k]):
            k += 1
        if k < stop and _width(_indent_of(self.lines[k])) >= item_indent + 4:
            return self.nested(j, stop, item_indent + 4)
        return j

    def quote(self, i: int, stop: int, cut: int) -> int:
        j = i
        while j < stop:
            rest = _content(self.lines[j])[cut:]
            if not _QUOTE.match(rest):
                break
            if not _QUOTE.sub("", rest, count=1).strip():  # `>` alone separates paragraphs
                if j > i:
                    break
                self.raw(self.lines[j], j)
                return j + 1
            j += 1
        first = self.lines[i]
        q = _QUOTE.match(_content(first)[cut:])
        lead = first[:cut] + q.group(0)
        body, trail = _split_trail(first[len(lead):] + "".join(self.lines[i + 1:j]))
        self.text("quote", i, lead, body, trail, indent=first[:cut] + "> ")
        return j

    def table(self, i: int, stop: int, cut: int) -> int:
        j = i
        while j < stop and not _blank(self.lines[j]):  # Python-Markdown: every line up to a blank one
            if j == i + 1:
                self.raw(self.lines[j], j)
            else:
                self.row(j, cut)
            j += 1
        return j

    def row(self, j: int, cut: int) -> None:
        full = self.lines[j]
        content = _content(full)
        pos = 0
        for start, end in _cells(content, cut):
            cell = content[start:end]
            body = cell.strip()
            if not body:
                continue
            lead_end = start + len(cell) - len(cell.lstrip())
            self.raw(full[pos:lead_end], j)
            text, attrs = _split_trail(body, attrs=True)
            self.out.append(Segment("cell", body, self.first + j, body=text, trail=attrs))
            pos = lead_end + len(body)
        self.raw(full[pos:], j)

    def paragraph(self, i: int, stop: int, cut: int) -> int:
        j = i + 1
        while j < stop:
            nxt = _content(self.lines[j])[cut:]
            if _blank(nxt) or _starts_block(nxt) or _SETEXT.match(nxt):
                break
            j += 1
        if not (j < stop and _SETEXT.match(_content(self.lines[j])[cut:])):
            self.paragraph_lines(i, j, cut)
            return j
        # a setext underline makes the line above it a heading (Python-Markdown: only that line)
        if j - i > 1:
            self.paragraph_lines(i, j - 1, cut)
        full = self.lines[j - 1]
        lead = full[: len(full) - len(full.lstrip(" \t"))]
        body, trail = _split_trail(full[len(lead):], attrs=True)
        self.text("heading", j - 1, lead, body, trail + self.lines[j])
        return j + 1

    def paragraph_lines(self, i: int, j: int, cut: int) -> None:
        full = self.lines[i]
        lead = full[: len(full) - len(full.lstrip(" \t"))]
        body = full[len(lead):] + "".join(self.lines[i + 1:j])
        # a closing `{: ... }` line is the paragraph's attribute list, not its text
        body, trail = _split_trail(body, attr_line=True)
        self.text("paragraph", i, lead, body, trail, indent=full[:cut])


def _is_table(header: str, delimiter: str) -> bool:
    """Python-Markdown's test: a delimiter row with as many cells as the header, and more than one
    cell or a pipe at the edge."""
    if "|" not in header or "-" not in delimiter or not _TABLE_DELIM.match(delimiter):
        return False

    def count(row: str) -> int:
        row = row.strip()
        cells = _cells(row, 0)
        if row.startswith("|"):
            cells = cells[1:]
        if row.endswith("|") and not row.endswith("\\|"):
            cells = cells[:-1]
        return len(cells)

    n = count(header)
    return n == count(delimiter) and (n > 1 or header.strip().startswith("|") or header.strip().endswith("|"))


def _indent_of(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" \t"))] if line.strip() else ""


def _starts_block(line: str) -> bool:
    """Lines that end a paragraph without a blank line before them (as Python-Markdown does)."""
    return bool(_FENCE.match(line) or _ATX.match(line) or _ATX_EMPTY.match(line)
                or _ADMONITION.match(line) or (_HR.match(line) and not _SETEXT.match(line)))


def _split_trail(body: str, attrs: bool = False, attr_line: bool = False) -> tuple[str, str]:
    """Separate the line end (and an attribute list) from a block's text."""
    stripped = body.rstrip("\r\n")
    trail = body[len(stripped):]
    while attr_line:
        last_nl = stripped.rfind("\n")
        if last_nl < 0 or not _ATTR_LINE.match(stripped[last_nl + 1:]):
            break
        trail = stripped[last_nl:] + trail
        stripped = stripped[:last_nl]
    if attrs:
        m = _TRAILING_ATTRS.search(stripped)
        if m:
            trail = stripped[m.start():] + trail
            stripped = stripped[: m.start()]
    ws = stripped[len(stripped.rstrip(" \t")):]
    if ws:
        trail = ws + trail
        stripped = stripped[: len(stripped) - len(ws)]
    return stripped, trail


def _cells(row: str, cut: int) -> list[tuple[int, int]]:
    """(start, end) of each cell of a table row: between unescaped pipes outside code spans and values."""
    bounds = []
    start = cut
    i = cut
    in_code = 0
    while i < len(row):
        ch = row[i]
        if ch == "\\":
            i += 2
            continue
        if not in_code and row.startswith("{{", i) and "}}" in row[i:]:  # a value: `{{ x | signed }}`
            i = row.index("}}", i) + 2
            continue
        if ch == "`":
            n = len(row[i:]) - len(row[i:].lstrip("`"))
            if in_code == 0:
                in_code = n
            elif in_code == n:
                in_code = 0
            i += n
            continue
        if ch == "|" and not in_code:
            bounds.append((start, i))
            start = i + 1
        i += 1
    bounds.append((start, len(row)))
    return bounds
