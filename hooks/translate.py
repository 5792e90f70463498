"""A page in one language: its blocks translated, its values filled in, its directives rendered.

This is the work of the ``page_text`` hook, kept free of MkDocs so it can be tested on its own.
For each segment of the English page (``hooks.blocks``):

- a text block that is a message gets the catalog's translation for the language being built;
  a missing or fuzzy one falls back to the English text, marked ``.i18n-fallback`` with
  ``lang="en"`` (and the admonition of a fallback title ``.i18n-fallback-title``), and is returned
  as a ``Missing`` for the hook to report with ``file:line``; a page with any gets a notice;
- values ``{{ … }}`` are filled in the language of the text they stand in (a fallback block is
  English, so its grammar is English too);
- a heading keeps its ``{#id}``, and one without gets the id of its English text, so anchors are
  the same in every language;
- a ``solitaire`` fenced block is replaced by what its directive renders, in the page's language.

Errors (a bad directive, an unknown value) raise ``PageError`` with the line of the page and,
when the fault is in a translation, the PO file and line.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from html import escape, unescape

from markdown.extensions.toc import slugify

from . import blocks, directives, po, values
from .messages import NOTICE as NOTICE_MSGID
from .po import SITE, Entry

FALLBACK = '.i18n-fallback lang="en"'
Lookup = Callable[[str | None, str], "Entry | None"]


class PageError(ValueError):
    """A page that cannot be built; ``line`` is the page's line, ``where`` overrides the place."""

    def __init__(self, message: str, line: int, where: str | None = None):
        super().__init__(" ".join(message.split()))
        self.line = line
        self.where = where


@dataclass(frozen=True)
class Missing:
    line: int
    kind: str
    msgid: str
    fuzzy: bool
    catalog: str | None = None  # the slug of the catalog it belongs in, when not the page's

    @property
    def reason(self) -> str:
        return "fuzzy translation" if self.fuzzy else "untranslated"


def page(markdown: str, *, page: str, lang: str, lookup: Lookup, site_lookup: Lookup | None = None,
         source_language: str = "en", first_line: int = 1,
         facts: values.Facts = values.engine_facts,
         stash: list[str] | None = None) -> tuple[str, list[Missing]]:
    """The page ``markdown`` for ``lang`` and the blocks that fell back to English.

    With ``stash`` (a list), a directive's HTML that Markdown would pass through unchanged (a block
    of its own at the left margin, blank lines around it) goes into the list and the text has a
    placeholder instead (``restore`` puts it back into the HTML): Markdown then need not parse the
    boards' markup, which is most of a page's text.
    """
    site_lookup = site_lookup or (lambda c, m: None)
    out: list[str] = []
    missing: list[Missing] = []
    title_at: int | None = None

    def site_text(line: int) -> Callable[[str, str], str]:
        """Words of the site catalog (directives', the notice's), used at ``line`` of the page."""
        def gettext(context: str, msgid: str) -> str:
            if lang == source_language:
                return msgid
            entry = site_lookup(context, msgid)
            if po.usable(entry):
                return entry.msgstr
            missing.append(Missing(line, f"{context} text", msgid, bool(entry and entry.fuzzy), SITE))
            return msgid
        return gettext

    for seg in blocks.split(markdown, first_line):
        if seg.kind == "fence":
            html = _fence(seg, lang, page, site_text(seg.line))
            if stash is not None and html.startswith("<") and html != seg.source:
                body = html.rstrip("\r\n")
                out.append(_STASH_TOKEN.format(len(stash)) + html[len(body):])
                stash.append(body)
            else:
                out.append(html)
            continue
        if not seg.is_text:
            out.append(seg.source)
            continue
        if seg.kind == "heading":
            seg = _with_id(seg, facts, source_language)
            if title_at is None and re.match(r"#(?!#)", seg.lead):
                title_at = len(out)
        if not seg.translatable:  # "+5", "{{ scorpion.face_down }}": values only
            out.append(_values(seg.source, lang, seg.line, None, facts))
            continue
        text, text_lang, where, attrs = seg.message, source_language, None, ""
        if lang != source_language:
            entry = lookup(page, seg.message)
            if po.usable(entry):
                text, text_lang, where = entry.msgstr, lang, f"{entry.path}:{entry.line}"
            else:
                missing.append(Missing(seg.line, seg.kind, seg.message, bool(entry and entry.fuzzy)))
                attrs = FALLBACK
        if text_lang == source_language and not attrs:
            out.append(_values(seg.source, lang, seg.line, None, facts) if seg.body or not seg.default
                       else seg.source)
        else:
            out.append(seg.render(_values(text, text_lang, seg.line, where, facts), attrs))
    if missing:
        notice = site_text(first_line)("i18n", NOTICE_MSGID)
        lang_attr = "" if notice != NOTICE_MSGID or lang == source_language else ' lang="en"'
        html = (f'<div class="admonition warning i18n-notice" role="note">'
                f'<p{lang_attr}>{escape(notice)}</p></div>\n\n')
        out.insert(0 if title_at is None else title_at + 1, ("\n" if title_at is not None else "") + html)
    text = "".join(out)
    if stash:
        text = _STASH.sub(lambda m: m.group(0) if _own_block(text, m) else stash[int(m.group(1))], text)
    return text, missing


_STASH_TOKEN = '<div data-solitaire-stash="{}"></div>'
_STASH = re.compile(r'<div data-solitaire-stash="(\d+)"></div>')


def _own_block(text: str, m: re.Match) -> bool:
    """Markdown keeps a raw HTML block as it is when it stands alone between blank lines."""
    before = text[: m.start()]
    after = text[m.end():]
    return ((not before.strip() or before.endswith("\n\n"))
            and (not after.strip() or after.startswith(("\n\n", "\r\n\r\n"))))


_ID_ATTR = re.compile(r"""(?<=\s)(id|name)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_TAG = re.compile(r"""<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*/?>""")


def anchor_ids(stash: list[str]) -> set[str]:
    """The anchors (``id``, ``<a name>``) in the directives' HTML, as MkDocs would find them."""
    found: set[str] = set()
    for html in stash:
        if " id=" not in html and " name=" not in html:
            continue
        tags = _tags_with_anchors(html)
        for tag in _TAG.finditer(html) if tags is None else tags:
            for attr in _ID_ATTR.finditer(tag.group(2)):
                if attr.group(1) == "id" or tag.group(1).lower() == "a":
                    found.add(unescape(attr.group(2) if attr.group(2) is not None else attr.group(3)))
    return found


_ANCHOR_ATTR = re.compile(r"\s(?:id|name)\s*=")


def _tags_with_anchors(html: str) -> list[re.Match] | None:
    """The tags with an ``id`` or ``name`` attribute, found from the attributes (a board has
    thousands of tags and a few ids); None when a tag around one cannot be read that way."""
    tags: dict[int, re.Match] = {}
    for attr in _ANCHOR_ATTR.finditer(html):
        start = html.rfind("<", 0, attr.start())
        if start in tags:
            continue
        tag = _TAG.match(html, start) if start >= 0 else None
        if tag is None:
            if html.rfind(">", 0, attr.start()) > start:
                continue  # in the text between tags
            return None  # a "<" inside an attribute's value, say: read every tag
        if tag.end() > attr.start():
            tags[start] = tag
    return list(tags.values())


def restore(html: str, stash: list[str]) -> str:
    """The page's HTML with the directives' HTML back in place of their placeholders."""
    if not stash:
        return html
    return _STASH.sub(lambda m: stash[int(m.group(1))], html)


def _values(text: str, lang: str, line: int, where: str | None, facts: values.Facts) -> str:
    try:
        return values.render(text, lang, facts)
    except values.PlaceholderError as e:
        raise PageError(str(e), line, where) from None


def _fence(seg: blocks.Segment, lang: str, page: str, site_text: Callable[[str, str], str]) -> str:
    if not directives.is_directive(seg.info):
        return seg.source
    lines = seg.source.splitlines(keepends=True)
    indent = lines[0][: len(lines[0]) - len(lines[0].lstrip())]
    closed = len(lines) > 1 and re.match(r"^\s*(`{3,}|~{3,})\s*$", lines[-1])
    if not closed:
        raise PageError(f"{seg.info}: the fenced block is not closed", seg.line)
    body = "".join(line[len(indent):] if line.startswith(indent) else line for line in lines[1:-1])
    try:
        html = directives.render(seg.info, body, seg.line, lang, page, site_text)
    except directives.DirectiveError as e:
        raise PageError(str(e), e.line or seg.line) from None
    except Exception as e:  # a bug behind a directive: still say where (`mkdocs build -v` shows the traceback)
        logging.getLogger("mkdocs.plugins.i18n").debug("directive %s failed", seg.info, exc_info=True)
        raise PageError(f"{seg.info}: internal error {type(e).__name__}: {e}", seg.line) from None
    end = lines[-1][len(lines[-1].rstrip("\r\n")):] or "\n"
    return "".join(indent + line for line in html.strip("\n").splitlines(keepends=True)) + end


def _with_id(seg: blocks.Segment, facts: values.Facts, source_language: str) -> blocks.Segment:
    """A heading without ``{#id}`` gets the id of its English text: the same in every language."""
    if re.search(r"\{[^{}]*#[\w-]", seg.trail):
        return seg
    try:
        english = values.render(seg.message, source_language, facts)
    except values.PlaceholderError as e:
        raise PageError(str(e), seg.line) from None
    plain = re.sub(r"<[^>]*>|[`*_]|\]\([^)]*\)|[\[\]]", "", english)
    anchor = slugify(plain, "-") or "section"
    attrs = re.search(r"\{:?([^{}]*)\}", seg.trail)
    if attrs:
        trail = seg.trail[: attrs.start()] + "{" + f"#{anchor} " + attrs.group(1).strip(": ") + "}" \
            + seg.trail[attrs.end():]
    else:  # before the line end (a setext heading's underline follows it)
        cut = seg.trail.find("\n") if "\n" in seg.trail else len(seg.trail)
        trail = f"{seg.trail[:cut].rstrip()} {{#{anchor}}}" + seg.trail[cut:]
    return dataclasses.replace(seg, trail=trail, source=seg.lead + seg.body + trail)
