"""Page validators (ETag, Last-Modified, raw-HTML hash) for cheap recrawls without a render.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0007'
down_revision: str | None = '0006'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('page_validators',
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('etag', sa.String(length=255), nullable=True),
    sa.Column('last_modified', sa.String(length=64), nullable=True),
    sa.Column('raw_sha256', sa.String(length=64), nullable=True),
    sa.Column('checked_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('unchanged_streak', sa.Integer(), server_default=sa.text('0'), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['pages.id'], name=op.f('fk_page_validators_page_id_pages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('page_id', name=op.f('pk_page_validators'))
    )


def downgrade() -> None:
    op.drop_table('page_validators')
