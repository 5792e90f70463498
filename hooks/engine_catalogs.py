"""Extract the engine's msgids from its source and merge them into its PO catalogs.

The engine's strings are written where they are used, marked with ``N_(context, msgid)`` (``NP_`` for plurals) or
passed to ``pgettext``/``npgettext``; Babel's Python extractor finds them. A module's strings
go to the domain of the same name (``engine/scorpion.py`` → ``scorpion.po``); the shared modules
go to ``engine.po``. Rank names are also asked for in grammatical cases (``rank|acc`` …) and
suits in two forms (``suit|card``, ``suit|name``): those contexts are added here from the
engine's own lists.

    python -m hooks.engine_catalogs update   # merge new msgids into locales/*/LC_MESSAGES/{engine,scorpion,klondike}.po
    python -m hooks.engine_catalogs check    # coverage per domain and language; exit 1 when incomplete

``make i18n-update`` and ``make i18n-check`` run these beside the site's own catalogs
(``hooks.catalogs``). A bad PO file is one line naming ``file:line`` and exit status 2.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file

from engine.i18n import CASES, DOMAINS, LANGUAGES, SUIT_FORMS
from hooks import po

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
LOCALES = ROOT / "locales"
# Contexts whose translations name any of the values the code offers, not the msgid's (a spoken move, the
# message after it, a refusal, a disputed move's button: ru takes the card's genitive, hu the column's
# number or the card with its article; ``engine.render.SPOKEN_VALUES``, ``MADE_SPOKEN_VALUES``,
# ``REFUSED_SPOKEN_VALUES``, ``ATTEMPT_VALUES``).
# msgfmt's python-brace-format check wants the msgid's values exactly, so these entries are not marked
# as brace formats; tests/widgets/test_render.py holds each translation to the values offered.
FREE_VALUES = frozenset({"move|spoken", "made|spoken", "refused|spoken", "attempt"})
KEYWORDS = {"N_": ((1, "c"), 2), "NP_": ((1, "c"), 2, 3), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}


def domain_of(path: Path) -> str:
    """A game's module speaks in its own domain (``scorpion.py`` → ``scorpion.po``), the rest in ``engine``."""
    return path.stem if path.stem in DOMAINS else "engine"


def catalog_path(lang: str, domain: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{domain}.po"


def _shown(path: Path) -> str:
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def _first(msgid: str | tuple) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def _all(msgstr: str | tuple) -> bool:
    """Translated: the string, or every plural form, not empty."""
    return bool(msgstr) and all(msgstr) if isinstance(msgstr, tuple) else bool(msgstr)


def extract() -> dict[str, Catalog]:
    catalogs: dict[str, Catalog] = {}
    for path in sorted(ENGINE.glob("*.py")):
        domain = domain_of(path)
        cat = catalogs.setdefault(domain, Catalog(domain=domain, project="solitaire-rules", fuzzy=False))
        for lineno, message, comments, context in extract_from_file("python", str(path), keywords=KEYWORDS,
                                                                     comment_tags=("TRANSLATORS:",)):
            where = [(str(path.relative_to(ROOT)), lineno)]
            contexts = [context]
            if context == "rank":
                contexts += [f"rank|{case}" for case in CASES]
            elif context == "suit":
                contexts = [f"suit|{form}" for form in SUIT_FORMS]
            for ctx in contexts:
                cat.add(message, locations=where, context=ctx, auto_comments=comments)
    return catalogs


def update() -> list[Path]:
    written = []
    for domain, template in extract().items():
        for lang in LANGUAGES:
            path = catalog_path(lang, domain)
            if path.exists():
                catalog = po.read(path, lang, _shown(path))
                catalog.domain = domain
            else:
                catalog = Catalog(locale=lang, domain=domain, project="solitaire-rules", fuzzy=False)
            catalog.update(template, no_fuzzy_matching=True)
            for message in catalog:
                if message.context in FREE_VALUES:
                    message.flags.discard("python-brace-format")
            if po.write(path, catalog):  # not when only the dates would change
                written.append(path)
    return written


def check(out=sys.stdout) -> bool:
    """Print translated/total per domain and language (the engine's msgids as the source says
    them now); list what is missing or fuzzy. True when every language is complete."""
    complete = True
    print(f"{'catalog':<12}" + "".join(f"{lang:>12}" for lang in LANGUAGES), file=out)
    gaps = []
    for domain, template in extract().items():
        wanted = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in template if m.id}
        cells = []
        for lang in LANGUAGES:
            path = catalog_path(lang, domain)
            catalog = po.read(path, lang, _shown(path)) if path.exists() else []
            done = {(m.context, _first(m.id)) for m in catalog if m.id and _all(m.string) and not m.fuzzy}
            fuzzy = {(m.context, _first(m.id)) for m in catalog if m.id and m.fuzzy}
            missing = sorted(wanted - done, key=str)
            complete &= not missing
            cells.append(f"{len(wanted) - len(missing)}/{len(wanted)}")
            gaps += [f"{_shown(path)}: {'fuzzy' if k in fuzzy else 'missing'}: [{k[0]}] {k[1]!r}"
                     for k in missing]
        print(f"{domain:<12}" + "".join(f"{c:>12}" for c in cells), file=out)
    for gap in gaps:
        print(gap, file=out)
    return complete


def main(argv: list[str] | None = None) -> int:
    import argparse

    from engine.errors import EngineError

    parser = argparse.ArgumentParser(prog="python -m hooks.engine_catalogs")
    parser.add_argument("verb", choices=("update", "check"), nargs="?", default="update")
    args = parser.parse_args(argv)
    try:
        if args.verb == "check":
            return 0 if check() else 1
        for p in update():
            print(p.relative_to(ROOT))
        return 0
    except EngineError as e:
        print(f"error: {e.message}", file=sys.stderr)
        return 2
    except po.CatalogError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
