"""Which game? One registry of game objects answers it, as ``chess.variant.find_variant`` answers
"which variant?"; nothing else in the engine, the site or the widgets branches on a game's name.

A game is one module, ``engine/<name>.py``: its rules, its position (on ``engine.core``), its words
(its own catalog, ``<name>.po``) and one ``Game`` object, ``GAME``, that the rest of the engine asks
for everything about it: the rules class and presets with their names, reading positions and
dealing, deal codes, the facts and the scoring table the pages quote, the solver's search and the
board's top row. It is registered once, below, by name and deal-code letters: the registry knows
the module without importing it, so a page that shows Scorpion never loads Klondike's module.

>>> find("scorpion").code_letters, find("scorpion").code(1, "easy")
('SC', 'SC1-EAS-AAAAAAB')
>>> "klondike" in GAMES, list(GAMES)
(True, ['scorpion', 'klondike'])
>>> find("chess")
Traceback (most recent call last):
...
engine.errors.EngineError: unknown game 'chess' (expected one of scorpion, klondike)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar

from .codes import VERSION, DealCode
from .codes import parse_code as parse_code_shape
from .core import Position, RulesBase
from .errors import EngineError, NotationError
from .i18n import translator

if TYPE_CHECKING:
    from .solver import Search


class Game:
    """What the rest of the engine asks a game. A game's module defines one subclass and ``GAME``,
    its one instance. The class attributes name the game's parts; the methods marked *the game's*
    are written by each game."""

    name: ClassVar[str]  # the registry's key: records' [Game "…"], directives' game:, --game
    title: ClassVar[str]  # the game's name in English messages (marked for the game's catalog, msgctxt "game")
    Rules: ClassVar[type[RulesBase]]
    Position: ClassVar[type[Position]]
    search_class: ClassVar[str]  # the name of its search in ``engine.solver`` (imported when a solve starts)
    code_variant: ClassVar[str] = "preset"  # what a deal code's middle part names, for messages
    taps: ClassVar[bool] = False  # a card answers a tap and a double tap (``tap:QS``, ``dtap:QS``), as in the app
    # The widget texts (``engine.render``) that say what a picked card lets the reader do next: with a
    # mouse or keyboard, on a touch screen (a frame's ``pick``).
    pick_texts: ClassVar[tuple[str, str]] = ("selected", "selected-touch")

    def title_in(self, lang: str = "en") -> str:
        """The game's name in ``lang`` (ru Скорпион, Косынка), from its catalog."""
        return translator(lang).pgettext("game", self.title)

    # -- rules ------------------------------------------------------------------------------------
    def rules(self, text: RulesBase | str | None = None) -> Any:
        """The rules from ``"preset[,key=value…]"`` (default: the app's)."""
        return self.Rules.coerce(text)

    @property
    def presets(self) -> tuple[str, ...]:
        """The named rule sets, the app's default first."""
        return tuple(self.Rules.PRESETS)

    def preset_name(self, preset: str, lang: str = "en") -> str:
        """*The game's*: a preset's name in ``lang`` (hu Könnyített, ca Flexible); rules that are no
        preset as they are written."""
        raise NotImplementedError

    # -- positions and deals ----------------------------------------------------------------------
    def position(self, text: str, rules: RulesBase | str | None = None) -> Any:
        return self.Position.from_string(text, self.rules(rules))

    def deal(self, number: int, rules: RulesBase | str | None = None) -> Any:
        return self.Position.deal(number, self.rules(rules))

    @property
    def code_letters(self) -> str:
        """The deal codes' first two letters (``SC``): the registry's, where they were registered."""
        return _BY_NAME[self.name].code

    def code(self, number: int, rules: RulesBase | str | None = None) -> str:
        """The deal code of deal ``number`` under a preset: ``SC1-CLA-AAAAAAB``."""
        preset = self.rules(rules).preset
        if preset is None or preset not in self.Rules.CODES:
            raise EngineError(f"{self.title} rules {self.rules(rules)} have no deal code (codes name a preset)")
        return str(DealCode(self.code_letters, VERSION, self.Rules.CODES[preset], number))

    def from_code(self, code: DealCode) -> Any:
        """The deal a code names (its preset decides the rules)."""
        if code.game != self.code_letters:
            raise NotationError(f"deal code {code}: not a {self.title} code ({self.code_letters}{VERSION}-…)")
        presets = {letters: preset for preset, letters in self.Rules.CODES.items()}
        if code.variant not in presets:
            raise NotationError(f"deal code {code}: unknown {self.title} {self.code_variant} {code.variant!r} "
                                f"(expected one of {', '.join(presets)})")
        return self.deal(code.number, presets[code.variant])

    # -- the pages ----------------------------------------------------------------------------------
    def facts(self, rules: RulesBase | str | None = None) -> dict[str, int]:
        """*The game's*: the numbers the pages quote, computed from the rules (one fact, one place)."""
        raise NotImplementedError

    def scoring_table(self, rules: RulesBase | str | None = None, lang: str = "en") -> list[tuple[str, str]]:
        """*The game's*: (what happens, points) rows in ``lang``."""
        raise NotImplementedError

    def board_top(self, pos: Any, lang: str, interactive: bool) -> str:
        """*The game's*: the board's top row as HTML (``engine.render.board`` draws the columns):
        the reserve and the places for removed sequences, the stock, waste and foundations."""
        raise NotImplementedError

    def move_parts(self, token: str) -> tuple[str, dict[str, Any]]:
        """A move token as the kind of move its texts speak of (``engine.render.MOVE_KINDS``) and the
        values they name: ``4H>7`` → ``("to-column", {"card": "4♥", "n": 7})``. This reads the tokens
        Scorpion and Klondike share (``engine.render.move_parts``); a game with moves of its own says
        which kind each one is."""
        from . import render  # noqa: PLC0415  (render asks the registry for a position's game)

        return render.move_parts(token)

    def move_text(self, token: str, lang: str = "en") -> str:
        """A move token in the reader's language, as the move list names it (``4H>7`` → "4♥ → 7. oszlop")."""
        from . import render  # noqa: PLC0415

        return render.move_label(self.move_parts(token), lang)

    def move_spoken(self, token: str, lang: str = "en") -> str:
        """A move token as a screen reader says it, the card in words (``4H>7`` → "Kőr 4 a 7. oszlopra");
        the list shows ``move_text`` to the eye."""
        from . import render  # noqa: PLC0415

        return render.move_said(self.move_parts(token), lang)

    def attempt_text(self, token: str, lang: str = "en") -> str:
        """The button that tries a disputed move: "Try tapping 2♥" (one sentence per kind of move)."""
        from . import render  # noqa: PLC0415

        return render.attempt_text(self.move_parts(token), lang)

    def attempt_spoken(self, token: str, lang: str = "en") -> str:
        """That button as a screen reader says it, the card in words: "Try: 4 of hearts to column 7"."""
        from . import render  # noqa: PLC0415

        return render.attempt_said(self.move_parts(token), lang)

    def made_text(self, token: str, points: int, lang: str = "en", dollars: bool = False) -> str:
        """The message after a legal move: the move and what it earned ("4♥ → 7. oszlop: 5 pont")."""
        from . import render  # noqa: PLC0415

        return render.made_text(self.move_parts(token), points, lang, dollars)

    def made_said(self, token: str, points: int, lang: str = "en", dollars: bool = False) -> str:
        """That message as a screen reader says it, the card in words: "Kőr 4 a 7. oszlopra: +5 pont"."""
        from . import render  # noqa: PLC0415

        return render.made_said(self.move_parts(token), points, lang, dollars)

    # -- the solver ---------------------------------------------------------------------------------
    def search(self, pos: Any) -> Search:
        """The solver's search for ``pos``: ``search_class`` in ``engine.solver``, imported by name on the
        first solve (the solver asks the registry for the game, so it is not imported from here)."""
        search: Search = getattr(import_module(f"{__package__}.solver"), self.search_class)(pos)
        return search

    def __repr__(self) -> str:
        return f"<game {self.name}>"


# -- the registry -------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Entry:
    """A registered game: its name, its deal codes' letters and the module that defines ``GAME``."""

    name: str
    code: str
    module: str


_BY_NAME: dict[str, Entry] = {}
_BY_CODE: dict[str, Entry] = {}


def register(name: str, code: str, module: str | None = None) -> None:
    """Register a game: ``module`` (default ``engine.<name>``) defines ``GAME``, imported on first use."""
    entry = Entry(name, code, module or f"{__package__}.{name}")
    for table, key in ((_BY_NAME, name), (_BY_CODE, code)):
        if table.get(key, entry) != entry:
            raise ValueError(f"game {name!r}: {key!r} is already registered for {table[key].name!r}")
    _BY_NAME[name] = _BY_CODE[code] = entry


def unregister(name: str) -> None:
    """Take a game out of the registry (a test's own game, when the test ends)."""
    entry = _BY_NAME.pop(name)
    del _BY_CODE[entry.code]


def find(name: str) -> Game:
    """The game called ``name``; an unknown name is an ``EngineError`` listing the games."""
    entry = _BY_NAME.get(name) if isinstance(name, str) else None
    if entry is None:
        raise EngineError(f"unknown game {str(name)[:40]!r} (expected one of {', '.join(_BY_NAME)})")
    game: Game = import_module(entry.module).GAME
    if game.name != name:
        raise ValueError(f"{entry.module}.GAME is {game.name!r}, registered as {name!r}")
    return game


def of(pos: Position) -> Game:
    """The game ``pos`` is a position of."""
    return find(pos.GAME)


def name_of_code(letters: str) -> str:
    """The name of the game whose deal codes start with ``letters`` (its module is not imported)."""
    entry = _BY_CODE.get(letters)
    if entry is None:
        raise NotationError(f"unknown game {letters!r} (expected {' or '.join(_BY_CODE)})")
    return entry.name


def parse_code(text: str) -> DealCode:
    """A deal code of a registered game (``codes.parse_code`` reads its shape)."""
    code = parse_code_shape(text)
    if code.game not in _BY_CODE:
        raise NotationError(f"deal code {text!r}: unknown game {code.game!r} (expected {' or '.join(_BY_CODE)})")
    return code


class Registry(Mapping[str, Game]):
    """The games by name, as a read-only mapping (``"klondike" in GAMES`` imports nothing)."""

    def __getitem__(self, name: str) -> Game:
        if name not in _BY_NAME:
            raise KeyError(name)
        return find(name)

    def __contains__(self, name: object) -> bool:
        return name in _BY_NAME

    def __iter__(self) -> Iterator[str]:
        return iter(_BY_NAME)

    def __len__(self) -> int:
        return len(_BY_NAME)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(_BY_NAME)})"


GAMES = Registry()

register("scorpion", code="SC")  # engine/scorpion.py
register("klondike", code="KL")  # engine/klondike.py
