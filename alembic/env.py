"""Alembic environment: the database URL, the models to compare against, and the per-database
options that keep migrations portable.

URL precedence: `sqlalchemy.url` set on the config by code (`storage.migrate`), else
`RENDERCRAWL_DATABASE_URL`, else `sqlite:///rendercrawl.db`.
"""

from __future__ import annotations

import logging.config

from alembic import context
from sqlalchemy import pool, text

from storage.db import make_engine
from storage.migrate import compare_type, render_item
from storage.models import Base
from storage.settings import StorageSettings

config = context.config
if config.config_file_name is not None and config.attributes.get("configure_logger", True):
    logging.config.fileConfig(config.config_file_name, disable_existing_loggers=False)


def database_url() -> str:
    return config.get_main_option("sqlalchemy.url") or StorageSettings().database_url


def run_migrations_offline() -> None:
    context.configure(url=database_url(), target_metadata=Base.metadata, literal_binds=True,
                      render_item=render_item)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    engine = make_engine(database_url(), poolclass=pool.NullPool)
    is_sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as connection:
        if is_sqlite:
            # SQLite's table rebuilds (batch mode) drop and recreate tables; with foreign keys
            # on, that would cascade-delete child rows. SQLite's docs say: turn them off.
            connection.execute(text("PRAGMA foreign_keys = OFF"))
            connection.commit()
        context.configure(
            connection=connection,
            target_metadata=Base.metadata,
            render_as_batch=is_sqlite,
            render_item=render_item,
            compare_type=compare_type,
        )
        with context.begin_transaction():
            context.run_migrations()
        if is_sqlite:
            connection.execute(text("PRAGMA foreign_keys = ON"))


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
