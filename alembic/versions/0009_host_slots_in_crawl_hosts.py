"""The queue's per-host gate moves into `crawl_hosts`: `leased` and `next_start_at`.

A claim checks and takes a host's slot on the locked `crawl_hosts` row itself instead of
counting leased pages in other rows, so that PostgreSQL can claim in one statement: a count
read from the statement's snapshot could miss a lease committed a moment earlier, while the
locked row is always its newest version. Every host with a queued page gets a row (enqueueing
creates it from now on), and `leased` starts from the queue as it is.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0009'
down_revision: str | None = '0008'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('crawl_hosts') as batch_op:
        batch_op.add_column(sa.Column('leased', sa.Integer(), server_default=sa.text('0'), nullable=False))
        batch_op.add_column(sa.Column('next_start_at', sa.DateTime(timezone=True), nullable=True))
    op.execute(
        "INSERT INTO crawl_hosts (host, leased) SELECT DISTINCT p.host, 0 FROM crawl_queue q"
        " JOIN pages p ON p.id = q.page_id"
        " WHERE NOT EXISTS (SELECT 1 FROM crawl_hosts h WHERE h.host = p.host)")
    op.execute(
        "UPDATE crawl_hosts SET leased = (SELECT COUNT(*) FROM crawl_queue q JOIN pages p ON p.id = q.page_id"
        " WHERE p.host = crawl_hosts.host AND q.state = 'leased')")


def downgrade() -> None:
    with op.batch_alter_table('crawl_hosts') as batch_op:
        batch_op.drop_column('next_start_at')
        batch_op.drop_column('leased')
