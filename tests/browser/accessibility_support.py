"""What the accessibility tests share: axe-core in the page, the reader's palette, ready widgets, contrast.

- :func:`run_axe` injects axe-core (the npm package pinned in package.json, installed by ``npm ci``)
  into the page and runs it; :func:`serious` keeps the violations a reader cannot work around.
- :func:`click_palette_toggle` switches Material's palette the way a reader does, with the toggle in
  the header; :func:`palette_of` says which palette the page really renders (its scheme and whether
  its background is light or dark).
- :func:`ready_widgets` brings every widget of the page to ``data-state="ready"``: it scrolls the
  first one into view (:func:`start_widgets`), which starts the page's engine, as a reader's
  scrolling does, and waits for them all (:func:`wait_for_widgets`).
- :func:`contrast` is WCAG 2's contrast ratio of two CSS colours as ``getComputedStyle`` gives them.
- :func:`shown_text` and :func:`heard_text` are what the eye reads of an element and what a screen
  reader hears of it (a message after a move shows symbols and says words).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = frozenset({"serious", "critical"})
PALETTES = ("default", "slate")  # Material's light and dark schemes, as mkdocs.yml names them
READY_MS = 120_000


# ---- axe-core ------------------------------------------------------------------------------------


def axe_source() -> str:
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make setup` (npm ci) installs axe-core", pytrace=False)
    return AXE.read_text(encoding="utf-8")


def run_axe(page, options: dict | None = None, within: str | None = None) -> dict:
    """axe-core's results for the whole page, or for the elements ``within`` a selector (every rule axe
    runs by default unless ``options`` say)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_source())
    return page.evaluate(
        "([within, options]) => axe.run(within ? {include: [within]} : document, options)",
        [within, options or {"resultTypes": ["violations"]}],
    )


def serious(results: dict) -> list[dict]:
    return [v for v in results["violations"] if v["impact"] in SERIOUS]


def describe_violations(where: str, violations: list[dict]) -> list[str]:
    """One line per violated rule: where, the rule, how many elements and the first few of them."""
    lines = []
    for v in violations:
        targets = ", ".join(" ".join(map(str, node["target"])) for node in v["nodes"][:3])
        lines.append(f"{where}: {v['id']} ({v['impact']}, {len(v['nodes'])}×): {v['help']} — {targets}")
    return lines


# ---- the palette ---------------------------------------------------------------------------------


def palette_of(page) -> tuple[str, float]:
    """The scheme the page's body carries and the relative luminance of the background it paints."""
    scheme, background = page.evaluate(
        "() => [document.body.dataset.mdColorScheme, getComputedStyle(document.body).backgroundColor]"
    )
    return scheme, luminance(parse_colour(background))


def click_palette_toggle(page, scheme: str) -> None:
    """Click Material's palette toggle (the visible one in the header) until the page shows ``scheme``,
    and check that it really renders it: a light background for ``default``, a dark one for ``slate``."""
    for _ in range(len(PALETTES)):
        if palette_of(page)[0] == scheme:
            break
        page.click('form[data-md-component="palette"] label:not([hidden])')
    assert_palette(page, scheme)


def assert_palette(page, scheme: str) -> None:
    shown, light = palette_of(page)
    assert shown == scheme, f"{page.url}: the page shows the {shown!r} palette, not {scheme!r}"
    if scheme == "slate":
        assert light < 0.05, f"{page.url}: the dark palette paints a light background ({light:.2f})"
    else:
        assert light > 0.8, f"{page.url}: the light palette paints a dark background ({light:.2f})"


# ---- widgets -------------------------------------------------------------------------------------


def start_widgets(page) -> None:
    """Scroll the page's first widget into view, which starts the page's engine, as a reader's scrolling does."""
    if page.locator("[data-widget]").count():
        page.locator("[data-widget]").first.scroll_into_view_if_needed()


def wait_for_widgets(page) -> None:
    """Wait until every widget of the page is ready; if one is not, say which and in what state."""
    try:
        page.wait_for_function(
            "() => [...document.querySelectorAll('[data-widget]')].every(w => w.dataset.state === 'ready')",
            timeout=READY_MS,
        )
    except Exception as error:
        states = page.eval_on_selector_all("[data-widget]", "els => els.map(e => `${e.id}: ${e.dataset.state}`)")
        raise AssertionError(f"{page.url}: not every widget became ready: {states}") from error


def ready_widgets(page) -> None:
    """Every widget of the page ready."""
    start_widgets(page)
    wait_for_widgets(page)


# ---- colour --------------------------------------------------------------------------------------

_NUMBERS = re.compile(r"[-+]?\d*\.?\d+(?:e[-+]?\d+)?")


def parse_colour(text: str) -> tuple[float, float, float, float]:
    """``rgb(…)``, ``rgba(…)`` or ``color(srgb r g b / a)`` (what Chrome computes for color-mix) as
    (r, g, b, alpha) with r, g, b in 0–255."""
    text = text.strip()
    numbers = [float(n) for n in _NUMBERS.findall(text)]
    if text.startswith("color(srgb"):
        r, g, b, *alpha = numbers
        return r * 255, g * 255, b * 255, alpha[0] if alpha else 1.0
    if text.startswith("rgb"):
        r, g, b, *alpha = numbers
        return r, g, b, alpha[0] if alpha else 1.0
    raise ValueError(f"not a computed colour: {text!r}")


def over(top: tuple, below: tuple) -> tuple[float, float, float, float]:
    """``top`` painted over the opaque colour ``below``."""
    a = top[3]
    return tuple(top[i] * a + below[i] * (1 - a) for i in range(3)) + (1.0,)


def flatten(layers: list[str]) -> tuple[float, float, float, float]:
    """The colour seen through a stack of backgrounds, nearest first (the page's white under them all)."""
    colour = (255.0, 255.0, 255.0, 1.0)
    for layer in reversed(layers):
        colour = over(parse_colour(layer), colour)
    return colour


def luminance(colour: tuple) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = colour[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: tuple, b: tuple) -> float:
    """WCAG 2's contrast ratio of two opaque colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


# ---- what is shown and what is heard -------------------------------------------------------------


def shown_text(page, selector: str) -> str:
    """What the eye reads in an element: its text less the words only a screen reader gets (``.sol-sr``)."""
    return _text_without(page, selector, ".sol-sr")


def heard_text(page, selector: str) -> str:
    """What a screen reader hears of an element: its text less what is ``aria-hidden``."""
    return _text_without(page, selector, '[aria-hidden="true"]')


def _text_without(page, selector: str, left_out: str) -> str:
    return page.eval_on_selector(selector, """(el, left) => {
        const copy = el.cloneNode(true);
        for (const part of copy.querySelectorAll(left)) part.remove();
        return copy.textContent;
    }""", left_out)
