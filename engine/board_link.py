"""The analysis board's links: the whole board in the URL fragment (DESIGN.md §5.1).

    #game=scorpion&code=SC1-CLA-AAAAAAG&rules=classic&moves=4H%3E7,deal

Keys, in this order: ``game``; ``code`` (a deal code) or ``position`` (a position string, §3.2);
``rules`` (``preset[,key=value…]``, §3.4); ``score`` (the score the start has, when it is not the
rules' own); ``moves`` (move tokens, §3.3, joined by commas). Each value is percent-encoded.
``write`` makes a fragment, ``read`` reads one a reader brought.

Reading is strict, because a link comes from anywhere: the fragment may have at most
``MAX_LENGTH`` characters; every part is ``key=value`` with a known key, given once, its value
percent-encoded UTF-8 with no character a code, a position, a rule set, a score or a move can
hold (a Cyrillic С in ``SC1``, a fullwidth digit, ``<``). The first part that breaks a rule is a
``LinkProblem`` that names it in the reader's language; nothing of the fragment is returned as
markup. What the values mean (is the code a deal, is move 3 legal?) is the board's to judge
(``engine.web.AnalysisSession``), with the texts of ``LinkProblem`` too.

>>> write("scorpion", code="SC1-CLA-AAAAAAG", rules="classic", moves=["4H>7", "deal"])
'game=scorpion&code=SC1-CLA-AAAAAAG&rules=classic&moves=4H%3E7,deal'
>>> read("#game=scorpion&code=SC1-CLA-AAAAAAG&rules=classic&moves=4H%3E7,deal").moves
['4H>7', 'deal']
>>> read("game=scorpion&code=%D0%A1C1-CLA-AAAAAAG")
Traceback (most recent call last):
...
engine.board_link.LinkProblem: The link's part “code=” contains С (U+0421), a character it cannot hold.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any

from .i18n import N_, number, translator

MAX_LENGTH = 16_384
"""The longest fragment read (a Klondike game of a thousand moves fits several times)."""
MAX_MOVES = 2_000
MAX_SCORE = 1_000_000
KEYS = ("game", "code", "position", "rules", "score", "moves")
QUOTED = 24  # how much of a bad part is quoted back to the reader

# What each value may hold (ASCII): any other character is named to the reader.
_ALLOWED = {
    "game": frozenset("abcdefghijklmnopqrstuvwxyz0123456789-"),
    "code": frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-"),
    "position": frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/ -"),
    "rules": frozenset("abcdefghijklmnopqrstuvwxyz0123456789-=,"),
    "score": frozenset("0123456789-"),
    "moves": frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789>:,"),
}
# Written as they are in a fragment: the unreserved characters, and / and : (RFC 3986).
_PLAIN = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/:")
_HEX = frozenset("0123456789abcdefABCDEF")

_TEXTS = {
    "too-long": N_("link", "This link is too long to open: it has {length} characters, and a board link has at most "
                           "{limit}."),
    "not-pair": N_("link", "The part “{part}” of the link is not of the form key=value."),
    "unknown-key": N_("link", "The link has a part “{key}=” that the board does not know; its parts are game, code, "
                              "position, rules, score and moves."),
    "twice": N_("link", "The link gives the part “{key}=” twice."),
    "encoding": N_("link", "The link's part “{key}=” is not correctly percent-encoded."),
    "character": N_("link", "The link's part “{key}=” contains {char}, a character it cannot hold."),
    "game": N_("link", "The link names the game “{value}”, which the board does not know; its games are {games}."),
    "no-start": N_("link", "The link gives neither a deal code nor a position."),
    "no-game": N_("link", "The link gives a position but does not say which game it is of."),
    "two-starts": N_("link", "The link gives both a deal code and a position; a game starts from one of them."),
    "code": N_("link", "The link's deal code “{value}” is not a code of this game; a code looks like {example}."),
    "position": N_("link", "The link's position is not a valid position of this game under these rules."),
    "rules": N_("link", "The link's rules “{value}” are not rules of this game; its rule sets are {presets}."),
    "rules-misfit": N_("link", "The link's rules “{value}” do not fit its deal or position."),
    "score": N_("link", "The link's score “{value}” is not a score these rules can start from."),
    "too-many-moves": N_("link", "The link has more moves than the board plays: at most {limit}."),
    "move": N_("link", "Move {n} of the link (“{token}”) is not a move of this game."),
    "move-refused": N_("link", "Move {n} of the link (“{token}”) is refused. {reason}."),
}


def say(text: str, lang: str = "en", **values: Any) -> str:
    """A link text in ``lang``, its placeholders filled (the values are not escaped: text, not markup)."""
    return translator(lang).pgettext("link", _TEXTS[text]).format(**values)


class LinkProblem(ValueError):
    """A part of a link that the board cannot use: ``part`` (its key, or ``fragment`` for the whole),
    ``text`` (which sentence says so) and its ``values``; ``message(lang)`` says it in the reader's
    language."""

    def __init__(self, part: str, text: str, /, **values: Any):
        self.part, self.text, self.values = part, text, values
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        values = {k: number(v, lang) if isinstance(v, int) and k in ("length", "limit") else v
                  for k, v in self.values.items()}
        return say(self.text, lang, **values)


@dataclasses.dataclass
class Link:
    """What a fragment says, each value as it was written (percent-decoded); None where not given."""

    game: str | None = None
    code: str | None = None
    position: str | None = None
    rules: str | None = None
    score: str | None = None
    moves: list[str] | None = None

    @property
    def empty(self) -> bool:
        return all(getattr(self, key) is None for key in KEYS)


def quoted(text: str) -> str:
    """A bad part of a link as the reader is shown it: its first ``QUOTED`` characters."""
    return text if len(text) <= QUOTED else text[:QUOTED] + "…"


def read(fragment: str, length: int | None = None) -> Link:
    """The link in ``fragment`` (with or without its ``#``); ``length``: the fragment's full length when
    the page sent only its beginning. A part that breaks the rules raises ``LinkProblem``."""
    if not isinstance(fragment, str):
        raise LinkProblem("fragment", "not-pair", part="")
    text = fragment[1:] if fragment.startswith("#") else fragment
    full = max(len(text), length or 0)
    if full > MAX_LENGTH:
        raise LinkProblem("fragment", "too-long", length=full, limit=MAX_LENGTH)
    link = Link()
    given: set[str] = set()
    for part in text.split("&"):
        if not part:
            continue  # a & too many
        key, eq, raw = part.partition("=")
        if not eq:
            raise LinkProblem("fragment", "not-pair", part=quoted(_shown(part)))
        if key not in KEYS:
            raise LinkProblem("fragment", "unknown-key", key=quoted(_shown(key)))
        if key in given:
            raise LinkProblem(key, "twice", key=key)
        given.add(key)
        value = _decode(raw, key)
        for ch in value:
            if ch not in _ALLOWED[key]:
                raise LinkProblem(key, "character", key=key, char=character(ch))
        if key == "moves":
            link.moves = [token for token in value.split(",") if token]
            if len(link.moves) > MAX_MOVES:
                raise LinkProblem(key, "too-many-moves", limit=MAX_MOVES)
        else:
            setattr(link, key, value)
    return link


def write(game: str, *, code: str | None = None, position: str | None = None, rules: str | None = None,
          score: int | None = None, moves: list[str] | tuple[str, ...] = ()) -> str:
    """The fragment (without its ``#``) of a board: ``game``, the start (``code`` or ``position``),
    ``rules``, ``score`` (only when given) and ``moves``, each percent-encoded."""
    parts = [("game", _encode(game)),
             ("code", _encode(code)) if code is not None else ("position", _encode(position or ""))]
    if rules:
        parts.append(("rules", _encode(rules)))
    if score is not None:
        parts.append(("score", str(score)))
    if moves:
        parts.append(("moves", ",".join(_encode(token) for token in moves)))
    return "&".join(f"{key}={value}" for key, value in parts)


def character(ch: str) -> str:
    """A character as the reader is told about it: ``С (U+0421)``; an invisible one by its code alone."""
    code = f"U+{ord(ch):04X}"
    return f"{ch} ({code})" if ch.isprintable() and not ch.isspace() else code


def _shown(text: str) -> str:
    """A raw part as it may be shown: percent-decoded where that works (so the reader sees what they
    typed), with invisible characters replaced."""
    try:
        text = _decode(text, "")
    except LinkProblem:
        pass
    return "".join(ch if ch.isprintable() else "\ufffd" for ch in text)


def _decode(raw: str, key: str) -> str:
    """Percent-decoding, strictly: every ``%`` starts two hex digits, and the bytes are UTF-8."""
    out = bytearray()
    i = 0
    while i < len(raw):
        ch = raw[i]
        if ch == "%":
            pair = raw[i + 1 : i + 3]
            if len(pair) != 2 or not all(c in _HEX for c in pair):
                raise LinkProblem(key, "encoding", key=key)
            out.append(int(pair, 16))
            i += 3
        else:
            out += ch.encode("utf-8", "surrogatepass")
            i += 1
    try:
        return out.decode("utf-8")
    except UnicodeDecodeError:
        raise LinkProblem(key, "encoding", key=key) from None


@lru_cache(maxsize=1024)
def _encode(value: str) -> str:
    """Percent-encoding (kept: a link is written again after every move, with the moves before it)."""
    return "".join(ch if ch in _PLAIN else "".join(f"%{b:02X}" for b in ch.encode("utf-8")) for ch in value)


__all__ = ["KEYS", "MAX_LENGTH", "MAX_MOVES", "Link", "LinkProblem", "character", "quoted", "read", "say", "write"]
