"""``solitaire rulings``: an overview of the page's rulings, one row per disputed move.

    ```solitaire rulings
    ```

The table lists, in page order, every ``solitaire ruling`` of the page that carries it: the question
(a link to its heading: the nearest heading with an explicit id above the ruling), the disputed
move (a link that opens the question's position and that move on the analysis board, ``/board/``,
DESIGN.md §5.1; the fragment is the engine's, ``engine.board_link.write``) and its verdict under
each rule set the page's rulings judge (✓ with the points it earns, ✗, or — where that question
does not judge it). The move shows as the move lists show it ("8♣ → column 4") and is said with the
card in words ("Open 8 of clubs to column 4 on the analysis board"); a cell shows "✓ +5 points" and
says "allowed, +5 points". Questions, moves and rule-set names are the records' and the engine's, in
the page's language; the table's own words are the site catalog's (msgctxt ``rulings``).
"""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING

import engine
from engine import board_link
from engine.render import amount_text, inside_sentence

from . import widget_source

if TYPE_CHECKING:
    from . import Directive

KIND = "rulings"
KEYS = ()
OPTIONAL = ()

CONTEXT = "rulings"
QUESTION = "Question"
MOVE = "Disputed move"
OPEN = "Open the move “{move}” on the analysis board"
ALLOWED = "allowed, {points}"
REFUSED = "refused"
NOT_JUDGED = "not judged for this question"
LEGEND = "✓ allowed (with the points the move earns), ✗ refused, — not judged for this question."
CAPTION = "The disputed points at a glance"
MESSAGES = tuple((CONTEXT, w) for w in (CAPTION, QUESTION, MOVE, OPEN, ALLOWED, REFUSED, NOT_JUDGED, LEGEND))

_HEADING = re.compile(r"^#{1,6}\s.*\{#(?P<id>[A-Za-z][\w-]*)[^}]*\}\s*$")
_FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,})\s*solitaire\s+ruling\s*$")
_RULING = re.compile(r"^\s*ruling\s*:\s*(?P<id>\S+)\s*$")


def page_rulings(source: str) -> list[tuple[str | None, str, int]]:
    """The rulings of a page's Markdown, in order: (the id of the heading above it, the ruling's
    id, the line of its fence).

    >>> page_rulings("### May a queen? {#queen}\\n\\n```solitaire ruling\\nruling: queen-empty-column\\n```\\n")
    [('queen', 'queen-empty-column', 3)]
    """
    found: list[tuple[str | None, str, int]] = []
    heading: str | None = None
    lines = source.splitlines()
    i = 0
    while i < len(lines):
        m = _HEADING.match(lines[i])
        if m:
            heading = m.group("id")
        fence = _FENCE.match(lines[i])
        if fence:
            start = i
            i += 1
            while i < len(lines) and not lines[i].startswith(fence.group("fence")):
                ruling = _RULING.match(lines[i])
                if ruling:
                    found.append((heading, ruling.group("id"), start + 1))
                i += 1
        i += 1
    return found


def render(d: Directive) -> str:
    source_path = widget_source.ROOT / "docs" / d.page
    try:
        source = source_path.read_text(encoding="utf-8")
    except OSError as e:
        raise d.fail(f"cannot read the page's source {d.page}: {e.strerror}") from None
    rows: list[tuple[str | None, engine.records.Record, object]] = []
    for heading, ruling, line in page_rulings(source):
        found = sorted(widget_source.ROOT.glob(f"examples/**/{ruling}.game"))
        if len(found) != 1:
            raise d.fail(f"docs/{d.page}:{line}: ruling {ruling!r}: expected one examples/**/{ruling}.game, "
                         f"found {len(found)}")
        rec = widget_source.record(d, str(found[0].relative_to(widget_source.ROOT)))
        translate = widget_source.translator(d, rec.game)
        try:
            frame = next((f for f in widget_source.frames(rec, d.lang, translate) if f.attempts), None)
            question = rec.question(translate) or rec.title(translate) or ruling
        except widget_source.RecordTextError as e:
            raise widget_source.text_error(d, rec, e, "ruling") from None
        if frame is None:
            raise d.fail(f"docs/{d.page}:{line}: ruling {ruling!r} judges no move")
        rows.append((heading, rec, (question, frame)))
    if not rows:
        raise d.fail(f"docs/{d.page} has no 'solitaire ruling' to sum up")
    games = {rec.game for _, rec, _ in rows}
    if len(games) > 1:
        raise d.fail(f"the page's rulings are of several games ({', '.join(sorted(games))}): one table per game")
    game = engine.find(games.pop())
    judged = {rules for _, _, (_, frame) in rows for a in frame.attempts for rules, _ in a.verdicts}
    presets = [p for p in game.presets if p in judged]

    def t(msgid: str) -> str:
        return escape(d.gettext(CONTEXT, msgid))

    dollars: dict[str, bool] = {}

    def in_dollars(rules: str, position: str) -> bool:  # Klondike Vegas counts in dollars: once per rule set
        if rules not in dollars:
            dollars[rules] = engine.position(game.name, position, rules=rules).scored_in_dollars()
        return dollars[rules]

    board = widget_source.link_to_board(d, {})["board_page"]  # the board's page, relative to this one
    head = "".join(f'<th scope="col" data-rules="{escape(p)}">{escape(game.preset_name(p, d.lang))}</th>'
                   for p in presets)
    body = []
    for heading, rec, (question, frame) in rows:
        attempts = frame.attempts
        link = f'<a href="#{escape(heading)}">{escape(question)}</a>' if heading else escape(question)
        for i, attempt in enumerate(attempts):
            verdicts = dict(attempt.verdicts)
            cells = []
            for p in presets:
                verdict = verdicts.get(p)
                if verdict is None:
                    cells.append(f'<td data-rules="{escape(p)}"><span aria-hidden="true">—</span>'
                                 f' <span class="sol-sr">{t(NOT_JUDGED)}</span></td>')
                elif verdict.legal:  # "✓ +5 points" to the eye, "allowed, +5 points" to a screen reader
                    amount = amount_text(verdict.points, d.lang, dollars=in_dollars(p, frame.position))
                    before, _, after = d.gettext(CONTEXT, ALLOWED).partition("{points}")
                    cells.append(f'<td data-rules="{escape(p)}" data-legal="true"><span aria-hidden="true">✓</span> '
                                 f'<span class="sol-sr">{escape(before)}</span>{escape(amount)}'
                                 f'<span class="sol-sr">{escape(after)}</span></td>')
                else:
                    cells.append(f'<td data-rules="{escape(p)}" data-legal="false"><span aria-hidden="true">✗</span> '
                                 f'<span class="sol-sr">{t(REFUSED)}</span></td>')
            rules = attempt.verdicts[0][0]
            usual = engine.position(rec.game, frame.position, rules=rules).score  # the rules' own start
            fragment = board_link.write(rec.game, position=frame.position, rules=rules,
                                        score=None if frame.score == usual else frame.score, moves=[attempt.token])
            first = (f'<th scope="rowgroup" rowspan="{len(attempts)}">{link}</th>' if i == 0 else "")
            move = game.move_text(attempt.token, d.lang)
            said = game.move_spoken(attempt.token, d.lang)  # the card in words, in running text
            said = d.gettext(CONTEXT, OPEN).replace("{move}", inside_sentence(said))
            body.append(
                f'<tr data-ruling="{escape(rec.ruling or "")}" data-move="{escape(attempt.token)}">{first}'
                f'<td><a class="sol-rulings-board" href="{escape(board)}#{escape(fragment)}">'
                f'<span aria-hidden="true">{escape(move)}</span><span class="sol-sr">{escape(said)}</span>'
                f'</a></td>{"".join(cells)}</tr>')
    return (
        f'<div class="sol-rulings" data-game="{escape(game.name)}" data-search-exclude>'
        f'<table><caption>{t(CAPTION)}</caption><thead><tr><th scope="col">{t(QUESTION)}</th>'
        f'<th scope="col">{t(MOVE)}</th>{head}</tr></thead>'
        f'<tbody>{"".join(body)}</tbody></table>'
        f'<p class="sol-rulings-legend">{t(LEGEND)}</p></div>'
    )
