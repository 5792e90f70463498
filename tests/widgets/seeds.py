"""The positions the widget tests play on: the seed deal of seeds 000/003 (the won game's start)."""

SEED_DEAL = (
    "8s5dah3DJHTH3S/kctc4sQH3C4H7S/2dac5sAS7D7H3H/2sjdtsKD8H7C9S/6H8CJS4C9C8D5C/6DQCKH4DKS9HJC/"
    "ADQD9D6S2HTD5H qs2c6c -"
)
LANGUAGES = ("en", "hu", "ca", "ru")
# The app's own messages (seeds 000 hu, 003 ca; DESIGN.md §3.5).
SAME_SUIT = {
    "hu": "Szabály: a lapoknak azonos színűnek kell lenniük",
    "ca": "Regla: les cartes han de ser del mateix pal",
}
EMPTY_NEEDS_KING = {
    "hu": "Üres oszlopra csak király kerülhet",
    "ca": "Només un rei pot anar en una columna buida",
}

