"""The change history: `crawls.content_changed` (did this crawl find new content?) and
`pages.change_rate_per_day` (the scheduler's estimate from that history).

Existing crawls are filled in from the crawl log: an `unchanged` crawl found nothing new; a
crawl with a profile changed when its content hash differs from the one before it.

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0016'
down_revision: str | None = '0015'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BACKFILL = """
UPDATE crawls SET content_changed = (content_hash <> (
    SELECT before.content_hash FROM crawls AS before
    WHERE before.page_id = crawls.page_id AND before.content_hash IS NOT NULL
      AND (before.started_at < crawls.started_at OR (before.started_at = crawls.started_at AND before.id < crawls.id))
    ORDER BY before.started_at DESC, before.id DESC LIMIT 1))
WHERE content_hash IS NOT NULL
"""


def upgrade() -> None:
    with op.batch_alter_table('crawls') as batch:
        batch.add_column(sa.Column('content_changed', sa.Boolean(), nullable=True))
    with op.batch_alter_table('pages') as batch:
        batch.add_column(sa.Column('change_rate_per_day', sa.Double(), nullable=True))
    op.execute("UPDATE crawls SET content_changed = FALSE WHERE outcome = 'unchanged'")
    op.execute(BACKFILL)


def downgrade() -> None:
    with op.batch_alter_table('pages') as batch:
        batch.drop_column('change_rate_per_day')
    with op.batch_alter_table('crawls') as batch:
        batch.drop_column('content_changed')
