"""The rules of the main text, one module each, named after what it does.

Each module's docstring opens with what the rule does, says why, and ends with two fields the
catalogue (`extraction/text/RULES.md`, made by `extraction/text/catalogue.py`) reads:

    Stage: where in `pipeline.py` it runs
    Measured: the set, half, delta and date of the run that kept it

`__all__` names the function the stage list calls; the module's UPPER_CASE names are its
constants. A new rule is a new module here, called from its stage in `pipeline.py`.
"""

from extraction import native

__path__[:0] = native.twin_path(__name__)  # the compiled modules, when built from these sources
