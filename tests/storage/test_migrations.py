"""The migrations are the schema: they agree with the models, and go up and down cleanly."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from storage.db import downgrade, make_engine, upgrade
from storage.migrate import MIGRATIONS_DIR, compare_type
from storage.models import Base

VERSIONS_JSON = "SELECT profile_json FROM profile_versions ORDER BY id"


def table_names(url: str) -> set[str]:
    engine = make_engine(url)
    try:
        return set(inspect(engine).get_table_names()) - {"alembic_version"}
    finally:
        engine.dispose()


def test_autogenerate_finds_no_difference(db_url: str) -> None:
    engine = make_engine(db_url)
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": compare_type})
        assert compare_metadata(context, Base.metadata) == []
    engine.dispose()


def test_upgrade_then_downgrade_to_base_and_up_again(empty_db_url: str) -> None:
    upgrade(empty_db_url)
    assert table_names(empty_db_url) == set(Base.metadata.tables)
    downgrade(empty_db_url, "base")
    assert table_names(empty_db_url) == set()
    upgrade(empty_db_url)
    assert table_names(empty_db_url) == set(Base.metadata.tables)


@pytest.mark.parametrize("revision", ["0001", "0002", "0003", "0004", "0005", "0006", "0007"])
def test_each_revision_steps_down_and_up(empty_db_url: str, revision: str) -> None:
    upgrade(empty_db_url)
    downgrade(empty_db_url, revision)
    upgrade(empty_db_url)
    assert table_names(empty_db_url) == set(Base.metadata.tables)


def test_upgrade_works_from_any_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    upgrade(f"sqlite:///{tmp_path}/elsewhere.db")
    assert "profiles" in table_names(f"sqlite:///{tmp_path}/elsewhere.db")
    assert MIGRATIONS_DIR.is_dir()


def test_env_var_selects_database_when_url_not_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from alembic import command
    from alembic.config import Config

    url = f"sqlite:///{tmp_path}/from_env.db"
    monkeypatch.setenv("RENDERCRAWL_DATABASE_URL", url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    command.upgrade(config, "head")
    assert "pages" in table_names(url)


def test_long_text_uses_lz4_on_postgresql_when_available(db_url: str) -> None:
    from sqlalchemy import text

    engine = make_engine(db_url)
    try:
        if engine.dialect.name != "postgresql":
            pytest.skip("column compression is a PostgreSQL setting")
        with engine.connect() as connection:
            if not connection.execute(text("SELECT 'lz4' = ANY(enumvals) FROM pg_settings "
                                           "WHERE name = 'default_toast_compression'")).scalar():
                pytest.skip("this PostgreSQL server was built without lz4")
            methods = connection.execute(text(
                "SELECT attcompression FROM pg_attribute WHERE attrelid = 'profile_bodies'::regclass "
                "AND attname = 'body'")).scalar()
        assert methods == "l"
    finally:
        engine.dispose()


def test_0008_moves_bodies_out_of_profiles_and_back(empty_db_url: str) -> None:
    from sqlalchemy import text

    upgrade(empty_db_url, "0007")
    engine = make_engine(empty_db_url)
    t = "'2024-05-01 00:00:00'"
    with engine.begin() as connection:
        connection.execute(text(f"INSERT INTO pages (id, url, host, first_seen_at) VALUES (1, 'u', 'h', {t})"))
        connection.execute(text(
            "INSERT INTO profile_versions (id, page_id, created_at, content_hash, word_count, body_hash, profile_json)"
            f" VALUES (1, 1, {t}, 'h', 2, 'b', '{{}}')"))
        connection.execute(text(
            "INSERT INTO profiles (page_id, version_id, recommendable, recommending, soft_404, word_count, "
            "content_hash, crawled_at, changed_at, sources_json, rejections_json, body) "
            f"VALUES (1, 1, TRUE, TRUE, FALSE, 2, 'h', {t}, {t}, '{{}}', '[]', 'two words')"))
    upgrade(empty_db_url)
    with engine.connect() as connection:
        assert connection.execute(text("SELECT page_id, body FROM profile_bodies")).all() == [(1, "two words")]
    downgrade(empty_db_url, "0007")
    with engine.connect() as connection:
        assert connection.execute(text("SELECT body FROM profiles")).scalar_one() == "two words"
    engine.dispose()


def test_0011_takes_bodies_out_of_version_json_and_back(empty_db_url: str) -> None:
    import json

    from sqlalchemy import text

    upgrade(empty_db_url, "0010")
    engine = make_engine(empty_db_url)
    t = "'2024-05-01 00:00:00'"
    old, new, nul = {"url": "u", "title": "a", "body": "old text"}, {"url": "u", "title": "b", "body": "new text"}, \
        {"url": "v", "body": "with \x00 NUL"}
    with engine.begin() as connection:
        connection.execute(text("INSERT INTO pages (id, url, host, first_seen_at) "
                                f"VALUES (1, 'u', 'h', {t}), (2, 'v', 'h', {t})"))
        for version_id, page_id, body_hash, data in ((1, 1, "old", old), (2, 1, "new", new), (3, 2, "nul", nul)):
            connection.execute(text(
                "INSERT INTO profile_versions (id, page_id, created_at, content_hash, word_count, body_hash, profile_json)"
                f" VALUES (:id, :page_id, {t}, 'h', 2, :body_hash, :json)"),
                {"id": version_id, "page_id": page_id, "body_hash": body_hash, "json": json.dumps(data)})
        for page_id, version_id, body in ((1, 2, "new text"), (2, 3, "with \ufffd NUL")):
            connection.execute(text(
                "INSERT INTO profiles (page_id, version_id, recommendable, recommending, soft_404, word_count, "
                "content_hash, crawled_at, changed_at, sources_json, rejections_json) "
                f"VALUES (:page_id, :version_id, TRUE, TRUE, FALSE, 2, 'h', {t}, {t}, '{{}}', '[]')"),
                {"page_id": page_id, "version_id": version_id})
            connection.execute(text("INSERT INTO profile_bodies (page_id, body) VALUES (:page_id, :body)"),
                               {"page_id": page_id, "body": body})
    upgrade(empty_db_url)
    with engine.connect() as connection:
        versions = [json.loads(j) for j in connection.execute(text(VERSIONS_JSON)).scalars()]
        assert versions == [{"url": "u", "title": "a"}, {"url": "u", "title": "b"}, nul]  # a NUL body stays
        assert connection.execute(text("SELECT page_id, body_hash, body FROM past_bodies")).all() == [(1, "old", "old text")]
    downgrade(empty_db_url, "0010")
    with engine.connect() as connection:
        versions = [json.loads(j) for j in connection.execute(text(VERSIONS_JSON)).scalars()]
        assert versions == [old, new, nul]
    engine.dispose()
