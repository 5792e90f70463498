"""Reading the catalogs: the engine's translators from MO files (stdlib ``gettext``) and the site's
page catalogs through Babel's reader, each against a baseline run in the same process.

``make bench`` runs it with the others (``bench/run.py``); alone: ``python -m bench.bench_catalogs``.

- The engine (``engine.i18n``) loads every language's compiled catalogs with ``gettext``, the same
  code Pyodide runs when a widget starts. The baseline reads the same catalogs as PO text with
  Babel's ``read_po``, the tool a hand-written PO reader would have to beat: the ratio says how
  much the MO files save a reader's first widget.
- The site build (``hooks.po.translations``) reads every page catalog with Babel's parser made
  strict; the baseline is Babel's plain ``read_po`` on the same files: the ratio is the price of
  the ``file:line`` errors. (When they replaced a hand-written reader, Babel took 0.11 s for the
  48 catalogs, the hand-written reader 0.10 s: nothing a reader of the site would notice.)
"""

from __future__ import annotations

import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a file: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from babel.messages.pofile import read_po  # noqa: E402

from engine.i18n import DOMAINS, LANGUAGES, Translator, compiled  # noqa: E402
from hooks import po  # noqa: E402
from hooks.engine_catalogs import catalog_path  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RUNS = 7


def _best(fn) -> float:
    """The median of RUNS timings of ``fn()``, in seconds."""
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def run() -> list[dict]:
    engine_po = [(lang, catalog_path(lang, domain)) for lang in LANGUAGES for domain in DOMAINS]
    with tempfile.TemporaryDirectory() as tmp:
        staged = []
        for lang, path in engine_po:  # compiled fresh, as the wheel's are
            copy = Path(tmp) / lang / path.name
            copy.parent.mkdir(exist_ok=True)
            copy.write_bytes(path.read_bytes())
            po.compile_mo(copy)
            staged.append((lang, copy))

        def engine_mo():
            for lang in LANGUAGES:
                Translator(lang, [compiled(p) for code, p in staged if code == lang])

        def engine_babel():
            for lang, path in engine_po:
                read_po(io.BytesIO(path.read_bytes()), locale=lang)

        mo, babel = _best(engine_mo), _best(engine_babel)

    pages = sorted(ROOT.glob("locales/*/LC_MESSAGES/docs-*.po"))

    def site_strict():
        for path in pages:
            po.Translations.from_catalog(po.read(path, path.parts[-3]), str(path))

    def site_plain():
        for path in pages:
            read_po(io.BytesIO(path.read_bytes()), locale=path.parts[-3])

    strict, plain = _best(site_strict), _best(site_plain)
    size = sum(p.stat().st_size for p in pages)
    return [
        {"benchmark": f"engine translators, {len(LANGUAGES)} languages × {len(DOMAINS)} domains, MO (gettext)",
         "value": round(mo * 1000, 1), "unit": "ms", "note": f"baseline: the same PO files with Babel, "
         f"{babel * 1000:.1f} ms"},
        {"benchmark": "engine translators: MO / Babel PO", "value": round(mo / babel, 2), "unit": "ratio",
         "goal": "≤ 1"},
        {"benchmark": f"site catalogs, {len(pages)} files ({size / 1e6:.2f} MB), Babel made strict",
         "value": round(strict * 1000, 1), "unit": "ms", "note": f"baseline: plain read_po, {plain * 1000:.1f} ms"},
        {"benchmark": "site catalogs: strict / plain read_po", "value": round(strict / plain, 2), "unit": "ratio",
         "goal": "≤ 1.5"},
    ]


if __name__ == "__main__":
    from bench.run import format_value  # noqa: PLC0415

    for row in run():
        print(f"{row['benchmark']}: {format_value(row['value'])} {row['unit']}  {row.get('note', '')}")
