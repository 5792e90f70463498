"""Deal codes: ``KL1-D1N-AAAAAAG`` — game and format version, variant, deal number.

- ``KL1`` / ``SC1``: the game (two letters, registered with the game: ``engine.games``) and the
  code format's version (1);
- the variant: Klondike ``D1N`` / ``D1V`` / ``D3N`` / ``D3V`` (draw 1 or 3, Normal or Vegas
  scoring), Scorpion a three-letter rules preset (``CLA`` classic, ``EAS`` easy …);
- the deal number in seven base-26 letters, ``A`` = 0 … ``Z`` = 25, most significant first
  (``AAAAAAG`` = 6), so 26**7 = 8,031,810,176 deals per variant.

The number seeds the engine's own generator (``prng``), so a code gives the same deal in
CPython and in Pyodide, today and in ten years.

>>> parse_code("KL1-D1N-AAAAAAG")
DealCode(game='KL', version=1, variant='D1N', number=6)
>>> str(DealCode("SC", 1, "CLA", 27))
'SC1-CLA-AAAAABB'
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .errors import NotationError

DIGITS = 7
MAX_NUMBER = 26**DIGITS - 1
VERSION = 1
_CODE = re.compile(r"([A-Z]{2})([1-9][0-9]{0,5})-([A-Z0-9]{3})-([A-Z]{7})")  # ASCII digits, not \d


class DealCode(NamedTuple):
    game: str  # two letters: the game's (``engine.games``)
    version: int
    variant: str
    number: int

    def __str__(self) -> str:
        return f"{self.game}{self.version}-{self.variant}-{number_letters(self.number)}"


def number_letters(number: int) -> str:
    if not 0 <= number <= MAX_NUMBER:
        raise NotationError(f"deal number {number} is outside 0…{MAX_NUMBER}")
    letters = []
    for _ in range(DIGITS):
        number, d = divmod(number, 26)
        letters.append(chr(65 + d))
    return "".join(reversed(letters))


def parse_code(text: str) -> DealCode:
    """Parse a code's shape (``engine.games.parse_code`` checks the game, the game its variant).
    Errors name what is wrong."""
    raw = text.strip()
    m = _CODE.fullmatch(raw)
    if not m:
        raise NotationError(
            f"deal code {text!r} is malformed: expected e.g. KL1-D1N-AAAAAAG "
            "(game+version, variant, seven letters A–Z)"
        )
    game, version, variant, letters = m.groups()
    if int(version) != VERSION:
        raise NotationError(f"deal code {text!r}: unsupported format version {version} (this engine reads {VERSION})")
    number = 0
    for ch in letters:
        number = number * 26 + (ord(ch) - 65)
    return DealCode(game, int(version), variant, number)
