"""Version JSON without the body: a page's body is stored once, not again with every version.

Until now `profile_versions.profile_json` repeated the whole body, which `profile_bodies`
also holds for the current profile: at 100k profiles that copy was about a third of the
SQLite file. From here a version's body is found by its `body_hash`: in `profile_bodies`
while it is the page's current body, then in `past_bodies` (new), once per page and body. A
body those text columns cannot hold exactly (a NUL character, a lone surrogate) stays in the
JSON. Existing versions are rewritten in batches (the JSON is otherwise unchanged, key order
kept); downgrade puts every body back into its JSON.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0011'
down_revision: str | None = '0010'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BATCH = 1000
"""Versions read and rewritten per statement (bodies are kilobytes each)."""

VERSIONS = sa.text(
    "SELECT v.id, v.page_id, v.body_hash, v.profile_json, c.body_hash AS current_body_hash"
    " FROM profile_versions v"
    " LEFT JOIN profiles p ON p.page_id = v.page_id"
    " LEFT JOIN profile_versions c ON c.id = p.version_id"
    " WHERE v.id > :after ORDER BY v.id LIMIT :batch")


def _batches(connection: sa.Connection) -> Iterator[list[sa.Row]]:
    after = 0
    while rows := connection.execute(VERSIONS, {"after": after, "batch": BATCH}).all():
        yield rows
        after = rows[-1].id


def _dumps(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _holds_exactly(body: str) -> bool:
    """As `storage.profile_rows.body_column_holds` (a migration keeps its own copy: it must
    not change when the application does)."""
    if "\x00" in body:
        return False
    try:
        body.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def upgrade() -> None:
    op.create_table('past_bodies',
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('body_hash', sa.String(length=64), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['pages.id'], name=op.f('fk_past_bodies_page_id_pages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('page_id', 'body_hash', name=op.f('pk_past_bodies'))
    )
    connection = op.get_bind()
    if connection.dialect.name == "postgresql" and connection.execute(sa.text(
            "SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'")).scalar():
        op.execute("ALTER TABLE past_bodies ALTER COLUMN body SET COMPRESSION lz4")  # as profile_bodies (0008)
    past = sa.table("past_bodies", sa.column("page_id"), sa.column("body_hash"), sa.column("body"))
    for rows in _batches(connection):
        stripped, leaving = [], {}
        for row in rows:
            data = json.loads(row.profile_json)
            body = data.get("body")
            if body is None or row.current_body_hash is None or not _holds_exactly(body):
                continue
            if row.body_hash != row.current_body_hash:
                leaving[(row.page_id, row.body_hash)] = {"page_id": row.page_id, "body_hash": row.body_hash, "body": body}
            del data["body"]
            stripped.append({"version_id": row.id, "profile_json": _dumps(data)})
        if leaving:
            known = {tuple(k) for k in connection.execute(sa.text(
                "SELECT page_id, body_hash FROM past_bodies WHERE page_id IN :pages").bindparams(
                sa.bindparam("pages", expanding=True)), {"pages": sorted({p for p, _ in leaving})})}
            fresh = [row for key, row in leaving.items() if key not in known]
            if fresh:
                connection.execute(past.insert(), fresh)
        if stripped:
            connection.execute(sa.text("UPDATE profile_versions SET profile_json = :profile_json WHERE id = :version_id"),
                               stripped)


def downgrade() -> None:
    connection = op.get_bind()
    bodies = sa.text(
        "SELECT b.body FROM profile_bodies b JOIN profiles p ON p.page_id = b.page_id"
        " JOIN profile_versions c ON c.id = p.version_id WHERE b.page_id = :page_id AND c.body_hash = :body_hash"
        " UNION ALL SELECT body FROM past_bodies WHERE page_id = :page_id AND body_hash = :body_hash")
    for rows in _batches(connection):
        restored = []
        for row in rows:
            data = json.loads(row.profile_json)
            if "body" in data:
                continue
            body = connection.execute(bodies, {"page_id": row.page_id, "body_hash": row.body_hash}).scalars().first()
            if body is None:
                raise RuntimeError(f"profile version {row.id}: no body with hash {row.body_hash} to put back")
            restored.append({"version_id": row.id, "profile_json": _dumps({**data, "body": body})})
        if restored:
            connection.execute(sa.text("UPDATE profile_versions SET profile_json = :profile_json WHERE id = :version_id"),
                               restored)
    op.drop_table('past_bodies')
