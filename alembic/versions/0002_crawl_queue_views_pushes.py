"""The scheduler's tables: the leased crawl queue, page-view events and force pushes.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0002'
down_revision: str | None = '0001'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('crawl_queue',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('due_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('priority', sa.Integer(), server_default=sa.text('100'), nullable=False),
    sa.Column('reason', sa.String(length=16), nullable=False),
    sa.Column('state', sa.String(length=8), server_default='queued', nullable=False),
    sa.Column('lease_owner', sa.String(length=255), nullable=True),
    sa.Column('lease_expires_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('attempts', sa.Integer(), server_default=sa.text('0'), nullable=False),
    sa.Column('last_error', sa.Text(), nullable=True),
    sa.Column('enqueued_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.CheckConstraint("state IN ('queued', 'leased', 'done', 'parked')", name=op.f('ck_crawl_queue_state')),
    sa.ForeignKeyConstraint(['page_id'], ['pages.id'], name=op.f('fk_crawl_queue_page_id_pages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_crawl_queue')),
    sa.UniqueConstraint('page_id', name=op.f('uq_crawl_queue_page_id'))
    )
    op.create_index('ix_crawl_queue_state_lease_expires_at', 'crawl_queue', ['state', 'lease_expires_at'], unique=False)
    op.create_index('ix_crawl_queue_state_priority_due_at', 'crawl_queue', ['state', 'priority', 'due_at'], unique=False)

    op.create_table('page_views',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('viewed_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('modified_time', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['page_id'], ['pages.id'], name=op.f('fk_page_views_page_id_pages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_page_views'))
    )
    op.create_index('ix_page_views_page_id_viewed_at', 'page_views', ['page_id', 'viewed_at'], unique=False)
    op.create_index(op.f('ix_page_views_viewed_at'), 'page_views', ['viewed_at'], unique=False)

    op.create_table('pushes',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('requested_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('honoured', sa.Boolean(), nullable=False),
    sa.Column('note', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['page_id'], ['pages.id'], name=op.f('fk_pushes_page_id_pages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_pushes'))
    )
    op.create_index('ix_pushes_page_id_requested_at', 'pushes', ['page_id', 'requested_at'], unique=False)


def downgrade() -> None:
    # Dropping a table drops its indexes; children before parents.
    op.drop_table('pushes')
    op.drop_table('page_views')
    op.drop_table('crawl_queue')
