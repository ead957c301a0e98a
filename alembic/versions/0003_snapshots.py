"""Snapshots: the compressed RenderedPage of each page's last crawl, for re-extraction.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0003'
down_revision: str | None = '0002'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('snapshots',
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('crawl_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('format', sa.Integer(), nullable=False),
    sa.Column('size_bytes', sa.Integer(), nullable=False),
    sa.Column('data', sa.LargeBinary(), nullable=False),
    sa.ForeignKeyConstraint(['crawl_id'], ['crawls.id'], name=op.f('fk_snapshots_crawl_id_crawls'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['page_id'], ['pages.id'], name=op.f('fk_snapshots_page_id_pages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('page_id', name=op.f('pk_snapshots'))
    )


def downgrade() -> None:
    op.drop_table('snapshots')
