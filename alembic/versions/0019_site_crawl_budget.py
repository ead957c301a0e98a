"""A site's crawl budget: `sites.crawl_budget_per_hour` (set by `sites add --budget`) and
`sites.budget_threshold` (what the last recrawl the budget bought was worth), and
`pages.change_anchor_at` (where the page's ladder clock starts: its publication or first crawl).

Revision ID: 0019
Revises: 0018
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0019'
down_revision: str | None = '0018'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('sites') as batch:
        batch.add_column(sa.Column('crawl_budget_per_hour', sa.Double(), nullable=True))
        batch.add_column(sa.Column('budget_threshold', sa.Double(), nullable=True))
    with op.batch_alter_table('pages') as batch:
        batch.add_column(sa.Column('change_anchor_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('pages') as batch:
        batch.drop_column('change_anchor_at')
    with op.batch_alter_table('sites') as batch:
        batch.drop_column('budget_threshold')
        batch.drop_column('crawl_budget_per_hour')
