"""Grammar by rule, for text the engine and the site generate.

- Hungarian definite article: ``az`` before a vowel sound, ``a`` before a consonant; numbers
  are read aloud, so ``az 1.``, ``az 5.``, ``az 52``, ``az 1000`` but ``a 2.``, ``a 10.``, ``a 100``;
  a code or abbreviation without a vowel is spelled out, so its first letter's name counts:
  ``az SC1-CLA-…`` (es), ``az npm`` (en), but ``a BVS`` (bé) and ``a FEN`` (read as a word).
- Catalan: the article elides before a vowel or mute h (``l’as``, ``l’11``), and ``de``/``a`` +
  ``el`` contract (``del``, ``al``).
- Russian and every other plural: the catalog's CLDR plural forms (see ``i18n.Translator``).

>>> hu_article(1), hu_article(2), hu_article(5), hu_article(10), hu_article(52), hu_article(1000)
('az', 'a', 'az', 'a', 'az', 'az')
>>> hu_with_article("ász"), hu_with_article("kőr 4")
('az ász', 'a kőr 4')
>>> hu_article("SC1-CLA-AAAAAAB"), hu_article("npm"), hu_article("BVS"), hu_article("FEN")
('az', 'az', 'a', 'a')
>>> ca_article("as", "m"), ca_article("dama", "f"), ca_article("3", "m"), ca_article("11", "m")
('l’', 'la ', 'el ', 'l’')
"""

from __future__ import annotations

import re

_HU_VOWELS = set("aáeéiíoóöőuúüűAÁEÉIÍOÓÖŐUÚÜŰ")
_HU_LETTER_NAMES_WITH_VOWEL = set("FLMNRSXYflmnrsxy")  # ef, el, em, en, er, es, iksz, ipszilon


def _hu_number_starts_with_vowel(digits: str) -> bool:
    digits = digits.lstrip("0") or "0"
    first = digits[0]
    if first == "5":  # öt, ötven, ötszáz, ötezer …
        return True
    if first == "1":  # egy (1), ezer (1000), egymillió (10^6) … but tíz, száz, tízezer …
        return len(digits) % 3 == 1
    return False  # nulla, kettő, három, négy, hat, hét, nyolc, kilenc


def hu_article(word: str | int) -> str:
    """The Hungarian definite article for ``word`` (a word, a number, or ``"5."``)."""
    text = str(word).strip()
    m = re.match(r"[\d\s\u00a0]+", text)
    if m:
        return "az" if _hu_number_starts_with_vowel(re.sub(r"\D", "", m.group(0))) else "a"
    letters = re.match(r"[^\W\d_]*", text).group(0)  # type: ignore[union-attr]  # (it matches any text)
    if letters and not any(c in _HU_VOWELS for c in letters):  # spelled out: SC1, BVS, npm
        return "az" if letters[0] in _HU_LETTER_NAMES_WITH_VOWEL else "a"
    return "az" if text[:1] in _HU_VOWELS else "a"


def hu_with_article(word: str | int, capital: bool = False) -> str:
    art = hu_article(word)
    if capital:
        art = art.capitalize()
    return f"{art} {word}"


# Words and numbers read with a vowel: as, or, hores; 1 (u/un), 11 (onze), 1x,xxx.xxx (un milió),
# ordinals included (l’1r, l’11a). "vuit" (8, 80, 800 …) begins with a consonant: el 8, del 8,3 %,
# de 80. 1.000 … 1.999 are read "mil" (the point groups thousands in Catalan): de 1.000, el 1.500.
_CA_ELIDING = re.compile(r"^(h?[aeiouàèéíòóúAEIOUÀÈÉÍÒÓÚ]|11(?!\d)|1(?!\d)(?!\.\d{3}(?![.\d])))", re.IGNORECASE)


def ca_elides(word: str) -> bool:
    """True when a Catalan article elides before ``word``: a vowel or mute h (``as``, ``or``)
    and the numbers read with a vowel (``1``, ``11``: l’1, l’11; not ``8``, "vuit": el 8). Unstressed i/u
    followed by a vowel (``iogurt``) do not elide; those words do not occur in our texts."""
    if re.match(r"^h?[iu][aeiou]", word, re.IGNORECASE):
        return False
    return bool(_CA_ELIDING.match(word))


def ca_article(word: str, gender: str = "m") -> str:
    """``el ``/``la `` or ``l’`` (feminine before unstressed i/u keeps ``la``; not in our texts)."""
    if ca_elides(word):
        return "l’"
    return "la " if gender == "f" else "el "


def ca_with_article(word: str, gender: str = "m", preposition: str = "") -> str:
    """``l’as``, ``la dama``, ``el rei``; with ``de``/``a``: ``de l’as``, ``del rei``, ``al rei``."""
    art = ca_article(word, gender)
    if preposition in ("de", "a", "per") and art == "el ":
        return {"de": "del ", "a": "al ", "per": "pel "}[preposition] + word
    if preposition:
        return f"{preposition} {art}{word}"
    return f"{art}{word}"


def ca_de(word: str) -> str:
    """The preposition ``de`` before ``word``: ``d'`` before a vowel, ``de`` otherwise."""
    return f"d’{word}" if ca_elides(word) else f"de {word}"
