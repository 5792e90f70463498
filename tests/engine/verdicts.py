"""Helpers the rules tests of both games share: play a move the engine must refuse, or accept."""


def refused(pos, token: str) -> str:
    """The reason id for a move the engine must refuse; the position must stay as it was."""
    before, score = str(pos), pos.score
    _, verdict = pos.play(token)
    assert not verdict.legal, f"{token} should be refused in {before}"
    assert (str(pos), pos.score) == (before, score)
    return verdict.reason


def made(pos, token: str) -> int:
    """Play a move the engine must accept; returns its points."""
    _, verdict = pos.play(token)
    assert verdict.legal, f"{token} refused: {verdict.reason} in {pos}"
    return verdict.points
