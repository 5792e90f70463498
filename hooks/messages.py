"""What there is to translate: the messages of every page and of the site around the pages.

- A page's messages are its text blocks (``hooks.blocks``), msgctxt = the page's path in docs/
  (``scorpion/rules.md``), each with its ``docs/…:line`` location and its kind as a comment.
- The site catalog (slug ``site``) holds the words that are not on a page: ``site_name`` and
  ``site_description`` (msgctxt ``site``), the nav titles of ``mkdocs.yml`` (msgctxt ``nav``), the
  palette toggles' names (msgctxt ``palette``), the headings' permalink title (msgctxt ``toc``),
  the words directives show (msgctxt = the
  directive's kind) and the fallback notice (msgctxt ``i18n``).

``mkdocs.yml`` is read with ``yaml.compose`` (no tags are constructed), which also gives the line
of every nav title for messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml
from babel.messages.catalog import Catalog

from engine import EngineError, records

from . import blocks, directives, po

NOTICE = "Parts of this page are not translated yet; they are shown in English."
SITE_MESSAGES = (("i18n", NOTICE),)
KIND_NAMES = {"heading": "heading", "paragraph": "paragraph", "item": "list item", "cell": "table cell",
              "quote": "quotation", "admonition-title": "admonition title"}


@dataclass
class Site:
    """The parts of ``mkdocs.yml`` that translation needs."""

    config_file: Path
    docs_dir: Path
    locales: Path
    source_language: str = "en"
    languages: list[str] = field(default_factory=list)  # the languages translated into
    strings: list[tuple[str, str, int]] = field(default_factory=list)  # (msgctxt, msgid, line)

    @property
    def root(self) -> Path:
        return self.config_file.parent

    def rel(self, path: Path | str) -> str:
        """A path as messages show it: relative to the project (``docs/scorpion/rules.md``)."""
        p = Path(path)
        try:
            return p.resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return str(p)

    def line_of(self, context: str, msgid: str) -> int:
        for ctxt, text, line in self.strings:
            if (ctxt, text) == (context, msgid):
                return line
        return 1


def load_site(config_file: Path) -> Site:
    config_file = Path(config_file).resolve()
    try:
        root = yaml.compose(config_file.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    except yaml.YAMLError as e:
        raise po.CatalogError(f"{config_file.name}: {' '.join(str(e).split())}") from None
    top = _mapping(root)
    docs_dir = config_file.parent / _scalar(top.get("docs_dir"), "docs")
    site = Site(config_file, docs_dir, config_file.parent / "locales")
    for key in ("site_name", "site_description"):
        node = top.get(key)
        if node is not None and _scalar(node):
            site.strings.append(("site", _scalar(node), node.start_mark.line + 1))
    _nav_titles(top.get("nav"), site.strings)
    for option in _sequence(_mapping(top.get("theme")).get("palette")):
        name = _mapping(_mapping(option).get("toggle")).get("name")
        if name is not None:
            site.strings.append(("palette", _scalar(name), name.start_mark.line + 1))
    for extension in _sequence(top.get("markdown_extensions")):
        title = _mapping(_mapping(extension).get("toc")).get("permalink_title")
        if title is not None:
            site.strings.append(("toc", _scalar(title), title.start_mark.line + 1))
    for plugin in _sequence(top.get("plugins")):
        conf = _mapping(plugin).get("i18n")
        if conf is None:
            continue
        for lang in _sequence(_mapping(conf).get("languages")):
            entry = _mapping(lang)
            locale = _scalar(entry.get("locale"))
            if _scalar(entry.get("default"), "false") == "true":
                site.source_language = locale
            elif _scalar(entry.get("build"), "true") == "true":
                site.languages.append(locale)
    return site


def _mapping(node) -> dict:
    if isinstance(node, yaml.MappingNode):
        return {_scalar(k): v for k, v in node.value}
    return {}


def _sequence(node) -> list:
    return list(node.value) if isinstance(node, yaml.SequenceNode) else []


def _scalar(node, default: str = "") -> str:
    return str(node.value) if isinstance(node, yaml.ScalarNode) else default


def _nav_titles(node, out: list) -> None:
    for item in _sequence(node):
        if isinstance(item, yaml.MappingNode):
            for key, value in item.value:
                out.append(("nav", _scalar(key), key.start_mark.line + 1))
                _nav_titles(value, out)


# -- pages ----------------------------------------------------------------------------------------


def pages(site: Site) -> list[str]:
    """Every Markdown page under docs/, as MkDocs names it (``scorpion/rules.md``)."""
    return sorted(p.relative_to(site.docs_dir).as_posix() for p in site.docs_dir.rglob("*.md"))


def page_source(path: Path) -> tuple[str, int]:
    """A page's Markdown as MkDocs hands it to hooks (front matter removed), and its first line."""
    from mkdocs.utils import meta

    source = path.read_text(encoding="utf-8-sig")
    markdown, _ = meta.get_data(source)
    return markdown, first_line(source, markdown)


def first_line(source: str, markdown: str) -> int:
    """The line of ``source`` where ``markdown`` (its tail, after front matter) starts."""
    if markdown and source.endswith(markdown):
        return source[: len(source) - len(markdown)].count("\n") + 1
    return 1


def page_template(site: Site, page: str) -> Catalog:
    markdown, line = page_source(site.docs_dir / page)
    catalog = _catalog(po.slug(page))
    where = site.rel(site.docs_dir / page)
    for seg in blocks.text_blocks(markdown, line):
        comment = KIND_NAMES[seg.kind]
        if seg.kind == "heading" and "{#" in seg.trail:
            comment += " " + seg.trail[seg.trail.index("{#"):].split("}")[0] + "}"
        _add(catalog, seg.message, page, (where, seg.line), comment)
    return catalog


def site_template(site: Site) -> Catalog:
    catalog = _catalog(po.SITE)
    name = site.rel(site.config_file)
    for context, msgid, line in site.strings:
        comment = {"nav": "nav title", "site": "site name or description", "palette": "palette toggle",
                   "toc": "title of a heading's permalink"}[context]
        _add(catalog, msgid, context, (name, line), comment)
    for context, msgid in (*SITE_MESSAGES, *directives.messages()):
        _add(catalog, msgid, context, ("hooks", None), f"shown by the site ({context})")
    return catalog


def templates(site: Site) -> dict[str, Catalog]:
    """Every catalog template, by slug: one per page and the site's."""
    found = {po.SITE: site_template(site)}
    for page in pages(site):
        slug = po.slug(page)
        if slug in found:
            raise po.CatalogError(f"{site.rel(site.docs_dir / page)}:1: catalog name {po.domain(slug)!r} "
                                  "is taken (rename the page)")
        found[slug] = page_template(site, page)
    found.update(record_templates(site))  # the game records' texts (examples/**/*.game)
    return found


def record_templates(site: Site) -> dict[str, Catalog]:
    """The game records' texts for translation: one catalog template per game that has records,
    by slug (``examples-scorpion``).

    Every record under ``examples/`` (``engine.records``) gives its ``Title``, ``Question`` and
    annotations as msgids, msgctxt = the record's path (``examples/scorpion/won.game``), location =
    its ``file:line``. The catalog commands treat them like the pages':
    ``locales/<lang>/LC_MESSAGES/docs-examples-<game>.po``; the widgets' directives translate them
    while the site is built. A record that does not parse is a ``CatalogError`` naming its ``file:line``.
    """
    found: dict[str, Catalog] = {}
    for path in sorted((site.root / "examples").rglob("*.game")):
        try:
            record = records.Record.parse(path.read_text(encoding="utf-8"), site.rel(path))
        except (EngineError, OSError, UnicodeDecodeError) as e:
            raise po.CatalogError(getattr(e, "message", f"{site.rel(path)}:1: cannot read ({e})")) from None
        slug = records.CATALOG_PREFIX.removeprefix(po.PREFIX) + record.game
        catalog = found.setdefault(slug, _catalog(slug))
        for msgid, line, what in record.messages():
            _add(catalog, msgid, record.context, (site.rel(path), line), what)
    return found


def _catalog(slug: str) -> Catalog:
    return Catalog(domain=po.domain(slug), project=po.PROJECT, version="1", fuzzy=False,
                   msgid_bugs_address="", copyright_holder="", charset="utf-8")


def _add(catalog: Catalog, msgid: str, context: str, location: tuple[str, int | None], comment: str) -> None:
    existing = catalog.get(msgid, context)
    if existing is not None:
        existing.locations.append(location)
        return
    catalog[msgid] = po.new_message(msgid, context, [location], [comment])  # keyed by (msgid, context)
