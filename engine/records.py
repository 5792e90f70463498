"""Game records: worked games and rulings as human-editable text that the engine replays exactly.

Modelled on ``chess.pgn``: tag pairs, then the moves with comments; here comments are the
annotations readers see (English, translated through PO catalogs), and *attempts* assert that
the engine judges a move exactly as written without making it. A record that does not replay
exactly as written raises ``EngineError`` with a one-line ``file:line: reason``.

The format (``examples/*/*.game``; see also ``examples/README.md``)::

    # Lines starting with # are notes for editors: never shown, never translated.
    [Game "scorpion"]
    [Title "The won game of the rules pages"]
    [Rules "classic"]
    [Position "kcac2s3DJHTH3S/… 5sah2s -"]
    [Result "won"]

    {An annotation before the first move belongs to the starting position.}
    1. 4H>7 +5 {4♥ goes onto 5♥ and carries 7♠ with it.}
    ?QH>4 empty-needs-king {An attempt: judged, asserted, never made.}
    2. deal
    3. undo

- **Tags** ``[Name "value"]``, one per line, before the moves (``\\"`` and ``\\\\`` escape):
  ``Game`` (required: ``scorpion`` or ``klondike``); the deal, exactly one of ``Code`` (a deal
  code, which carries its rules) and ``Position`` (a position string with the face-down cards in
  lower case); ``Rules`` (``preset[,key=value…]``; default the game's default; with ``Code`` it
  must agree with the code); ``Score`` (the score the position starts with; default the game's);
  ``Result`` (``won`` or ``*``: asserted after the last move); ``Title`` and, for a ruling,
  ``Ruling`` (its stable id, which is also the file's name) and ``Question``; ``Said``: the name
  a screen reader hears for the record's try-it board: a ruling's question with the cards in
  words, where the Question shows symbols (without it, the Question), or for a game what its
  try-it board shows (its deal, where the Title names the whole game). Title, Question and Said
  are translated like annotations;
  where a point comes from goes into ``#`` notes.
- **Moves**: the engine's move tokens (``4H>7``, ``deal``, ``undo``, ``draw``, ``KH>F`` …), any
  number per line, each optionally numbered (``12.``: the number of the frame it makes, checked)
  and optionally followed by the points it must earn (``+5``, ``+0``, ``-100``). Every move must
  be legal: a refused move is an error.
- **Attempts**: ``?TOKEN VERDICT [RULES:VERDICT …]``, on one line. A verdict is a reason id
  (``empty-needs-king``, ``same-suit`` …), ``legal``, or points (``+105``: legal, earning 105).
  The first verdict is under the record's rules; each ``RULES:VERDICT`` re-judges the same move
  in the same position under other rules (``wasp:legal``, ``traditional:reserve-not-stuck``), with
  the same score where those rules allow it (else with their starting score).
- **Annotations** ``{…}`` follow the move or attempt they explain and may span lines (their
  whitespace is normalised); one before the first move annotates the starting position.

Translation: every annotation, ``Title`` and ``Question`` is a msgid whose msgctxt is the
record's path from ``examples/`` on (``examples/scorpion/won.game``), in the site's catalogs
``locales/<lang>/LC_MESSAGES/docs-examples-<game>.po`` (``python -m hooks.catalogs extract``
finds them). Translation happens when the site is built: the page carries the translated texts
and the widgets never read a catalog; ``catalog_translator`` reads them for the build and for
the command line.

>>> record = Record.parse('[Game "scorpion"]\\n[Code "SC1-CLA-AAAAAAB"]\\n\\n1. deal {Dealt.}\\n', "x.game")
>>> [(f.index, f.move, f.annotation) for f in record.replay()]
[(0, None, None), (1, 'deal', 'Dealt.')]
>>> print(record.text(), end="")
[Game "scorpion"]
[Code "SC1-CLA-AAAAAAB"]
<BLANKLINE>
1. deal {Dealt.}
"""

from __future__ import annotations

import dataclasses
import re
import textwrap
from collections.abc import Callable
from pathlib import Path, PurePath
from typing import Any

from . import position, position_under
from .core import REASONS, Position, Verdict
from .errors import EngineError
from .games import GAMES, find
from .i18n import _CHECKOUT_LOCALES, LANGUAGES, compiled

Translate = Callable[[str, str], str]
"""``translate(msgctxt, msgid) -> text``: how annotations reach the reader's language."""

TAG_ORDER = ("Game", "Ruling", "Title", "Question", "Said", "Rules", "Code", "Position", "Score", "Result")
TRANSLATED_TAGS = ("Title", "Question", "Said")
RESULTS = ("won", "*")

_TAG = re.compile(r'\[(?P<name>[A-Za-z][A-Za-z0-9_]*)\s+"(?P<value>(?:[^"\\]|\\.)*)"\s*\]')
_NUMBER = re.compile(r"(?P<n>\d+)\.")
_POINTS = re.compile(r"[+-]\d+")
_REASON = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
_WORD = re.compile(r"[^\s{}#]+")


class RecordError(EngineError):
    """A record that does not parse or does not replay as written: ``file:line: reason``."""

    def __init__(self, filename: str, line: int, reason: str):
        super().__init__(f"{filename}:{line}: {reason}")
        self.filename, self.line, self.reason = filename, line, " ".join(str(reason).split())


# -- the data ------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Expected:
    """One asserted verdict: ``rules`` None means the record's own rules; ``verdict`` is
    ``legal``, points (``+5``) or a reason id."""

    rules: str | None
    verdict: str

    def __str__(self) -> str:
        return self.verdict if self.rules is None else f"{self.rules}:{self.verdict}"

    def matches(self, verdict: Verdict) -> bool:
        if self.verdict == "legal":
            return verdict.legal
        if _POINTS.fullmatch(self.verdict):
            return verdict.legal and verdict.points == int(self.verdict)
        return not verdict.legal and verdict.reason == self.verdict


@dataclasses.dataclass(frozen=True)
class Entry:
    """A move (``attempt`` False) or an attempt (``attempt`` True) with what it asserts."""

    token: str
    line: int
    attempt: bool = False
    number: int | None = None  # the move number as written (moves only)
    points: int | None = None  # asserted points (moves only)
    expected: tuple[Expected, ...] = ()  # attempts only; the first is under the record's rules
    annotation: str | None = None

    def text(self) -> str:
        if self.attempt:
            head = " ".join(["?" + self.token, *map(str, self.expected)])
        else:
            head = (f"{self.number}. " if self.number is not None else "") + self.token
            if self.points is not None:
                head += f" {self.points:+d}"
        return _brace(self.annotation, head) if self.annotation else head


@dataclasses.dataclass(frozen=True)
class Judgement:
    """An attempt as replayed: the verdict under each rule set it names (record's rules first)."""

    token: str
    line: int
    verdicts: tuple[tuple[str, Verdict], ...]  # (rules, verdict)
    annotation: str | None  # in the language asked for

    def as_dict(self, lang: str = "en") -> dict[str, Any]:
        return {"move": self.token, "line": self.line, "annotation": self.annotation, "verdicts": [
            {"rules": rules, "legal": v.legal, "points": v.points if v.legal else 0, "reason": v.reason,
             "message": v.message(lang)} for rules, v in self.verdicts]}


@dataclasses.dataclass(frozen=True)
class Frame:
    """One position of a replay: frame 0 is the start, frame n follows the n-th move."""

    index: int
    move: str | None  # the token that led here (None for the start)
    line: int  # the record line of that move (of the deal tag for the start)
    points: int  # what the move earned (an undo: minus what it took back)
    position: str  # the position string, face-down cards included
    score: int
    score_text: str  # as the app shows it, in the language asked for
    won: bool
    description: str  # the engine's description, in the language asked for
    annotation: str | None  # in the language asked for (English when not translated)
    attempts: tuple[Judgement, ...] = ()  # attempts judged in this position

    def as_dict(self, lang: str = "en") -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["attempts"] = [a.as_dict(lang) for a in self.attempts]
        return d


@dataclasses.dataclass
class Record:
    """A parsed record. ``Record.parse(text, filename)`` / ``Record.load(path)``; ``text()`` writes
    it back (editor comments other than the leading ones are not kept); ``replay()`` checks it."""

    tags: dict[str, str]
    entries: list[Entry]
    filename: str = "<record>"
    start_annotation: str | None = None
    comments: list[str] = dataclasses.field(default_factory=list)  # the leading "#" lines
    tag_lines: dict[str, int] = dataclasses.field(default_factory=dict)

    # -- reading and writing -------------------------------------------------------------------
    @classmethod
    def load(cls, path: str | Path) -> Record:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as e:
            raise EngineError(f"{path}: cannot read the record ({e.strerror or e})") from None
        except UnicodeDecodeError:
            raise EngineError(f"{path}: cannot read the record (not UTF-8 text)") from None
        return cls.parse(text, str(path))

    @classmethod
    def parse(cls, text: str, filename: str = "<record>") -> Record:
        return _Parser(text, filename).record()

    def text(self) -> str:
        """The record as text, canonical: tags in a fixed order, one move or attempt per line."""
        out = [f"# {c}".rstrip() if c else "#" for c in self.comments]
        order = sorted(self.tags, key=lambda t: TAG_ORDER.index(t))
        out += [f'[{name} "{_escape(self.tags[name])}"]' for name in order]
        out.append("")
        if self.start_annotation:
            out.append(_brace(self.start_annotation))
        out += [e.text() for e in self.entries]
        return "\n".join(out) + "\n"

    __str__ = text

    # -- what it holds -------------------------------------------------------------------------
    @property
    def game(self) -> str:
        return self.tags["Game"]

    @property
    def context(self) -> str:
        """The msgctxt of its texts: the path from ``examples/`` on (or the file name)."""
        parts = PurePath(self.filename.replace("\\", "/")).parts
        if "examples" in parts:
            i = len(parts) - 1 - parts[::-1].index("examples")
            return "/".join(parts[i:])
        return PurePath(self.filename).name

    @property
    def ruling(self) -> str | None:
        return self.tags.get("Ruling")

    @property
    def moves(self) -> list[str]:
        """The tokens of the moves made (attempts left out), as the widgets and ``--json`` want them."""
        return [e.token for e in self.entries if not e.attempt]

    def messages(self) -> list[tuple[str, int, str]]:
        """The texts to translate: (msgid, line, what it is), Title and Question first."""
        found = [(self.tags[t], self.tag_lines.get(t, 1), t.lower()) for t in TRANSLATED_TAGS if self.tags.get(t)]
        if self.start_annotation:
            found.append((self.start_annotation, self._start_annotation_line, "annotation of the start"))
        number = 0
        for e in self.entries:
            number += not e.attempt
            if e.annotation:
                what = f"attempt ?{e.token}" if e.attempt else f"move {number}. {e.token}"
                what = "annotation of the " + what
                found.append((e.annotation, e.line, what))
        return found

    _start_annotation_line: int = 1

    def start_position(self) -> Position:
        """The starting position (a fresh object each time)."""
        line = self.tag_lines.get("Code") or self.tag_lines.get("Position") or 1
        score = self.tags.get("Score")
        try:
            return position(self.game, self.tags.get("Position"), rules=self.tags.get("Rules"),
                            code=self.tags.get("Code"), score=int(score) if score is not None else None)
        except EngineError as e:
            raise self.error(line, e.message) from None

    def translated(self, msgid: str | None, translate: Translate | None) -> str | None:
        if not msgid or translate is None:
            return msgid
        return translate(self.context, msgid)

    def title(self, translate: Translate | None = None) -> str | None:
        return self.translated(self.tags.get("Title"), translate)

    def question(self, translate: Translate | None = None) -> str | None:
        return self.translated(self.tags.get("Question"), translate)

    def said(self, translate: Translate | None = None) -> str | None:
        """The try-it board's name as a screen reader hears it (``Said``), else the question."""
        return self.translated(self.tags.get("Said"), translate) or self.question(translate)

    def error(self, line: int, reason: str) -> RecordError:
        return RecordError(self.filename, line, reason)

    # -- replaying -----------------------------------------------------------------------------
    def replay(self, lang: str = "en", translate: Translate | None = None, describe: bool = True) -> list[Frame]:
        """Replay and check every move, attempt and the result; the frames, texts in ``lang``.

        ``translate`` gives the annotations in ``lang`` (see ``catalog_translator``); without it
        they stay in English. ``describe=False`` leaves the frames' descriptions empty. Any mismatch
        raises ``RecordError`` (``file:line: reason``).
        """
        return self._play(lang, translate, describe)

    def localized(self, frames: list[Frame], lang: str, translate: Translate | None,
                  describe: bool = True) -> list[Frame]:
        """``frames`` (replayed in English, with no translation and no descriptions) with their texts
        in ``lang``: what ``replay(lang, translate, describe)`` gives, without playing the moves again.
        Score texts stay: the app shows scores the same way in every language (625, +$208)."""
        rules = str(self.start_position().rules) if describe else None
        out = []
        for f in frames:
            attempts = tuple(dataclasses.replace(a, annotation=self.translated(a.annotation, translate))
                             for a in f.attempts)
            text = self._describe(f.position, rules, lang) if rules is not None else ""
            out.append(dataclasses.replace(f, annotation=self.translated(f.annotation, translate),
                                           description=text, attempts=attempts))
        return out

    def _describe(self, position_text: str, rules: str, lang: str) -> str:
        return position(self.game, position_text, rules=rules).describe(lang)

    def _play(self, lang: str, translate: Translate | None, describe: bool) -> list[Frame]:
        pos = self.start_position()
        start_line = self.tag_lines.get("Code") or self.tag_lines.get("Position") or 1
        frames: list[Frame] = []
        pending: list[Judgement] = []
        state: dict[str, Any] = dict(move=None, line=start_line, points=0, note=self.start_annotation)

        def close_frame() -> None:
            frames.append(Frame(
                index=len(frames), move=state["move"], line=state["line"], points=state["points"],
                position=str(pos), score=pos.score, score_text=pos.score_text(lang), won=pos.is_won(),
                description=pos.describe(lang) if describe else "",
                annotation=self.translated(state["note"], translate),
                attempts=tuple(pending),
            ))
            pending.clear()

        for entry in self.entries:
            if entry.attempt:
                pending.append(self._judge(pos, entry, lang, translate))
                continue
            close_frame()
            if entry.number is not None and entry.number != len(frames):
                raise self.error(entry.line, f"{entry.number}. {entry.token}: this is move {len(frames)}")
            try:
                token, verdict = pos.play(entry.token)
            except EngineError as e:
                raise self.error(entry.line, e.message) from None
            if not verdict.legal:
                raise self.error(entry.line, f"{token}: refused ({verdict.reason}): {verdict.message('en')}")
            if entry.points is not None and verdict.points != entry.points:
                raise self.error(entry.line, f"{token}: earns {verdict.points:+d}, not {entry.points:+d}")
            state.update(move=token, line=entry.line, points=verdict.points, note=entry.annotation)
        close_frame()
        result = self.tags.get("Result")
        if result is not None:
            won = frames[-1].won
            if (result == "won") != won:
                line = self.tag_lines.get("Result", 1)
                raise self.error(line, f'[Result "{result}"] but the game is {"won" if won else "not won"} '
                                       "after the last move")
        return frames

    def _judge(self, pos: Position, entry: Entry, lang: str, translate: Translate | None) -> Judgement:
        verdicts = []
        for exp in entry.expected:
            if exp.rules is None:
                judge, rules = pos, str(pos.rules)
            else:
                try:
                    judge = position_under(self.game, str(pos), exp.rules, pos.score, dollars=pos.scored_in_dollars())
                except EngineError as e:
                    raise self.error(entry.line, f"?{entry.token} under {exp.rules}: {e.message}") from None
                rules = exp.rules
            try:
                verdict = judge.check_token(entry.token)
            except EngineError as e:
                raise self.error(entry.line, e.message) from None
            if not exp.matches(verdict):
                got = (f"legal ({verdict.points:+d})" if verdict.legal
                       else f"refused ({verdict.reason}): {verdict.message('en')}")
                raise self.error(entry.line, f"?{entry.token} under {rules}: expected {exp.verdict}, got {got}")
            verdicts.append((rules, verdict))
        return Judgement(entry.token, entry.line, tuple(verdicts), self.translated(entry.annotation, translate))


# -- the parser ----------------------------------------------------------------------------------


class _Parser:
    def __init__(self, text: str, filename: str):
        self.text = text
        self.filename = filename

    def fail(self, line: int, reason: str) -> RecordError:
        return RecordError(self.filename, line, reason)

    def record(self) -> Record:
        tags: dict[str, str] = {}
        tag_lines: dict[str, int] = {}
        comments: list[str] = []
        lines = self.text.splitlines()
        body = len(lines)
        for n, raw in enumerate(lines):
            stripped = raw.strip()
            if stripped.startswith("#"):
                if not tags and len(comments) == n:
                    comments.append(stripped[1:].removeprefix(" "))
                continue
            if not stripped:
                continue
            if not stripped.startswith("["):
                body = n
                break
            m = _TAG.fullmatch(stripped)
            if not m:
                raise self.fail(n + 1, f'malformed tag {stripped[:40]!r} (expected [Name "value"])')
            name, value = m["name"], _unescape(m["value"])
            if name not in TAG_ORDER:
                raise self.fail(n + 1, f"unknown tag {name!r} (expected one of {', '.join(TAG_ORDER)})")
            if name in tags:
                raise self.fail(n + 1, f"tag {name} given twice (first on line {tag_lines[name]})")
            tags[name], tag_lines[name] = value, n + 1
        self._check_tags(tags, tag_lines)
        find(tags["Game"])  # the game's module, imported on first use, registers its reason ids
        entries: list[Entry] = []
        start_note = self._entries(self._lex(lines, body), entries)
        record = Record(tags, entries, self.filename, start_note[0] if start_note else None, comments, tag_lines)
        if start_note:
            record._start_annotation_line = start_note[1]
        return record

    def _lex(self, lines: list[str], first: int) -> list[tuple[str, str, int]]:
        """The movetext as (kind, text, line) words: ``word``, ``note`` (an annotation, whitespace
        normalised, at the line where it opens) and ``eol`` (the end of a line outside annotations)."""
        out: list[tuple[str, str, int]] = []
        note: tuple[int, list[str]] | None = None
        value: int | None = None  # the line where a value {{ … }} inside the annotation opened
        for lineno, raw in enumerate(lines[first:], first + 1):
            at = 0
            while at < len(raw):
                if note is not None:
                    end, value = self._note_end(raw, at, lineno, value)
                    note[1].append(raw[at:] if end < 0 else raw[at:end])
                    if end < 0:
                        break
                    text = " ".join(" ".join(note[1]).split())
                    if not text:
                        raise self.fail(note[0], "empty annotation {}")
                    out.append(("note", text, note[0]))
                    note, at = None, end + 1
                    continue
                ch = raw[at]
                if ch.isspace():
                    at += 1
                elif ch == "#":
                    break
                elif ch == "{":
                    note, at = (lineno, []), at + 1
                elif ch == "}":
                    raise self.fail(lineno, "} without an opening {")
                elif ch == "[":
                    raise self.fail(lineno, "tags go before the moves")
                else:
                    m = _WORD.match(raw, at)
                    assert m
                    out.append(("word", m.group(), lineno))
                    at = m.end()
            if note is None:
                out.append(("eol", "", lineno))
            else:
                note[1].append("\n")
        if value is not None:
            raise self.fail(value, "value {{ is never closed with }}")
        if note is not None:
            raise self.fail(note[0], "annotation { is never closed with }")
        return out

    def _note_end(self, raw: str, at: int, lineno: int, value: int | None) -> tuple[int, int | None]:
        """Where the annotation open at ``raw[at]`` ends on this line (-1: it goes on), stepping over
        values ``{{ … }}`` (``value``: the line where one still open began)."""
        while True:
            if value is not None:
                close = raw.find("}}", at)
                if close < 0:
                    return -1, value
                at, value = close + 2, None
            brace = min((i for i in (raw.find("{", at), raw.find("}", at)) if i >= 0), default=-1)
            if brace < 0 or raw[brace] == "}":
                return brace, None
            if not raw.startswith("{{", brace):
                raise self.fail(lineno, "{ inside an annotation: annotations do not nest "
                                        "(a value is written {{ … }})")
            at, value = brace + 2, lineno

    def _entries(self, words: list[tuple[str, str, int]], entries: list[Entry]) -> tuple[str, int] | None:
        """Fill ``entries`` from the words; returns the start annotation (text, line), if any."""
        start_note = None
        k = 0
        while k < len(words):
            kind, text, line = words[k]
            k += 1
            if kind == "eol":
                continue
            if kind == "note":
                if not entries:
                    if start_note is not None:
                        raise self.fail(line, "two annotations in a row (join them into one)")
                    start_note = (text, line)
                    continue
                last = entries[-1]
                if last.annotation is not None:
                    raise self.fail(line, "two annotations in a row (join them into one)")
                entries[-1] = dataclasses.replace(last, annotation=text)
                continue
            if text.startswith("?"):
                token = text[1:]
                if not token:
                    raise self.fail(line, "? must be followed by the attempted move (?QH>4 empty-needs-king)")
                expected: list[Expected] = []
                while k < len(words) and words[k][0] == "word":
                    expected.append(self._expected(words[k][1], words[k][2], bool(expected)))
                    k += 1
                if not expected:
                    raise self.fail(line, f"?{token}: give the expected verdict on the same line "
                                          "(a reason id such as empty-needs-king, legal, or points such as +5)")
                entries.append(Entry(token, line, attempt=True, expected=tuple(expected)))
                continue
            number = None
            m = _NUMBER.fullmatch(text)
            if m:
                number = int(m["n"])
                if k >= len(words) or words[k][0] != "word":
                    raise self.fail(line, f"move number {text} without a move after it")
                kind, text, line = words[k]
                k += 1
            if text.startswith(("+", "-")):
                raise self.fail(line, f"points {text} must follow a move")
            points = None
            if k < len(words) and words[k][0] == "word" and _POINTS.fullmatch(words[k][1]):
                points = int(words[k][1])
                k += 1
            entries.append(Entry(text, line, number=number, points=points))
        return start_note

    def _expected(self, text: str, line: int, later: bool) -> Expected:
        rules, sep, verdict = text.rpartition(":")
        if sep and not rules:
            raise self.fail(line, f"verdict {text!r}: the rules before ':' are missing")
        if not sep and later:
            raise self.fail(line, f"verdict {text!r}: after the first verdict, name the rules (wasp:{text})")
        if sep and not later:
            raise self.fail(line, f"verdict {text!r}: the first verdict is under the record's rules; "
                                  "write it without rules")
        if verdict == "legal" or _POINTS.fullmatch(verdict):
            pass
        elif _REASON.fullmatch(verdict):
            if verdict not in REASONS:
                raise self.fail(line, f"unknown reason id {verdict!r} (known: {', '.join(sorted(REASONS))})")
        else:
            raise self.fail(line, f"verdict {verdict!r} is not a reason id, legal, or points (+5)")
        return Expected(rules or None, verdict)

    def _check_tags(self, tags: dict[str, str], tag_lines: dict[str, int]) -> None:
        if "Game" not in tags:
            raise self.fail(1, " or ".join(f'[Game "{game}"]' for game in GAMES) + " is required")
        if tags["Game"] not in GAMES:
            raise self.fail(tag_lines["Game"], f"unknown game {tags['Game']!r} (expected one of {', '.join(GAMES)})")
        if ("Code" in tags) == ("Position" in tags):
            line = tag_lines.get("Position", tag_lines.get("Code", tag_lines["Game"]))
            raise self.fail(line, "give the deal as exactly one of [Code …] and [Position …]")
        if "Score" in tags and not re.fullmatch(r"[+-]?\d+", tags["Score"]):
            raise self.fail(tag_lines["Score"], f"[Score {tags['Score']!r}] is not a whole number")
        if "Result" in tags and tags["Result"] not in RESULTS:
            raise self.fail(tag_lines["Result"], f"[Result {tags['Result']!r}]: expected won or *")
        ruling = tags.get("Ruling")
        if ruling is not None:
            if not _REASON.fullmatch(ruling):
                raise self.fail(tag_lines["Ruling"], f"ruling id {ruling!r}: lower-case words joined by hyphens")
            stem = PurePath(self.filename).stem
            if self.filename.endswith(".game") and stem != ruling:
                raise self.fail(tag_lines["Ruling"], f"ruling id {ruling!r} differs from the file name {stem!r}")
            if "Question" not in tags:
                raise self.fail(tag_lines["Ruling"], "a ruling needs its [Question …]")


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _brace(text: str, head: str = "", width: int = 100) -> str:
    """``head {text}``, the annotation wrapped to ``width`` on indented lines (whitespace is
    normalised when read); ``head`` stays whole on the first line."""
    kept = re.sub(r"\{\{.*?\}\}", lambda m: m.group().replace(" ", "\0"), text)  # a value stays on one line
    return textwrap.fill("{" + kept + "}", width=width, initial_indent=head + " " if head else "",
                         subsequent_indent="    ", break_long_words=False, break_on_hyphens=False).replace("\0", " ")


# -- translations --------------------------------------------------------------------------------


CATALOG_PREFIX = "docs-examples-"
"""The records' catalogs are the site's (``hooks.catalogs`` extracts, updates and checks them):
``locales/<lang>/LC_MESSAGES/docs-examples-<game>.po``."""


def catalog_path(lang: str, game: str, locales: Path | None = None) -> Path:
    return (locales or _CHECKOUT_LOCALES) / lang / "LC_MESSAGES" / f"{CATALOG_PREFIX}{game}.po"


def catalog_translator(lang: str, game: str, locales: Path | None = None) -> Translate:
    """``translate(msgctxt, msgid)`` from ``locales/<lang>/LC_MESSAGES/docs-examples-<game>.po``
    (its compiled MO file, as ``engine.i18n.compiled`` reads it); missing or fuzzy entries (or a
    missing catalog) give the English text."""
    if lang not in LANGUAGES:
        raise EngineError(f"unknown language {lang!r} (expected one of {', '.join(LANGUAGES)})")
    catalog = compiled(catalog_path(lang, game, locales))
    if catalog is None:
        return lambda context, msgid: msgid
    return catalog.pgettext


def load(path: str | Path) -> Record:
    return Record.load(path)



__all__ = ["Entry", "Expected", "Frame", "Judgement", "Record", "RecordError", "Translate",
           "catalog_path", "catalog_translator", "load"]
