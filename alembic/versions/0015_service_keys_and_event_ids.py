"""The HTTP service: per-site API keys (only their hash) and the `event_id`s of stored page
views, so a retried request stores its events once.

Revision ID: 0015
Revises: 0014
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0015'
down_revision: str | None = '0014'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('api_keys',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('host', sa.String(length=255), nullable=False),
    sa.Column('scope', sa.String(length=8), nullable=False),
    sa.Column('key_hash', sa.String(length=64), nullable=False),
    sa.Column('prefix', sa.String(length=16), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('revoked_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_api_keys')),
    sa.UniqueConstraint('key_hash', name=op.f('uq_api_keys_key_hash'))
    )
    op.create_index(op.f('ix_api_keys_host'), 'api_keys', ['host'], unique=False)
    op.create_table('view_event_ids',
    sa.Column('event_id', sa.String(length=128), nullable=False),
    sa.Column('received_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('event_id', name=op.f('pk_view_event_ids'))
    )
    op.create_index(op.f('ix_view_event_ids_received_at'), 'view_event_ids', ['received_at'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_view_event_ids_received_at'), table_name='view_event_ids')
    op.drop_table('view_event_ids')
    op.drop_index(op.f('ix_api_keys_host'), table_name='api_keys')
    op.drop_table('api_keys')
