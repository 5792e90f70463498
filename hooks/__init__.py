"""MkDocs hooks and the tools around them: the site in every language, built from one source.

Hook files (listed under ``hooks:`` in mkdocs.yml, one concern each):

- ``site_text.py``   site name, nav titles, palette and permalink titles per language; the
                     language switcher's links relative to the page;
- ``page_text.py``   each page in the language being built: blocks translated from the
                     catalogs, values filled in, directives rendered (``translate.py`` does the work);
- ``widgets.py``     the engine's wheel and the self-hosted Pyodide runtime for the widgets.

Modules:

- ``blocks.py``      the block splitter, shared by extraction and substitution (one msgid per block);
- ``messages.py``    what there is to translate (pages, mkdocs.yml, directive words);
- ``po.py``          the catalogs on disk: paths, strict reading (``file:line`` errors), stable writing;
- ``catalogs.py``    ``python -m hooks.catalogs extract|update|compile|check [--strict]``;
- ``values.py``      inline values ``{{ az scorpion.deck }}`` with grammar (articles, CLDR plurals);
- ``directives/``    fenced ``solitaire <kind>`` blocks: one module per kind, registered in ``__init__``;
- ``engine_catalogs.py``  the engine's own catalogs (engine.po, scorpion.po, klondike.po).
"""
