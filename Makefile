# Two commands do all set-up on a fresh machine: `make demo` and `make test`.
# Both create .venv, install the project, find or install a Chromium, and are idempotent.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed
BENCH_INSTALLED := $(VENV)/.bench-installed

.PHONY: setup chromium demo lint test bench bench-extraction clean

$(INSTALLED): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check --upgrade pip
	$(PY) -m pip install -q --disable-pip-version-check -e '.[test]'
	touch $(INSTALLED)

$(BENCH_INSTALLED): $(INSTALLED)
	$(PY) -m pip install -q --disable-pip-version-check -e '.[test,bench]'
	touch $(BENCH_INSTALLED)

# Finds Chromium (RENDERCRAWL_CHROMIUM, Playwright's, Debian's) or installs Debian's packages.
chromium: $(INSTALLED)
	@$(PY) -m render.chromium

setup: $(INSTALLED) chromium

demo: setup
	$(VENV)/bin/rendercrawl demo

# ruff's rule set and mypy's strictness live in pyproject.toml; mypy keeps its cache in .mypy_cache.
lint: $(INSTALLED)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

test: setup lint
	$(PY) -m pytest -q

bench: setup $(BENCH_INSTALLED)
	$(PY) bench/run_all.py $(BENCH_ARGS)

# The main-text benchmark alone (issues 5, 12): Zyte 2019 and WCXB dev, ours rendered and static against the peers.
bench-extraction: setup $(BENCH_INSTALLED)
	bench/extraction_quality

clean:
	rm -rf $(VENV) rendercrawl.db rendercrawl.db-wal rendercrawl.db-shm .mypy_cache .ruff_cache
