"""Run the Alembic migrations from code, from any working directory.

The migrations live at the repository root (`alembic/`, next to `alembic.ini`), not inside
the package, so they are located relative to this file and the Alembic `Config` is built in
code; `alembic.ini` is only for running the `alembic` tool by hand from the repository.

Alembic is imported when a migration runs, not with this module: every command imports
`storage.db`, and Alembic (with Mako and Pygments behind it) is a fifth of what a one-page
`rendercrawl crawl` would otherwise import.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import DateTime, String
from sqlalchemy.engine import URL

from storage.types import TextEnum, UTCDateTime

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "alembic"


def alembic_config(url: str | URL) -> Config:
    """An Alembic config for `url` whose script location is this checkout's `alembic/`."""
    if not (MIGRATIONS_DIR / "env.py").is_file():
        raise FileNotFoundError(
            f"migrations not found at {MIGRATIONS_DIR}; install rendercrawl editable from its "
            "repository (pip install -e .) so the alembic/ directory is next to storage/"
        )
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("path_separator", "os")
    rendered = url if isinstance(url, str) else url.render_as_string(hide_password=False)
    config.set_main_option("sqlalchemy.url", rendered.replace("%", "%%"))
    return config


def upgrade(url: str | URL, revision: str = "head") -> None:
    """Bring the database at `url` up to `revision` (default: the newest)."""
    from alembic import command

    command.upgrade(alembic_config(url), revision)


def downgrade(url: str | URL, revision: str) -> None:
    """Take the database at `url` down to `revision` (`base` removes every table)."""
    from alembic import command

    command.downgrade(alembic_config(url), revision)


def render_item(type_: str, obj: Any, autogen_context: Any) -> str | bool:
    """Autogenerate hook: write `UTCDateTime` as `sa.DateTime(timezone=True)` so migrations
    never import application code (a migration must keep meaning what it meant when written)."""
    if type_ == "type" and isinstance(obj, UTCDateTime):
        return "sa.DateTime(timezone=True)"
    return False


def compare_type(context: Any, inspected_column: Any, metadata_column: Any,
                 inspected_type: Any, metadata_type: Any) -> bool | None:
    """Autogenerate hook: a `UTCDateTime` column matches any timestamp column in the database
    (SQLite reflects it as DATETIME), a `TextEnum` a string column of its length; everything
    else uses Alembic's own comparison."""
    if isinstance(metadata_type, UTCDateTime):
        return not isinstance(inspected_type, DateTime)
    if isinstance(metadata_type, TextEnum):
        length = getattr(metadata_type.impl_instance, "length", None)
        return not (isinstance(inspected_type, String) and inspected_type.length == length)
    return None
