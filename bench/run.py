"""Run the benchmarks and print one table: `make bench`, or `python bench/run.py [NAME…] [--json]`.

A benchmark is a module ``bench/bench_<name>.py`` with a function ``run()`` that returns (or yields)
rows, each a mapping. Conventional keys, in this order when present:

    benchmark   what was measured ("push+pop", "navigation to ready, cold")
    value       the figure (a number)
    unit        "per s", "ms", "bytes", …
    goal        the target, as text ("≥ 100,000 per s", "≤ 1.15")
    note        anything else worth one line

Any other key becomes a column too. Benchmarks measure speed; tests never assert timings
(DESIGN.md §6). Arguments select modules by name (``python bench/run.py engine runtime``).
A benchmark that raises is reported in the table and makes the run exit 1; the others still run.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
import traceback
from collections.abc import Iterable, Mapping
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
PREFERRED_COLUMNS = ("module", "benchmark", "value", "unit", "goal", "note")


def discover(names: Iterable[str] = ()) -> list[str]:
    """Module names ``bench.bench_*``, sorted; only the selected ones when names are given."""
    found = sorted(path.stem for path in BENCH_DIR.glob("bench_*.py"))
    wanted = {name.removeprefix("bench_").removesuffix(".py") for name in names}
    unknown = wanted - {stem.removeprefix("bench_") for stem in found}
    if unknown:
        raise SystemExit(f"bench: no benchmark named {', '.join(sorted(unknown))} (have: {', '.join(found)})")
    return [f"bench.{stem}" for stem in found if not wanted or stem.removeprefix("bench_") in wanted]


def run_module(module_name: str) -> tuple[list[dict], float, str | None]:
    """Import and run one benchmark module: its rows, its seconds, and the error if it failed."""
    started = time.perf_counter()
    try:
        module = importlib.import_module(module_name)
        rows = []
        for row in module.run():
            if not isinstance(row, Mapping):
                raise TypeError(f"{module_name}.run() must return mappings, got {row!r}")
            rows.append(dict(row))
    except Exception as error:
        traceback.print_exc(file=sys.stderr)
        return [], time.perf_counter() - started, f"{type(error).__name__}: {error}"
    return rows, time.perf_counter() - started, None


def format_value(value) -> str:
    if isinstance(value, bool) or value is None:
        return "" if value is None else str(value)
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        if abs(value) >= 1000:
            return f"{value:,.0f}"
        if abs(value) >= 10:
            return f"{value:.1f}"
        return f"{value:.3g}"
    return str(value)


def table(rows: list[dict]) -> str:
    columns = [column for column in PREFERRED_COLUMNS if any(column in row for row in rows)]
    for row in rows:
        columns += [key for key in row if key not in columns]
    cells = [[format_value(row.get(column)) for column in columns] for row in rows]
    widths = [
        max([len(column)] + [len(line[index]) for line in cells]) for index, column in enumerate(columns)
    ]
    numeric = {"value"}

    def line(values):
        return "  ".join(
            value.rjust(width) if column in numeric else value.ljust(width)
            for column, value, width in zip(columns, values, widths, strict=True)
        ).rstrip()

    return "\n".join([line(columns), line(["-" * width for width in widths]), *map(line, cells)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="benchmarks to run (default: all of bench/bench_*.py)")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON instead of a table")
    arguments = parser.parse_args(argv)

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))  # `engine`, `bench` and `tests` import from the checkout
    modules = discover(arguments.names)
    if not modules:
        print("bench: no benchmark modules (bench/bench_*.py) yet")
        return 0

    all_rows: list[dict] = []
    failed = False
    for module_name in modules:
        short = module_name.removeprefix("bench.bench_")
        print(f"bench: running {short} …", file=sys.stderr, flush=True)
        rows, seconds, error = run_module(module_name)
        if error:
            failed = True
            rows = [{"benchmark": "FAILED", "note": error}]
        print(f"bench: {short} took {seconds:.1f} s", file=sys.stderr, flush=True)
        all_rows += [{"module": short, **row} for row in rows]

    if arguments.json:
        print(json.dumps(all_rows, indent=2, ensure_ascii=False))
    else:
        print(table(all_rows))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
