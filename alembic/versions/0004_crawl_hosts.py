"""Per-host politeness rows for the queue's claim (max concurrent pages, minimum delay).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0004'
down_revision: str | None = '0003'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('crawl_hosts',
    sa.Column('host', sa.String(length=255), nullable=False),
    sa.Column('last_started_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('host', name=op.f('pk_crawl_hosts'))
    )


def downgrade() -> None:
    op.drop_table('crawl_hosts')
