"""The Loopback Gazette: a small fictional publisher site served on loopback.

It is the `make demo` target and the end-to-end fixture: its pages carry the metadata the
document-parsing spec talks about, plus values that exist only after JavaScript runs, so that
crawler tests can tell a rendered page from a fetched one without reaching the internet.

Import from `demosite.server` (`DemoSite`, `ConnectionLogger`). The names are also reachable
from here, loaded lazily so that `python -m demosite.server` does not import the module twice.
"""

from typing import Any

__all__ = ["ConnectionLogger", "DemoSite", "site_root"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from demosite import server

        return getattr(server, name)
    raise AttributeError(f"module 'demosite' has no attribute {name!r}")
