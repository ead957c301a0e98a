# Two commands do all set-up on a fresh machine: `make demo` and `make test`.
# Both create .venv, install the project, find or install a Chromium, and are idempotent.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed
BENCH_INSTALLED := $(VENV)/.bench-installed
# rs-trafilatura ships wheels for CPython 3.12 only, and its Rust build needs crates that cannot be fetched
# offline: the main-text benchmark runs it in a side environment of that interpreter when one is found
# (bench/side_peer.py); without one, its row says it was not measured. pyenv's 3.12 counts when not activated.
PYTHON312 ?= $(firstword $(wildcard /usr/bin/python3.12 /usr/local/bin/python3.12 \
	$(shell pyenv root 2>/dev/null)/versions/3.12*/bin/python3.12) python3.12)
# extraction/ compiled with mypyc (extraction/native.py); rebuilt when a source changes, used only when current.
NATIVE := .native/FINGERPRINT
EXTRACTION_SOURCES := $(shell find extraction -name '*.py')
# Bytecode of the project's own modules, written once here as pip does for an installed package. An editable
# install leaves it to the first import, which never writes it where PYTHONDONTWRITEBYTECODE is set (as in this
# project's CI): every command then compiled its sources again, ~0.1 CPU-s of each `rendercrawl crawl URL`.
BYTECODE := $(VENV)/.bytecode
PACKAGES := rendercrawl render storage scheduler values extraction
PACKAGE_SOURCES := $(shell find $(PACKAGES) -name '*.py')
SIDE_VENV := .venv-rs
SIDE_INSTALLED := $(SIDE_VENV)/.installed

.PHONY: setup chromium demo lint test bench bench-extraction clean

$(INSTALLED): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check --upgrade pip
	$(PY) -m pip install -q --disable-pip-version-check -e '.[test]'
	touch $(INSTALLED)

$(BENCH_INSTALLED): $(INSTALLED)
	$(PY) -m pip install -q --disable-pip-version-check -e '.[test,bench]'
	touch $(BENCH_INSTALLED)

$(SIDE_INSTALLED): bench/side-peers.txt
	@if command -v $(PYTHON312) >/dev/null 2>&1 && $(PYTHON312) --version >/dev/null 2>&1; then \
		$(PYTHON312) -m venv $(SIDE_VENV) && \
		$(SIDE_VENV)/bin/pip install -q --disable-pip-version-check -r bench/side-peers.txt && touch $(SIDE_INSTALLED); \
	else echo "no $(PYTHON312): rs-trafilatura is left out of the main-text benchmark"; fi

$(NATIVE): $(INSTALLED) $(EXTRACTION_SOURCES)
	$(PY) -c 'from extraction import native; native.build()'

$(BYTECODE): $(INSTALLED) $(PACKAGE_SOURCES)
	$(PY) -m compileall -q $(PACKAGES)
	touch $(BYTECODE)

# Finds Chromium (RENDERCRAWL_CHROMIUM, Playwright's, Debian's) or installs Debian's packages.
chromium: $(INSTALLED)
	@$(PY) -m render.chromium

setup: $(INSTALLED) $(NATIVE) $(BYTECODE) chromium

demo: setup
	$(VENV)/bin/rendercrawl demo

# ruff's rule set and mypy's strictness live in pyproject.toml; mypy keeps its cache in .mypy_cache.
lint: $(INSTALLED)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

test: setup lint
	$(PY) -m pytest -q

bench: setup $(BENCH_INSTALLED) $(SIDE_INSTALLED)
	$(PY) bench/run_all.py $(BENCH_ARGS)

# The main-text benchmark alone (issues 5, 12): Zyte 2019 and WCXB dev, ours rendered and static against the peers.
bench-extraction: setup $(BENCH_INSTALLED) $(SIDE_INSTALLED)
	bench/extraction_quality

clean:
	rm -rf $(VENV) $(SIDE_VENV) .native rendercrawl.db rendercrawl.db-wal rendercrawl.db-shm .mypy_cache .ruff_cache
	find $(PACKAGES) -name __pycache__ -prune -exec rm -rf {} +
