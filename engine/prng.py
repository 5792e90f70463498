"""The engine's own pseudo-random generator, so a deal code means the same deal forever.

Python's ``random`` may change between versions; this does not. The algorithm, documented on
the FAQ page, is SplitMix64 (Steele, Lea & Flood, 2014) with 64-bit wrap-around arithmetic:

    state = (state + 0x9E3779B97F4A7C15) mod 2**64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) mod 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) mod 2**64
    output z ^ (z >> 31)

A number below ``n`` is drawn without bias by rejection: draw ``x`` until
``x < 2**64 - (2**64 mod n)``, then take ``x mod n``. A deck is shuffled by Fisher–Yates from the
top: for ``i`` from 51 down to 1, swap card ``i`` with card ``below(i + 1)``. The seed is the deal
number; the deck starts unshuffled (A♠ … K♠, A♥ … K♥, A♦ … K♦, A♣ … K♣).

>>> SplitMix64(0).next()
16294208416658607535
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


class SplitMix64:
    __slots__ = ("state",)

    def __init__(self, seed: int):
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def shuffled_deck(seed: int) -> list[int]:
    """The 52 cards (ints, see ``cards``) shuffled by the deal number ``seed``."""
    deck = list(range(52))
    rng = SplitMix64(seed)
    for i in range(51, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck
