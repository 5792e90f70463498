"""The translation catalogs of the site's pages, on the command line.

    python -m hooks.catalogs extract           docs/ + mkdocs.yml → locales/templates/docs-*.pot
    python -m hooks.catalogs update            templates → locales/<lang>/LC_MESSAGES/docs-*.po
    python -m hooks.catalogs compile           every locales/*/LC_MESSAGES/*.po → .mo, where stale
    python -m hooks.catalogs check [--strict]  coverage per language and page; exit 1 if incomplete

``update`` works like ``pybabel update``/``msgmerge``: a message whose English changed becomes
fuzzy (with the previous English as ``#| msgid``), a new one is added empty, a removed one is
kept as obsolete (``#~``); a language without catalogs gets new ones with Babel's CLDR
``Plural-Forms``. ``check`` compares the catalogs with the pages as they are now (not with the
templates on disk), so it never reports stale numbers; ``--strict`` also fails when the templates
or the catalogs need ``extract``/``update`` (new line numbers alone do not count). Bad input (a
PO file that does not parse) is one line naming ``file:line`` and exit status 2, never a traceback.

To add a language: add it to the i18n plugin's ``languages`` in ``mkdocs.yml``, run ``update``,
translate ``locales/<lang>/LC_MESSAGES/docs-*.po`` (Poedit, Weblate, any PO editor) and run
``check``. (The engine's own catalogs, ``engine.po`` and the games', need the language too.)
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog, Message

from . import messages, po, values

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Coverage:
    total: int = 0
    translated: int = 0
    fuzzy: int = 0
    missing: list[str] = field(default_factory=list)  # "docs/x.md:12: 'text'" for each gap

    @property
    def complete(self) -> bool:
        return self.translated == self.total

    def cell(self) -> str:
        text = f"{self.translated}/{self.total}"
        if self.fuzzy:
            text += f" ({self.fuzzy} fuzzy)"
        return text


def extract(site: messages.Site, out=sys.stdout) -> dict[str, Catalog]:
    templates = messages.templates(site)
    written = 0
    for slug, catalog in templates.items():
        written += po.write(po.template_path(site.locales, slug), catalog)
    stale = [p for p in (site.locales / "templates").glob(f"{po.PREFIX}*.pot")
             if p.stem[len(po.PREFIX):] not in templates]
    for path in stale:
        path.unlink()
    print(f"extract: {len(templates)} templates in {site.rel(site.locales / 'templates')} "
          f"({written} written, {len(stale)} removed)", file=out)
    return templates


def read_templates(site: messages.Site) -> dict[str, Catalog]:
    folder = site.locales / "templates"
    found = {}
    for path in sorted(folder.glob(f"{po.PREFIX}*.pot")):
        found[path.stem[len(po.PREFIX):]] = po.read(path, name=site.rel(path))
    if not found:
        raise po.CatalogError(f"{site.rel(folder)}:1: no templates (run: python -m hooks.catalogs extract)")
    return found


def update(site: messages.Site, out=sys.stdout) -> None:
    templates = read_templates(site)
    for lang in site.languages:
        created = updated = retired = 0
        for slug, template in templates.items():
            path = po.catalog_path(site.locales, lang, slug)
            if path.exists():
                catalog = po.read(path, lang, site.rel(path))
                kept = _no_stale_previous(catalog)
            else:
                catalog = new_catalog(lang, slug)
                kept = {}
                created += 1
            catalog.update(template, no_fuzzy_matching=False, update_header_comment=False)
            _keep_previous(catalog, kept)
            _drop_empty_obsolete(catalog)
            _no_guessed_formats(catalog)
            updated += po.write(path, catalog)
        for slug in po.slugs_on_disk(site.locales, lang):
            if slug not in templates:  # the page is gone: keep its translations as obsolete
                path = po.catalog_path(site.locales, lang, slug)
                catalog = po.read(path, lang, site.rel(path))
                catalog.update(Catalog(), no_fuzzy_matching=True)
                retired += po.write(path, catalog)
        print(f"update {lang}: {len(templates)} catalogs ({created} new, {updated} written, "
              f"{retired} retired)", file=out)


def _drop_empty_obsolete(catalog: Catalog) -> None:
    """Obsolete messages keep old translations for reuse; one that was never translated keeps nothing."""
    for key in [k for k, m in catalog.obsolete.items() if not m.string]:
        del catalog.obsolete[key]


def _no_stale_previous(catalog: Catalog) -> dict[tuple[str, str | None], list[str]]:
    """A message's previous msgid (``#| msgid …``) says what the English was when its translation
    was made; once the translator has cleared the fuzzy flag it is stale, and is dropped. The fuzzy
    messages' ones are returned by key: Babel's ``update`` forgets them when the msgid is unchanged,
    and ``_keep_previous`` gives them back."""
    kept = {}
    for message in catalog:
        if message.previous_id and message.fuzzy:
            kept[_key(message)] = list(message.previous_id)
        else:
            message.previous_id = []
    return kept


def _keep_previous(catalog: Catalog, kept: dict[tuple[str, str | None], list[str]]) -> None:
    """The previous msgid of a message that is still fuzzy after ``update`` with the same msgid."""
    for message in catalog:
        if message.fuzzy and not message.previous_id and _key(message) in kept:
            message.previous_id = kept[_key(message)]


def _key(message: Message) -> tuple[str, str | None]:
    """A message's msgid (its singular, for a plural) and context."""
    return (message.id if isinstance(message.id, str) else message.id[0], message.context)


def _no_guessed_formats(catalog: Catalog) -> None:
    """Babel marks a message ``python-format`` when it looks like one ("95% interval"), also when
    it reads one; the site's texts are never %-formatted (values are ``{{ … }}``), and the flag
    would make Poedit check a translation's "95%-os" against it (``po.new_message`` likewise)."""
    for message in catalog:
        message.flags.discard("python-format")


def new_catalog(lang: str, slug: str) -> Catalog:
    """An empty catalog for ``lang``: Babel fills ``Plural-Forms`` and the language from CLDR."""
    return Catalog(locale=lang, domain=po.domain(slug), project=po.PROJECT, version="1", fuzzy=False,
                   msgid_bugs_address="", copyright_holder="", charset="utf-8",
                   language_team=f"{lang} <https://hosted.weblate.org/>")


def compile_mo(site: messages.Site, out=sys.stdout) -> None:
    """Compile every catalog in ``locales/*/LC_MESSAGES`` (the pages' and the engine's) whose MO
    file is missing or older than its PO file: what the engine reads (``engine.i18n.compiled``)."""
    paths = sorted(site.locales.glob("*/LC_MESSAGES/*.po"))
    compiled = [po.compile_mo(path, name=site.rel(path)) for path in paths if po.stale(path)]
    print(f"compile: {len(compiled)} of {len(paths)} catalogs compiled, the others were up to date", file=out)


def check(site: messages.Site, strict: bool = False, out=sys.stdout) -> int:
    """Print coverage per language and per page; 0 when complete, 1 otherwise."""
    templates = messages.templates(site)
    table: dict[str, dict[str, Coverage]] = {}
    problems: list[str] = []
    for lang in site.languages:
        for slug, template in templates.items():
            cov = table.setdefault(slug, {}).setdefault(lang, Coverage())
            path = po.catalog_path(site.locales, lang, slug)
            catalog = po.read(path, lang, site.rel(path)) if path.exists() else None
            if catalog is None and strict:
                problems.append(f"{site.rel(path)}:1: missing (run: python -m hooks.catalogs update)")
            for message in template:
                if not message.id:
                    continue
                cov.total += 1
                found = catalog.get(message.id, message.context) if catalog is not None else None
                place = _place(message)
                if found is None and catalog is not None and strict:
                    problems.append(f"{site.rel(path)}:1: lacks {message.id[:50]!r} from {place} "
                                    "(run: python -m hooks.catalogs update)")
                if found is not None and found.string and not found.fuzzy:
                    cov.translated += 1
                    problems.extend(f"{site.rel(path)}:{found.lineno}: {p}"
                                    for p in placeholder_problems(message.id, found.string, lang))
                else:
                    if found is not None and found.fuzzy and found.string:
                        cov.fuzzy += 1
                    state = "fuzzy" if found is not None and found.fuzzy else "untranslated"
                    cov.missing.append(f"{place}: [{lang}] {state}: {po.short(message.id)}")
    if strict:
        for slug, template in templates.items():
            path = po.template_path(site.locales, slug)
            if not path.exists() or not po.same(path.read_bytes(), po.render(template), locations=False):
                problems.append(f"{site.rel(path)}:1: out of date (run: python -m hooks.catalogs extract)")
    _print_table(site, table, out)
    gaps = [m for row in table.values() for cov in row.values() for m in cov.missing]
    for line in gaps[:40]:
        print(line, file=out)
    if len(gaps) > 40:
        print(f"… and {len(gaps) - 40} more", file=out)
    for line in problems:
        print(line, file=out)
    return 0 if not gaps and not problems else 1


_ENGLISH_MARK = re.compile(r"""lang=(["']?)en\1(?=[\s}>])""")


def placeholder_problems(msgid: str, msgstr: str, lang: str) -> list[str]:
    """A translation must name the same values as its source, and its grammar must be valid; the
    English passages the source marks (``<span lang="en">``, ``{lang=en}``) stay marked (WCAG 3.1.2)."""
    found = values.check(msgstr, lang)
    unmarked = len(_ENGLISH_MARK.findall(msgid)) - len(_ENGLISH_MARK.findall(msgstr))
    if unmarked > 0:
        found.append(f"{unmarked} English passage(s) of the source not marked lang=\"en\" in the translation")
    source, target = Counter(values.names(msgid)), Counter(values.names(msgstr))
    if source != target:
        lost = sorted((source - target).elements())
        extra = sorted((target - source).elements())
        detail = ", ".join([f"lost {n}" for n in lost] + [f"unknown {n}" for n in extra])
        found.append(f"values differ from the English ({detail})")
    return found


def _place(message) -> str:
    if message.locations:
        file, line = message.locations[0]
        return f"{file}:{line}" if line else file
    return "?"



def _print_table(site: messages.Site, table: dict[str, dict[str, Coverage]], out) -> None:
    langs = site.languages
    rows = [["catalog", *langs]]
    totals = {lang: Coverage() for lang in langs}
    for slug in sorted(table, key=lambda s: (s != po.SITE, s)):
        row = [po.domain(slug)]
        for lang in langs:
            cov = table[slug][lang]
            row.append(cov.cell() + ("" if cov.complete else "  ✗"))
            t = totals[lang]
            t.total, t.translated, t.fuzzy = t.total + cov.total, t.translated + cov.translated, t.fuzzy + cov.fuzzy
        rows.append(row)
    rows.append(["total", *(f"{totals[lang].cell()} {_percent(totals[lang])}" for lang in langs)])
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for i, row in enumerate(rows):
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip(), file=out)
        if i == 0 or i == len(rows) - 2:
            print("  ".join("-" * w for w in widths), file=out)


def _percent(cov: Coverage) -> str:
    return f"{100 * cov.translated // cov.total if cov.total else 100}%"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hooks.catalogs", description=__doc__.split("\n\n")[0])
    parser.add_argument("verb", choices=("extract", "update", "compile", "check"))
    parser.add_argument("--strict", action="store_true", help="check: also fail on out-of-date templates")
    parser.add_argument("--config", default=str(ROOT / "mkdocs.yml"), help="the site's mkdocs.yml")
    args = parser.parse_args(argv)
    try:
        site = messages.load_site(Path(args.config))
        if args.verb == "extract":
            extract(site)
        elif args.verb == "update":
            update(site)
        elif args.verb == "compile":
            compile_mo(site)
        else:
            return check(site, strict=args.strict)
    except po.CatalogError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"error: {e.filename or ''}: {e.strerror}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
