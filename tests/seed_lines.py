"""The seeds' description lines as the engine says them (issue 16).

The seeds (000 hu, 003 ca) start the description paragraph, and the Catalan the sentence after its
full stop, in lower case («reserva: 3 cartes tapades; … retirada. columna 1: …»). Issue 16 wins over
DESIGN.md's "character for character" there: a description is prose a screen reader speaks, so each
sentence starts with a capital («Reserva: … retirada. Columna 1: …»; the Hungarian „1. oszlop” starts
with a digit and stays). ``in_sentence_case`` writes exactly those capitals, by hand, not with the
engine's own rule; tests/engine/test_descriptions.py checks that nothing else differs.
"""

from __future__ import annotations


def in_sentence_case(seed_line: str) -> str:
    """A seed's description line with a capital at the start and after the full stop before the
    columns (the Catalan ``. columna 1``; the Hungarian ``. 1. oszlop`` starts with a digit)."""
    return seed_line[0].upper() + seed_line[1:].replace(". columna 1:", ". Columna 1:")
