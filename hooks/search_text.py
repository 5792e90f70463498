"""What the search index reads of a directive's HTML, in far fewer tags.

mkdocs-material's search plugin parses every page's HTML (``Parser`` in
``material/plugins/search/plugin.py``) and keeps its text, whitespace collapsed, with a few tags
(``p``, ``li``, ``code`` …). A board is thousands of ``span``s whose only text is the cards'
spoken names; parsing them was half the cost of the site build. ``brief(html)`` gives HTML that
the plugin turns into the index entry the full HTML means: the kept tags where the plugin keeps
them, the text chunks it would append (runs of text joined, whitespace chunks kept apart by
``<wbr>`` so the plugin collapses them as before), the other tags left out, and every element
marked ``data-search-exclude`` (the widgets' boards, toolbars and hints, ``engine/render.py``)
left out whole, its children included, as Material documents the attribute. (Material's own parser
compares elements by tag name only, so a ``div`` inside an excluded ``div`` ends the exclusion
early; here the matching end tag does.) HTML the shortcut cannot vouch for (headings, ``pre``,
scripts and styles, line numbers, unbalanced tags, an unquoted ``>``) is returned unchanged.
The page itself always gets the full HTML (``page_text.on_page_context``).

Kept because a reader gains from it (measured for issue 10 on the 13 pages × 4 languages): without
it Material's parser ends a board's exclusion at its first nested ``</div>`` and indexes the cards'
names, so ``search_index.json`` grows from 940 KB to 1,232 KB (131 KB to 148 KB gzipped) with
hundreds of "… of hearts" hits that lead nowhere, and the build takes about 1 s more CPU.
"""

from __future__ import annotations

import re
from html import escape, unescape

KEEP = frozenset({"p", "code", "pre", "li", "ol", "ul", "sub", "sup"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
                  "source", "track", "wbr"})
_UNSAFE_TAG = re.compile(r"<(?:h[1-6]|pre|script|style|object|!|\?)", re.I)  # one regex each: ten times faster
_TAG_IN_TAG = re.compile(r"<[^>]*<")
_EXCLUDE = re.compile(r"""\sdata-search-exclude(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?(?=[\s/>]|$)""", re.I)
_TOKEN = re.compile(r"""<(/?)([a-zA-Z][^\s/>]*)((?:[^>"'/]|"[^"]*"|'[^']*'|/(?!>))*)(/?)>|([^<]+)""")


def brief(html: str) -> str:
    """``html`` (one directive's block) as the search plugin needs it, or unchanged."""
    if "linenodiv" in html or _UNSAFE_TAG.search(html) or _TAG_IN_TAG.search(html):  # Material: class == "linenodiv"
        return html
    out: list[str] = []
    stack: list[str] = []
    run: list[str] = []  # text chunks since the last kept tag, as the plugin would append them
    first = True  # the run's first chunk: whether a whitespace chunk counts depends on the page before

    def flush() -> None:
        nonlocal first
        text: list[str] = []
        for chunk in run:
            if chunk == " ":
                if text:
                    out.append("".join(text))
                    text.clear()
                out.append("<wbr> <wbr>")
            else:
                text.append(chunk)
        if text:
            out.append("".join(text))
        run.clear()

    last_space = False
    pos = 0
    while pos < len(html):
        m = _TOKEN.match(html, pos)
        if m is None:
            return html
        pos = m.end()
        data = m.group(5)
        if data is not None:
            data = unescape(data)
            if data.isspace():
                if first or not last_space:  # the first: the page decides (the plugin sees " ")
                    run.append(" ")
                last_space = True
            else:
                run.append(escape(data.replace("\n", " "), quote=False))
                last_space = False
            first = False
            continue
        closing, tag, selfclose = m.group(1), m.group(2).lower(), m.group(4)
        if closing and selfclose:
            return html
        if not closing:
            if tag in VOID:
                continue
            if _EXCLUDE.search(m.group(3)):
                if selfclose:
                    continue
                pos = _skip(html, pos, tag)
                if pos < 0:
                    return html
                continue
            stack.append(tag)
            if tag in KEEP:
                flush()
                out.append(f"<{tag}>")
                first, last_space = False, False
            if not selfclose:
                continue
        if not stack or stack[-1] != tag:
            if tag in KEEP:
                return html
            continue
        stack.pop()
        if tag in KEEP:
            flush()
            out.append(f"</{tag}>")
            first = True  # an empty element is taken back: what came before it decides again
    if stack:
        return html
    flush()
    return "<div>" + "".join(out) + "</div>"


def _skip(html: str, pos: int, tag: str) -> int:
    """Where the element whose start tag ends at ``pos`` ends (after its end tag); -1 if it does not."""
    depth = 1
    for m in _same_tag(tag).finditer(html, pos):
        if m.group(1):
            depth -= 1
            if not depth:
                return m.end()
        elif not m.group(2):
            depth += 1
    return -1


def _same_tag(tag: str, _cache: dict[str, re.Pattern] = {}) -> re.Pattern:  # noqa: B006 (a cache)
    """Start and end tags named ``tag`` (group 1: ``/`` for an end tag; group 2: ``/`` if self-closing)."""
    if tag not in _cache:
        _cache[tag] = re.compile(rf"""<(/?){re.escape(tag)}(?=[\s/>])(?:[^>"'/]|"[^"]*"|'[^']*'|/(?!>))*(/?)>""", re.I)
    return _cache[tag]
