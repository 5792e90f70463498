"""Extract the engine's msgids from its source and merge them into its PO catalogs.

The engine's strings are written where they are used, marked with ``N_(context, msgid)`` or
passed to ``pgettext``/``npgettext``; Babel's Python extractor finds them. A module's strings
go to the domain of the same name (``engine/scorpion.py`` → ``scorpion.po``); the shared modules
go to ``engine.po``. Rank names are also asked for in grammatical cases (``rank|acc`` …) and
suits in two forms (``suit|card``, ``suit|name``): those contexts are added here from the
engine's own lists.

    python -m hooks.engine_catalogs          # update locales/*/LC_MESSAGES/{engine,scorpion,klondike}.po
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
LOCALES = ROOT / "locales"
LANGUAGES = ("en", "hu", "ca", "ru")
KEYWORDS = {"N_": ((1, "c"), 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}
GAME_DOMAINS = ("scorpion", "klondike")


def domain_of(path: Path) -> str:
    return path.stem if path.stem in GAME_DOMAINS else "engine"


def extract() -> dict[str, Catalog]:
    sys.path.insert(0, str(ROOT))
    from engine.i18n import CASES, SUIT_FORMS  # noqa: PLC0415

    catalogs: dict[str, Catalog] = {}
    for path in sorted(ENGINE.glob("*.py")):
        domain = domain_of(path)
        cat = catalogs.setdefault(domain, Catalog(domain=domain, project="solitaire-rules", fuzzy=False))
        for lineno, message, comments, context in extract_from_file("python", str(path), keywords=KEYWORDS):
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
            path = LOCALES / lang / "LC_MESSAGES" / f"{domain}.po"
            if path.exists():
                with path.open("rb") as f:
                    catalog = read_po(f, locale=lang, domain=domain)
                catalog.update(template, no_fuzzy_matching=True)
            else:
                catalog = Catalog(locale=lang, domain=domain, project="solitaire-rules", fuzzy=False)
                catalog.update(template, no_fuzzy_matching=True)
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as f:
                write_po(f, catalog, width=100, sort_by_file=False, ignore_obsolete=False, include_previous=True)
            written.append(path)
    return written


if __name__ == "__main__":
    for p in update():
        print(p.relative_to(ROOT))
