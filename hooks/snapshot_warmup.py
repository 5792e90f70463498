"""What runs inside Pyodide before the build takes the widgets' memory snapshot (``hooks/snapshot.mjs``).

A memory snapshot holds the interpreter's memory, not Emscripten's file system: in the browser,
after the restore, there are no engine files and the standard library archive is empty. So
everything the page's worker will ever use must already be in memory:

- :func:`warm_up` imports every engine module (Klondike and the solver too: a Scorpion page then
  restores them for free instead of a Klondike page compiling them; ``make bench`` reports the
  snapshot's size), loads every language's catalogs through ``engine.i18n.translator``, and opens,
  plays, undoes and closes a widget of each game in each language through the worker's own bridge
  (``engine.web.handle``), which fills the caches those calls fill (compiled patterns, catalogs),
  and takes the analysis board through every kind of request (links, every preset's verdicts and
  random deals, the solver in slices: ``_analysis_board``);
- :func:`forget_files` drops what points at files that will not be there (the zip importer's
  directory of the standard library archive, the path finders' caches), then collects garbage;
- :func:`answers_without_imports` is the build's check of the restored snapshot: the same
  requests again, answered without importing anything.

The module needs nothing but the engine, so the same functions run under CPython in the tests.
"""

from __future__ import annotations

import gc
import importlib
import json
import pkgutil
import sys

import engine
import engine.i18n
import engine.web

# A deal and a documented move token (DESIGN §3.3) per game: what a warm-up widget opens and plays.
WARM_UP_DEALS = {"scorpion": ("SC1-CLA-AAAAAAG", "deal"), "klondike": ("KL1-D1N-AAAAAAG", "draw")}


class WarmUpError(RuntimeError):
    """The engine did not answer a warm-up request as the worker expects."""


def engine_modules() -> list[str]:
    """Every module of the engine package but its command line (``engine.__main__``)."""
    found = pkgutil.walk_packages(engine.__path__, "engine.")
    return sorted(m.name for m in found if not m.name.endswith(".__main__"))


def _ask(request: dict) -> dict:
    answer = json.loads(engine.web.handle(json.dumps(request)))
    if not answer.get("ok"):
        raise WarmUpError(f"engine.web.handle({json.dumps(request)[:120]}) answered {answer.get('error')!r}")
    return answer


def _widgets() -> None:
    missing = sorted(set(engine.GAMES) - set(WARM_UP_DEALS))
    if missing:
        raise WarmUpError(f"hooks/snapshot_warmup.py: WARM_UP_DEALS has no deal for {', '.join(missing)}")
    for game, (code, token) in WARM_UP_DEALS.items():
        start = str(engine.position(game, code=code))
        for lang in engine.i18n.LANGUAGES:
            wid = f"snapshot-warm-up-{game}-{lang}"
            _ask({"op": "open", "id": wid, "config": {"kind": "try", "game": game, "start": start, "lang": lang}})
            _ask({"op": "move", "id": wid, "token": token})
            _ask({"op": "undo", "id": wid})
            _ask({"op": "close", "id": wid})
            config = {"kind": "replay", "game": game, "start": start, "moves": [token], "lang": lang}
            _ask({"op": "open", "id": wid, "config": config})
            _ask({"op": "step", "id": wid, "delta": 1})
            _ask({"op": "close", "id": wid})


def _analysis_board() -> None:
    """The analysis board (``engine.web.AnalysisSession``) in each language through everything a
    reader can ask of it: links good and bad (``engine.board_link``), moves judged under every preset
    of each game, the history, a rules switch that stops at a refused move, a new game from a code, a
    position or a random deal of every preset, and the solver (``engine.solver.Solving``) in slices,
    cancelled, and to a won line played on the board."""
    scorpion = str(engine.position("scorpion", code=WARM_UP_DEALS["scorpion"][0]))
    near_won = "KC////// - - KS/KH/KD/QC"  # Klondike: one move from a won game
    for lang in engine.i18n.LANGUAGES:
        wid = f"snapshot-warm-up-analysis-{lang}"
        config = {"kind": "analysis", "game": "scorpion", "start": scorpion, "rules": "classic", "lang": lang}
        _ask({"op": "open", "id": wid, "config": config})
        for fragment in ("#game=scorpion&code=SC1-CLA-AAAAAAG&rules=easy&moves=4C%3E7,deal",
                         "#game=scorpion&code=%D0%A1C1-CLA-AAAAAAG", "#colour=red&game=scorpion", "#%zz",
                         "#game=scorpion&code=SC1-CLA-AAAAAAG&moves=8H%3E1,4C%3E7",
                         "#game=klondike&code=KL1-D1V-AAAAAAG&score=-5&moves=draw"):
            _ask({"op": "link", "id": wid, "fragment": fragment, "length": len(fragment)})
        _ask({"op": "link", "id": wid, "fragment": "#game=scorpion&code=SC1-CLA-AAAAAAG"})
        for request in ({"op": "move", "token": "4C>7"}, {"op": "move", "token": "4H>7"},
                        {"op": "move", "token": "deal"}, {"op": "undo"}, {"op": "redo"},
                        {"op": "goto", "index": 0}, {"op": "goto", "index": 1},
                        {"op": "rules", "rules": "easy"}, {"op": "rules", "rules": "classic"}, {"op": "reset"},
                        {"op": "start", "text": "KL1-D3V-AAAAAAG"}, {"op": "start", "text": "<img src=x>"},
                        {"op": "start", "text": scorpion, "game": "scorpion"},
                        {"op": "move", "token": "4C>7"}, {"op": "solve"}, {"op": "solve-step", "ms": 5},
                        {"op": "solve-stop"}):
            _ask({"id": wid, **request})
        for name, game in engine.GAMES.items():
            for preset in game.presets:
                _ask({"op": "random", "id": wid, "preset": f"{name}/{preset}", "number": 1})
                _ask({"op": "move", "id": wid, "token": WARM_UP_DEALS[name][1]})
        _ask({"op": "start", "id": wid, "text": near_won, "game": "klondike"})
        _ask({"op": "solve", "id": wid})
        for _ in range(100):
            if not _ask({"op": "solve-step", "id": wid, "ms": 50})["frame"]["busy"]:
                break
        _ask({"op": "line", "id": wid, "step": 0})
        _ask({"op": "close", "id": wid})


def warm_up() -> list[str]:
    """Import and load everything the worker uses; return the engine modules imported."""
    modules = engine_modules()
    for name in modules:
        importlib.import_module(name)
    for lang in engine.i18n.LANGUAGES:
        engine.i18n.translator(lang)
    _widgets()
    _analysis_board()
    return modules


def forget_files() -> None:
    """Drop the import system's knowledge of files, so that after the restore a late import looks at
    the file system as it is then (an empty standard library archive), not as it was at the build."""
    importlib.invalidate_caches()
    sys.path_importer_cache.clear()
    zipimport = sys.modules.get("zipimport")
    if zipimport is not None:
        zipimport._zip_directory_cache.clear()
    gc.collect()


def answers_without_imports() -> dict:
    """The check the build runs in the restored snapshot: the widgets answer, and nothing new is
    imported while they do (in the browser a new import would find no file)."""
    before = set(sys.modules)
    _widgets()
    _analysis_board()
    imported = sorted(set(sys.modules) - before)
    if imported:
        raise WarmUpError(f"answering the widgets imported {', '.join(imported)} after the restore: "
                          "import them in hooks/snapshot_warmup.py warm_up()")
    return {"python": sys.version.split()[0], "modules": len(sys.modules)}
