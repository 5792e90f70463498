"""MkDocs hooks and the tools around them: the site in every language, built from one source.

Hook modules (one concern each; mkdocs.yml lists the thin files in ``events/`` that name their
handlers, so each module is loaded once, as part of this package):

- ``site_text.py``   site name, nav titles, palette and permalink titles per language; the
                     language switcher's links relative to the page;
- ``page_text.py``   each page in the language being built: blocks translated from the
                     catalogs, values filled in, directives rendered (``translate.py`` does the work);
- ``widgets.py``     the engine's wheel and the self-hosted Pyodide runtime for the widgets.

Modules:

- ``blocks.py``      the block splitter, shared by extraction and substitution (one msgid per block);
- ``messages.py``    what there is to translate (pages, mkdocs.yml, directive words, game records);
- ``numbers.py``     numbers and percentages in the page's language (CLDR, Babel);
- ``stats.py``       the committed win rates, read and checked (``examples/stats/winrates.json``);
- ``po.py``          the catalogs on disk: paths, strict reading (``file:line`` errors), stable writing;
- ``catalogs.py``    ``python -m hooks.catalogs extract|update|compile|check [--strict]``;
- ``search_text.py`` what the search index reads of a directive's HTML (see its docstring);
- ``values.py``      inline values ``{{ az scorpion.deck }}`` with grammar (articles, CLDR plurals);
- ``directives/``    fenced ``solitaire <kind>`` blocks: one module per kind, registered in ``__init__``;
- ``engine_catalogs.py``  the engine's own catalogs (engine.po, scorpion.po, klondike.po).
"""
