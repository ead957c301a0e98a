"""Main-text internals. `pipeline.py` lists the stages in order (segment, measure, score, container,
region, kind, read, repeats, second candidate, assemble); each rule is a module in `rules/`,
catalogued in RULES.md. `extraction.maintext` is the entry point; see README.md for how the main
text is found."""

from extraction import native

__path__[:0] = native.twin_path(__name__)  # the compiled modules, when built from these sources
