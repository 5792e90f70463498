"""Errors the engine raises for bad input.

Every error carries a one-line message that names what is wrong and where; the command line
prints it and exits with status 2, the site build prefixes it with ``file:line``.
"""


class EngineError(ValueError):
    """Bad input to the engine: a position, card, move, code, rules string or record."""

    def __init__(self, message: str):
        message = " ".join(str(message).split())  # always one line
        super().__init__(message)
        self.message = message


class NotationError(EngineError):
    """A card, move token, position string or deal code that does not parse."""


class RulesError(EngineError):
    """An unknown rules preset, key or value."""
