# The project's commands. Every target does all of its own set-up on a fresh machine
# (Debian 12, Python >= 3.11, Node.js + npm); stamp files make repeat runs fast.
#
#   make serve   set up, then serve the site with live reload on http://127.0.0.1:8000
#   make test    set up, then type-check engine/ (mypy, strict), run its doctests and every test,
#                the real-browser ones included
#   make site    set up, then build the static site into site/ (strict)
#   make bench   set up, then run the benchmarks (bench/bench_*.py) and print a table
#   make winrates  solve the first 1000 deals of every preset (both cores, resumable) into examples/stats/
#   make lint    ruff
#   make i18n-extract | i18n-update | i18n-compile | i18n-check   the gettext catalogs
#
# Variables (override on the command line, e.g. `make test PYTEST_ARGS="-k scorpion"`):

PYTHON      ?= python3
VENV        ?= .venv
PY          := $(VENV)/bin/python
NPM         ?= npm
CHROMIUM    ?= /usr/bin/chromium
HOST        ?= 127.0.0.1
PORT        ?= 8000
SITE_DIR    ?= site
PYTEST_ARGS ?=
BENCH_ARGS  ?=
WINRATES_ARGS ?=

# Stamps live inside the folders they describe: deleting .venv or node_modules resets them.
VENV_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
.DELETE_ON_ERROR:

.PHONY: help setup python-env node-env browser language-tools test serve site bench winrates lint \
        i18n-extract i18n-update i18n-compile i18n-check clean distclean

help:
	@sed -n '1,/^# Variables/p' $(firstword $(MAKEFILE_LIST)) | sed -e '$$d' -e 's/^# \{0,1\}//'

## ---- set-up ---------------------------------------------------------------------------------

setup: python-env node-env i18n-compile

python-env: $(VENV_STAMP)
node-env: $(NODE_STAMP)

# The venv inside the checkout, with the engine (editable) and the pinned dev/site tools.
$(VENV_STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --disable-pip-version-check --quiet -e '.[dev]'
	@touch $@

# The front-end runtime (self-hosted Pyodide), exactly as package-lock.json pins it.
$(NODE_STAMP): package.json package-lock.json
	$(NPM) ci --no-audit --no-fund --loglevel=error
	@touch $@

# Debian's chromium for the real-browser tests (Playwright drives it by executable_path;
# `playwright install` cannot download browsers here). Installing needs root.
browser:
	@command -v chromium >/dev/null || test -x $(CHROMIUM) || { \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "chromium is missing: run 'sudo apt-get update && sudo apt-get install -y chromium'" >&2; \
	    exit 1; \
	  fi; \
	  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	}

# Debian's gettext (msgfmt -c checks every catalog) and hunspell with the hu, ca and ru dictionaries
# (the spelling test), for `make test`. Installing needs root, like chromium.
LANGUAGE_PACKAGES := gettext hunspell hunspell-hu hunspell-ca hunspell-ru
language-tools:
	@command -v msgfmt >/dev/null && command -v hunspell >/dev/null && test -f /usr/share/hunspell/hu_HU.dic \
	  && test -f /usr/share/hunspell/ca_ES.dic && test -f /usr/share/hunspell/ru_RU.dic || { \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "msgfmt or hunspell is missing: run 'sudo apt-get update && sudo apt-get install -y $(LANGUAGE_PACKAGES)'" >&2; \
	    exit 1; \
	  fi; \
	  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $(LANGUAGE_PACKAGES); \
	}

## ---- the two promised commands ------------------------------------------------------------

test: setup browser language-tools
	$(PY) -m mypy
	$(PY) -m pytest --doctest-modules engine -q
	$(PY) -m pytest $(PYTEST_ARGS)

serve: setup
	$(PY) -m mkdocs serve --livereload -a $(HOST):$(PORT)

## ---- the rest -------------------------------------------------------------------------------

site: setup
	$(PY) -m mkdocs build --strict --site-dir $(SITE_DIR)

bench: setup browser
	$(PY) bench/run.py $(BENCH_ARGS)

# The solver's win rates per preset (bench/winrates.py): up to two hours on two cores; an
# interrupted run goes on where it stopped. E.g. WINRATES_ARGS="scorpion-classic --deals 100".
winrates: python-env
	$(PY) bench/winrates.py $(WINRATES_ARGS)

lint: python-env
	$(PY) -m ruff check .

# The site's page catalogs (hooks.catalogs); update and check also cover the engine's own
# (engine.po, scorpion.po, klondike.po: hooks.engine_catalogs). compile turns every PO file whose
# MO file is missing or older into one (the engine reads MO files; they are not in git): `setup`
# runs it, so every target that uses the engine has fresh ones.
i18n-extract i18n-compile: python-env
	$(PY) -m hooks.catalogs $(patsubst i18n-%,%,$@)

i18n-update i18n-check: python-env
	$(PY) -m hooks.catalogs $(patsubst i18n-%,%,$@)
	$(PY) -m hooks.engine_catalogs $(patsubst i18n-%,%,$@)

clean:
	rm -rf $(SITE_DIR) build dist .pytest_cache .ruff_cache

# `make distclean` also drops the installed environments (the next target re-creates them).
distclean: clean
	rm -rf $(VENV) node_modules
