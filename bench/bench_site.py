"""The site build: four languages, strict, against plain mkdocs-material building the same pages.

- ``full site``: ``mkdocs build --strict`` of the checkout as ``make site`` runs it (every language,
  every hook: translation, values, directives, widgets' wheel, memory snapshot and runtime copy).
  The wheel and the snapshot are cached between builds (hooks/widgets.py), as in ``mkdocs serve``
  and every build after the first: they are made once before the timed builds, so those find them.
- ``memory snapshot, cold``: what making the snapshot costs when its cache is empty (the first build
  on a machine, or the first after the engine changed): ``hooks/widgets.make_snapshot`` into an
  empty cache folder, Node's time included; and the full build's ratio with that cost added.
- ``plain material``: the same mkdocs.yml with no ``hooks`` at all: mkdocs-material and
  mkdocs-static-i18n build the same pages in the same four languages (hu, ca, ru fall back to the
  English files; directive blocks stay code blocks).
- ``plain with the template cache``: the plain build plus only ``hooks/templates.py``, which the
  full build has too: Material's templates compiled once per build instead of once per language
  (a quarter to a half of a plain build's CPU). ``full / plain with the template cache`` is then
  what the site's own work costs (translation, values, directives, widgets) against Material
  doing its share as fast as the full build lets it.
- ``translation hooks only``: the plain build plus ``site_text`` and ``page_text`` (what
  ``hooks/`` adds for translation, values and directives, without the widgets' runtime).

Each build runs in a fresh process into a fresh folder, ``RUNS`` times; the figures are medians of
wall-clock and of CPU time (user + system, children included). The ratios use CPU time, which
other work on the machine disturbs far less than wall-clock time. Goal: full / plain ≤ 1.5 (issue 4).

    python bench/bench_site.py          # on its own
    python bench/run.py site            # with the other benchmarks (make bench)
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
RUNS = 3
TRANSLATION_HOOKS = ("hooks/events/site_text.py", "hooks/events/page_text.py")
TEMPLATE_HOOK = "hooks/events/templates.py"


def _config(folder: Path, hooks: list[str] | None) -> Path:
    """mkdocs.yml with absolute paths and the given hooks (None: the checkout's own file)."""
    if hooks is None:
        return ROOT / "mkdocs.yml"
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    config["docs_dir"] = str(ROOT / config.get("docs_dir", "docs"))
    if config["theme"].get("custom_dir"):
        config["theme"]["custom_dir"] = str(ROOT / config["theme"]["custom_dir"])
    config["hooks"] = [str(ROOT / h) for h in hooks]
    if not hooks:
        config.pop("hooks")
    config.pop("watch", None)
    path = folder / f"mkdocs-{len(hooks)}.yml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def build_seconds(config: Path, site: Path, strict: bool = True) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + system, the build and its children) of one build."""
    cmd = [sys.executable, "-m", "mkdocs", "build", "--quiet", "--clean", "-f", str(config), "-d", str(site)]
    if strict:
        cmd.append("--strict")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"mkdocs build -f {config.name} failed: {(done.stdout + done.stderr)[-600:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def median_build(config: Path, folder: Path, strict: bool = True, runs: int = RUNS) -> tuple[float, float]:
    """Median wall-clock and CPU seconds over ``runs`` builds."""
    times = [build_seconds(config, folder / f"site-{i}", strict) for i in range(runs)]
    return statistics.median(t[0] for t in times), statistics.median(t[1] for t in times)


def snapshot_cold_cost() -> tuple[float, float, dict]:
    """Wall-clock and CPU seconds (Node included) of making the memory snapshot into an empty cache,
    and the maker's report; before that, the snapshot in the builds' own cache is made if missing."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from hooks import widgets

    wheel = widgets.build_wheel()
    widgets.make_snapshot(wheel)  # the timed builds find it cached, as every build after the first does
    with tempfile.TemporaryDirectory(prefix="bench-snapshot-") as cache:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        folder = widgets.make_snapshot(wheel, cache=Path(cache))
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        stats = widgets.snapshot_stats(folder)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), stats


def run():
    snapshot_wall, snapshot_cpu, stats = snapshot_cold_cost()
    with tempfile.TemporaryDirectory(prefix="bench-site-") as tmp:
        folder = Path(tmp)
        # Plain material has no catalogs: hu/ca/ru are English fallbacks, so no strictness to keep.
        plain = median_build(_config(folder, []), folder / "plain", strict=False)
        full = median_build(_config(folder, None), folder / "full")
        translation = median_build(_config(folder, list(TRANSLATION_HOOKS)), folder / "translation")
        cached = median_build(_config(folder, [TEMPLATE_HOOK]), folder / "cached", strict=False)
    pages = len(list((ROOT / "docs").rglob("*.md")))
    note = f"median of {RUNS}, fresh process; ratios from CPU time (wall time swings with machine load)"
    yield {"benchmark": "full site build, 4 languages, strict (wall)", "value": full[0], "unit": "s",
           "note": f"{pages} pages × 4 languages"}
    yield {"benchmark": "full site build, 4 languages, strict (CPU)", "value": full[1], "unit": "s"}
    yield {"benchmark": "plain mkdocs-material, same pages (wall)", "value": plain[0], "unit": "s",
           "note": "no hooks (static-i18n falls back to English)"}
    yield {"benchmark": "plain mkdocs-material, same pages (CPU)", "value": plain[1], "unit": "s"}
    yield {"benchmark": "full / plain", "value": full[1] / plain[1], "unit": "×", "goal": "≤ 1.5", "note": note}
    yield {"benchmark": "full / plain with the template cache", "value": full[1] / cached[1], "unit": "×",
           "note": f"what the site's own hooks cost: plain builds {cached[1]:.3f} s CPU with only "
                   f"{TEMPLATE_HOOK} (Material's templates compiled once, not once per language)"}
    yield {"benchmark": "translation hooks only / plain", "value": translation[1] / plain[1], "unit": "×",
           "note": "site_text + page_text (catalogs, values, directives), no widgets runtime"}
    yield {"benchmark": "memory snapshot, made cold (wall)", "value": snapshot_wall, "unit": "s",
           "note": "not in the builds above (cached); once per engine, Pyodide version or snapshot script: "
                   + ", ".join(f"{k} {v:.1f} s" for k, v in stats["seconds"].items()) + " (wall)"}
    yield {"benchmark": "memory snapshot, made cold (CPU)", "value": snapshot_cpu, "unit": "s",
           "note": f"{stats['bytes']:,} bytes gzipped"}
    yield {"benchmark": "full site with the snapshot made cold / plain", "value": (full[1] + snapshot_cpu) / plain[1],
           "unit": "×", "note": "CPU: the first build after a change of the engine"}


if __name__ == "__main__":
    for row in run():
        value = row["value"]
        print(f"{row['benchmark']:<50} {value:8.3f} {row['unit']:<3} {row.get('goal', '')}  {row.get('note', '')}")
