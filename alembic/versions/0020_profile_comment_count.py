"""A profile's comment count: `profiles.comment_count` (readers' comments on the page's story,
`extraction/comments.py`; null when none were seen). Refreshed on every saved crawl, like the
sources: it is not part of the content hash, so a new comment adds no version.

Revision ID: 0020
Revises: 0019
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0020'
down_revision: str | None = '0019'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('profiles') as batch:
        batch.add_column(sa.Column('comment_count', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('profiles') as batch:
        batch.drop_column('comment_count')
