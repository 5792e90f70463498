"""No text a widget or the engine shows is a sentence glued from pieces (issue 16).

Every sentence is one catalog entry with named placeholders, so that each language orders and
inflects it whole: "Try tapping {card}", not "Try {move}" + "tap 2♥" (which gave the Catalan
«Prova tocar 2♥» and the Russian «Попробовать: касание: 2♥»). These tests read the real catalogs
with every answer marked, invisibly, with the entry it came from (``marked``: the translator's
gettext catalogs wrapped, nothing of the engine replaced), drive the real widget sessions and
descriptions through every kind of move, verdict and position in every language, and then read
the texts they show as a tree of entries:

- an entry's placeholder holds another entry's text only when that text is a name (a card, a rank, a
  suit, a rule set), an amount ("+5 points", "+5 $"), one of the app's messages standing as a
  sentence or a quotation of its own, or one of the description's listed parts (``COMPOSED``: the
  seeds' "column 1: 3 face-down cards, then …");
- entries the code puts side by side are separated only as list items (``, ``, ``; ``) or as
  sentences (``. ``, and then the next one starts with a capital): never by a colon, a bare space or
  words typed in the code;
- a description, a message, a move in the move list and a button start with a capital;
- a message's sentence has at most one colon outside quotation marks ("refused: Rule: …" was two).
"""

from __future__ import annotations

import gettext
import json
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest
from seeds import LANGUAGES, SEED_DEAL

import engine
from engine import render, web
from engine.i18n import translator

OPEN, CLOSE, SEP, ZERO, ONE = "\u2061", "\u2063", "\u2060", "\u2062", "\u2064"  # invisible format characters

NAMES = {"card", "rank", "rank|acc", "rank|gen", "rank|dat", "rank|ins", "rank|pre", "suit|card", "suit|name",
         "preset", "draw mode", "scoring mode", "rules-name",
         "list"}  # a list of names (render.list_text: CLDR's list patterns, each a whole list) stands as a name
AMOUNTS = {"points", "dollars", "dollars|spoken"}  # an amount, shown or said in words
SENTENCES = {"reason"}  # the app's messages: whole sentences (and a game's own wording, "reason|scorpion")
COMPOSED = {  # the descriptions' parts (DESIGN.md §3.7, the seeds' lines), listed once
    ("{label}: {content}", "column {n}"), ("{label}: {content}", "empty"),
    ("{label}: {content}", "{hidden}, then {cards}"), ("{hidden}, then {cards}", "{n} face-down card"),
}
DESCRIPTION_CONTEXTS = {"column", "tableau"}
SPOKEN_COMPOSED = {("attempt|spoken", "move|spoken")}  # "Try: {move}", the move said in words after a label


@dataclass
class Entry:
    """A catalog entry's text as shown, with the entries its placeholders hold."""

    context: str | None
    msgid: str
    parts: list = field(default_factory=list)  # str and Entry, in order

    def text(self) -> str:
        return "".join(p if isinstance(p, str) else p.text() for p in self.parts)

    def entries(self) -> list[Entry]:
        return [p for p in self.parts if isinstance(p, Entry)]

    def __repr__(self) -> str:
        return f"[{self.context}] {self.msgid!r}"


class Marking(gettext.NullTranslations):
    """The real catalogs; each answer wrapped in invisible marks naming its entry (``SEEN``)."""

    def __init__(self, chain: gettext.NullTranslations):
        super().__init__()
        self.chain = chain

    def _mark(self, context: str | None, msgid: str, text: str) -> str:
        SEEN.append((context, msgid))
        bits = format(len(SEEN) - 1, "b").replace("0", ZERO).replace("1", ONE)
        return f"{OPEN}{bits}{SEP}{text}{CLOSE}"

    def gettext(self, message):
        return self._mark(None, message, self.chain.gettext(message))

    def pgettext(self, context, message):
        return self._mark(context, message, self.chain.pgettext(context, message))

    def ngettext(self, msgid1, msgid2, n):
        return self._mark(None, msgid1, self.chain.ngettext(msgid1, msgid2, n))

    def npgettext(self, context, msgid1, msgid2, n):
        return self._mark(context, msgid1, self.chain.npgettext(context, msgid1, msgid2, n))


SEEN: list[tuple[str | None, str]] = []


@contextmanager
def marking():
    """Every language's translator answering through ``Marking`` (its card names made again); the
    renderer's kept texts emptied before and after, so no marked text outlives it."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        for lang in LANGUAGES:
            t = translator(lang)
            monkeypatch.setattr(t, "_chain", Marking(t._chain))
            monkeypatch.setattr(t, "_cards", {})  # its card names, asked again through the marking chain
        render.clear_caches()
        try:
            yield
        finally:
            render.clear_caches()


@pytest.fixture
def marked():
    with marking():
        yield


def parse(text: str) -> Entry:
    """The marked ``text`` as a tree: the root (context None, msgid "") holds the code's own text."""
    stack = [Entry(None, "")]
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == OPEN:
            end = text.index(SEP, i)
            n = int(text[i + 1:end].replace(ZERO, "0").replace(ONE, "1"), 2)
            stack.append(Entry(*SEEN[n]))
            i = end + 1
            continue
        if ch == CLOSE:
            done = stack.pop()
            stack[-1].parts.append(done)
        elif stack[-1].parts and isinstance(stack[-1].parts[-1], str):
            stack[-1].parts[-1] += ch
        else:
            stack[-1].parts.append(ch)
        i += 1
    assert len(stack) == 1, f"unbalanced marks in {text!r}"
    return stack[0]


def plain(text: str) -> str:
    """What a reader sees: the marks left out."""
    return re.sub(f"{OPEN}[{ZERO}{ONE}]*{SEP}|{CLOSE}", "", text)


# -- what the widgets and the engine show --------------------------------------------------------------------


class Texts(HTMLParser):
    """A widget's HTML as texts: every attribute value (the JSON ones read), and the text between tags,
    each tag a line break (the texts of two elements are never one sentence)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.body: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.body.append("\n")
        for _, value in attrs:
            if value and value[:1] in "{[":
                self.found.extend(strings(json.loads(value)))
            elif value:
                self.found.append(value)

    def handle_endtag(self, tag):
        self.body.append("\n")

    def handle_data(self, data):
        self.body.append(data)


def strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def html_texts(markup: str) -> list[str]:
    parser = Texts()
    parser.feed(markup)
    return [*parser.found, "".join(parser.body)]


@dataclass
class Shown:
    """Everything shown, by role: ``starts`` are texts that start a sentence (descriptions, messages,
    moves, buttons), ``messages`` the messages; ``all`` every text (HTML taken apart)."""

    all: list[str] = field(default_factory=list)
    starts: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)

    def frame(self, frame: dict) -> None:
        for key, value in frame.items():
            if key == "board":
                self.all.extend(html_texts(value))
            elif key in ("description", "message", "message_said") and value:  # the message shown and said
                self.all.append(value)
                self.starts.append(value)
                if key != "description":
                    self.messages.append(value)
            elif key == "pick":  # the names of the page script's texts a picked card shows (``client_texts``)
                continue
            elif key == "moves" and isinstance(value, list):
                self.all.extend(value)
                self.starts.extend(value)
            else:  # the analysis board's panels come as markup: its move list, verdicts, the solver's line
                for text in strings(value):
                    self.all.extend(html_texts(text) if text.startswith("<") else [text])
                    self.rows(text)
                    self.starts += [piece for m in re.finditer(r"<button[^>]*>(.*?)</button>", text)
                                    for piece in re.split(r"<[^>]*>", m.group(1)) if piece.strip()]
        if frame.get("verdicts_summary"):
            self.messages.append(frame["verdicts_summary"])

    def rows(self, markup: str) -> None:
        """A verdict table's rows: each is a message of its own."""
        for m in re.finditer(r'<li data-rules[^>]*>(.*?)</li>', markup):
            self.messages.append(re.sub(r"<[^>]*>", "", m.group(1)))

    def steps(self, session: web.Session, *steps: tuple[str, ...]) -> None:
        """Each step (a session's method and its argument) played, and the frame it answers shown."""
        for name, *args in steps:
            self.frame(getattr(session, name)(*args))

    def widget(self, session: web.Session) -> None:
        frame = session.frame(full=True)
        self.frame(frame)
        markup = session.widget("w", {}, frame)
        self.all.extend(html_texts(markup))
        for m in re.finditer(r'<button[^>]*data-action="attempt"[^>]*>(.*?)</button>', markup):
            # shown and said (``move_content``): each part starts as a sentence
            self.starts += [piece for piece in re.split(r"<[^>]*>", m.group(1)) if piece.strip()]
        self.rows(markup)


def klondike_tokens(pos) -> dict[str, str]:
    """One token of each kind of move that is legal in ``pos`` (a tap or double tap that does something)."""
    found: dict[str, str] = {}
    for move in pos.legal_moves():
        token = pos.move_token(move)
        kind = render.move_parts(token)[0]
        found.setdefault(kind, token)
    ends = [col[-1] for col in pos.cols if col] + pos.waste[-1:]
    for kind in ("tap", "dtap"):
        for c in ends:
            token = f"{kind}:{engine.cards.card_token(c)}"
            if pos.check_token(token).legal:
                found.setdefault(kind, token)
    return found


def recycle_at_100() -> str:
    """A Klondike position whose stock is spent (the waste holds it), to be turned over at a score of 100."""
    used = {engine.cards.parse_card(t) for t in ("3H", "AS", "2S")}
    waste = "".join(engine.cards.card_token(c) for c in engine.cards.DECK if c not in used)
    return f"3H////// - {waste} 2S/-/-/-"


def show_everything() -> Shown:
    """Every widget kind in every language, through every kind of move, verdict and rules switch."""
    shown = Shown()
    scorpion_start = str(engine.position("scorpion", SEED_DEAL))
    for lang in LANGUAGES:
        # Scorpion: a try-it board with two rule sets and several disputed moves, every kind of move
        s = web.session({"kind": "try", "game": "scorpion", "start": scorpion_start, "lang": lang,
                         "presets": ["classic", "easy"], "attempts": ["4C>7", "4H>7", "deal", "undo"]})
        shown.widget(s)
        shown.steps(s, ("move", "4C>7"), ("set_rules", "easy"), ("set_rules", "classic"), ("move", "4H>7"),
                    ("set_rules", "easy"), ("move", "deal"), ("undo",), ("move", "undo"), ("set_rules", "classic"),
                    ("undo",), ("move", "KD>1"), ("reset",),
                    ("try_attempt", "4C>7"), ("try_attempt", "undo"), ("set_rules", "easy"), ("try_attempt", "4H>7"))
        replay = web.session({"kind": "replay", "game": "scorpion", "start": scorpion_start, "lang": lang,
                              "moves": ["4H>7", "deal", "undo"]})
        shown.widget(replay)
        shown.frame(replay.goto("99"))
        # Scorpion's other layouts and states: cards set aside, sequences staying, removed, a won game
        for code in ("SC1-TBM-AAAAAAB", "SC1-TRA-AAAAAAB"):
            pos = engine.position("scorpion", code=code)
            shown.widget(web.session({"kind": "try", "game": "scorpion", "lang": lang, "start": str(pos),
                                      "rules": str(pos.rules)}))
        won = engine.position("scorpion", "KCQCJCTC9C8C7C6C5C4C3C2C/AC///// - HSD")
        shown.starts.append(won.describe(lang))
        won.play("AC>1")
        dealt = web.session({"kind": "try", "game": "scorpion", "lang": lang, "start": str(won), "attempt": "deal"})
        shown.widget(dealt)
        shown.frame(dealt.try_attempt("deal"))  # no reserve left to deal
        # Klondike: Normal and Vegas, one and three cards, every kind of move and a rules switch
        for code, presets in (("KL1-D1N-AAAAAAG", ["draw1", "draw1-vegas"]), ("KL1-D3V-AAAAAAG", ["draw3-vegas"])):
            start = engine.position("klondike", code=code)
            k = web.session({"kind": "try", "game": "klondike", "start": str(start), "lang": lang,
                             "presets": presets,
                             "attempts": ["draw", "recycle", "undo", "AD>F", "AD>2", "tap:AD", "dtap:AD"]})
            shown.widget(k)
            for token in ("recycle", "undo", "9C>F", "AD>2", "tap:9C", "dtap:9C"):  # refused, named
                shown.frame(k.try_attempt(token))
            for _ in range(8):  # into the stock, every kind of move that is legal on the way
                tokens = klondike_tokens(k.pos)
                for kind in ("tap", "dtap", "to-foundation", "to-column"):
                    if kind in tokens:
                        shown.frame(k.move(tokens[kind]))
                        shown.frame(k.move("undo"))
                shown.frame(k.move("draw" if k.pos.stock else "recycle"))
                for preset in presets[1:] + presets[:1]:
                    shown.frame(k.set_rules(preset))
        k = web.session({"kind": "try", "game": "klondike", "start": recycle_at_100(), "score": 100, "lang": lang,
                         "presets": ["draw1", "draw3", "draw1-vegas"]})
        shown.steps(k, ("move", "recycle"), ("set_rules", "draw3"), ("set_rules", "draw1-vegas"))
        spent = web.session({"kind": "try", "game": "klondike", "start": recycle_at_100(), "lang": lang,
                             "attempts": ["draw"]})  # no stock to draw from
        shown.frame(spent.try_attempt("draw"))
        won = engine.position("klondike", "////// - - KS/KH/KD/KC")
        shown.widget(web.session({"kind": "try", "game": "klondike", "lang": lang, "start": str(won)}))
        show_the_analysis_board(shown, scorpion_start, lang)
    return shown


BAD_LINKS = [  # one link for each sentence that names a link's bad part
    "#" + "x" * 20000, "#game", "#colour=red", "#game=scorpion&game=scorpion", "#game=scorpion&code=%E0%A4",
    "#game=scorpion&code=%D0%A1C1-CLA-AAAAAAG", "#game=chess&code=SC1-CLA-AAAAAAG", "#game=scorpion",
    "#position=KS", "#game=scorpion&code=SC1-CLA-AAAAAAG&position=KS", "#game=scorpion&code=SC1-XXX-AAAAAAG",
    "#game=scorpion&position=KS", "#game=scorpion&code=SC1-CLA-AAAAAAG&rules=chess",
    "#game=scorpion&code=SC1-CLA-AAAAAAG&rules=three-blind-mice", "#game=klondike&code=KL1-D1N-AAAAAAG&score=-5",
    "#game=scorpion&code=SC1-CLA-AAAAAAG&moves=" + ",".join(["deal"] * 2001),
    "#game=scorpion&code=SC1-CLA-AAAAAAG&moves=8H%3E99", "#game=scorpion&code=SC1-CLA-AAAAAAG&moves=8H%3E1,4C%3E7",
]


def show_the_analysis_board(shown: Shown, start: str, lang: str) -> None:
    """The analysis board through its verdicts under every preset (one under which the position cannot
    arise), its history, a rules switch that stops at a refused move, links good and bad, new games
    and the solver's answers."""
    a = web.session({"kind": "analysis", "game": "scorpion", "start": start, "rules": "classic", "lang": lang})
    shown.widget(a)
    shown.steps(a, ("set_rules", "easy"), ("move", "4C>7"), ("move", "4H>7"), ("move", "deal"), ("undo",),
                ("redo",), ("redo",), ("goto", 0), ("goto", 2), ("set_rules", "classic"), ("set_rules", "easy"),
                ("move", "undo"), ("reset",), ("undo",), ("start_from", "SC1-CLA-AAAAAAG"),
                ("start_from", "<img src=x>"), ("start_from", start, "scorpion"),
                ("random_deal", "klondike/draw3-vegas", 7), ("set_rules", "draw1-vegas"), ("move", "draw"),
                ("move", "recycle"))
    for fragment in BAD_LINKS:
        shown.frame(a.open_link(fragment))
    shown.frame(a.open_link("#game=klondike&position=KC%2F%2F%2F%2F%2F%2F%20-%20-%20KS%2FKH%2FKD%2FQC&rules=draw1"))
    shown.steps(a, ("solve",), ("solve_step", 500), ("play_line", 0), ("undo",), ("solve",), ("solve_stop",),
                ("solve",), ("move", "KC>F"), ("solve",), ("solve_step", 500))
    shown.widget(a)


@pytest.fixture(scope="module")
def shown() -> Shown:
    """Everything shown, read once for the tests below with the catalogs marked."""
    with marking():
        return show_everything()


# -- the rules ------------------------------------------------------------------------------------------------


def sentence_starts(text: str) -> bool:
    """True when ``text`` (without marks) starts as a sentence does: its first letter or digit is not a
    lower-case letter (``4♥ → 7. oszlop`` starts with a digit)."""
    first = re.search(r"[^\W_]", plain(text))
    return first is None or not first.group(0).islower()


def held(entry: Entry) -> list[str]:
    """Where an entry holds another entry's text that is not a name, an amount, a sentence of its own
    or a listed part of a description."""
    found = []
    for inner in entry.entries():
        if entry.context is None and not entry.msgid:  # the code's own text holds entries side by side: ``joins``
            pass
        elif inner.context in NAMES or inner.context in AMOUNTS:
            pass
        elif inner.context.partition("|")[0] in SENTENCES and stands_alone(entry, inner):
            pass
        elif entry.context in DESCRIPTION_CONTEXTS and (entry.msgid, inner.msgid) in COMPOSED:
            pass
        elif (entry.context, inner.context) in SPOKEN_COMPOSED:
            pass
        else:
            found.append(f"{entry!r} holds {inner!r}: {plain(entry.text())!r}")
        found += held(inner)
    return found


def stands_alone(outer: Entry, inner: Entry) -> bool:
    """``inner`` is a sentence of ``outer`` (after a full stop, or first; then a full stop or the end) or a
    quotation (between quotation marks)."""
    at = outer.parts.index(inner)
    before = plain("".join(p if isinstance(p, str) else p.text() for p in outer.parts[:at]))
    after = plain("".join(p if isinstance(p, str) else p.text() for p in outer.parts[at + 1:]))
    quoted = before[-1:] in "„«“\"(" and before and after[:1] in "”»“\")"
    sentence = (not before.strip() or re.search(r"[.!?]\s$", before)) and (not after or after[:1] in ".!?")
    return bool(quoted or sentence)


def joins(root: Entry) -> list[str]:
    """Where the code puts two entries side by side other than as list items or sentences."""
    found = []
    parts = root.parts
    for i, part in enumerate(parts):
        if not isinstance(part, Entry):
            continue
        j = i + 1
        if j + 1 < len(parts) and isinstance(parts[j], str) and isinstance(parts[j + 1], Entry):
            between, nxt = parts[j], parts[j + 1]
        elif j < len(parts) and isinstance(parts[j], Entry):
            between, nxt = "", parts[j]
        else:
            continue
        if "\n" in between:
            continue
        left, shown_next = plain(part.text()), plain(nxt.text())
        where = f"{part!r} + {between!r} + {nxt!r}: {left[-30:]!r}{between}{shown_next[:30]!r}"
        if re.search(r"[^\W_]", between) or ":" in between or left.rstrip().endswith(":"):
            found.append("glued " + where)
        elif re.fullmatch(r"[.!?]\s+", between) or (re.fullmatch(r"\s+", between) and re.search(r"[.!?]$", left)):
            if not sentence_starts(nxt.text()):
                found.append("a sentence starts in lower case after " + where)
        elif not re.fullmatch(r"[,;]\s+", between):
            found.append("run together " + where)
    return found


def test_no_text_holds_another_entrys_sentence(shown):
    found = sorted({problem for text in shown.all for problem in held(parse(text))})
    assert found == [], "\n".join(found)


def test_entries_side_by_side_are_list_items_or_sentences(shown):
    found = sorted({problem for text in shown.all for problem in joins(parse(text))})
    assert found == [], "\n".join(found)


def test_descriptions_messages_moves_and_buttons_start_with_a_capital(shown):
    found = sorted({plain(text)[:60] for text in shown.starts if not sentence_starts(text)})
    assert found == []


def test_a_messages_sentence_has_at_most_one_colon(shown):
    found = []
    for text in shown.messages:
        unquoted = re.sub(r"„[^”]*”|«[^»]*»|“[^”]*”|\([^)]*\)", "", plain(text))
        found += [plain(text) for sentence in re.split(r"[.!?]\s", unquoted) if sentence.count(":") > 1]
    assert found == []


def test_the_widgets_were_shown_through_every_kind_of_move(shown):
    # the texts above are worth what they cover: every entry of the widgets' tables was shown
    seen = {(context, msgid) for context, msgid in SEEN}
    tables = {"move": render._MOVE_TEXTS, "move|spoken": render._SPOKEN_TEXTS, "attempt": render._ATTEMPT_TEXTS,
              "made": render._MADE_TEXTS, "made|spoken": render._MADE_SPOKEN,
              "rejudged": render._REJUDGED, "verdict": render._VERDICT_ROWS, "refused": render._REFUSED_TEXTS,
              "refused|spoken": render._REFUSED_SPOKEN}
    wanted = {(context, msgid) for context, table in tables.items() for msgid in table.values()}
    assert sorted(wanted - seen) == []


# -- the rules catch what they are for ------------------------------------------------------------------------


def test_the_old_try_button_would_have_been_caught(marked):
    # "Try {move}" with the move's own label: the Catalan «Prova: Tocar la carta 2♥».
    t = translator("ca")
    glued = t.pgettext("widget", "Try {move}").format(move=render.move_text("tap:2H", "ca"))
    (problem,) = held(parse(glued))
    assert "holds [move] 'Tap {card}'" in problem


def test_the_old_rejudged_message_would_have_been_caught(marked):
    # "Judged again under {rules}:" + " " + the verdict: two entries run together as one sentence.
    t = translator("ru")
    glued = (t.pgettext("widget", "Judged again under {rules}:").format(rules="X") + " "
             + render.made_text(render.move_parts("4H>7"), 5, "ru"))
    assert joins(parse(glued))[0].startswith("glued ")


def test_a_lower_case_sentence_after_a_full_stop_would_have_been_caught(marked):
    # The Russian description before sentence case: «…пока нет. столбец 1: …».
    t = translator("ru")
    glued = t.pgettext("removed", "no sequence removed yet") + ". " + t.pgettext("column", "column {n}").format(n=1)
    assert joins(parse(glued))[0].startswith("a sentence starts in lower case")
