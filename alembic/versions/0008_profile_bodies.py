"""Move profile bodies out of `profiles` into `profile_bodies`; index geopoint latitude.

SQLite keeps text inline in a row, so with the body in `profiles` every query that filters
or joins many profiles read their bodies too: at 100k profiles that made the README queries
5-10x slower. Bodies move to a 1:1 table (`JOIN profile_bodies USING (page_id)`), copied over.
`ix_profile_fields_key_latitude` serves bounding-box queries on geopoint fields.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0008'
down_revision: str | None = '0007'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _lz4_available() -> bool:
    bind = op.get_bind()
    return bind.dialect.name == "postgresql" and bool(bind.execute(sa.text(
        "SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'")).scalar())


def upgrade() -> None:
    op.create_table('profile_bodies',
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['profiles.page_id'], name=op.f('fk_profile_bodies_page_id_profiles'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('page_id', name=op.f('pk_profile_bodies'))
    )
    if _lz4_available():
        op.execute("ALTER TABLE profile_bodies ALTER COLUMN body SET COMPRESSION lz4")
    op.execute("INSERT INTO profile_bodies (page_id, body) SELECT page_id, body FROM profiles")
    with op.batch_alter_table('profiles') as batch_op:
        batch_op.drop_column('body')
    op.create_index('ix_profile_fields_key_latitude', 'profile_fields', ['key', 'latitude'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_profile_fields_key_latitude', table_name='profile_fields')
    with op.batch_alter_table('profiles') as batch_op:
        batch_op.add_column(sa.Column('body', sa.Text(), nullable=False, server_default=''))
    op.execute("UPDATE profiles SET body = (SELECT body FROM profile_bodies b WHERE b.page_id = profiles.page_id)")
    with op.batch_alter_table('profiles') as batch_op:
        batch_op.alter_column('body', server_default=None)
    if _lz4_available():
        op.execute("ALTER TABLE profiles ALTER COLUMN body SET COMPRESSION lz4")
    op.drop_table('profile_bodies')
