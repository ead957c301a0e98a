"""Budgets for the crawls outsiders ask for: `pushes.merged` (a push honoured by a crawl already
pending spends none of the URL's pushes) and `modified_recrawls` (the crawls a view's
`modified_time` queued, counted per URL like pushes).

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0018'
down_revision: str | None = '0017'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('pushes') as batch:
        batch.add_column(sa.Column('merged', sa.Boolean(), server_default=sa.false(), nullable=False))
    op.create_table('modified_recrawls',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('queued_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['pages.id'], name=op.f('fk_modified_recrawls_page_id_pages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_modified_recrawls'))
    )
    op.create_index('ix_modified_recrawls_page_id_queued_at', 'modified_recrawls', ['page_id', 'queued_at'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_modified_recrawls_page_id_queued_at', table_name='modified_recrawls')
    op.drop_table('modified_recrawls')
    with op.batch_alter_table('pushes') as batch:
        batch.drop_column('merged')
