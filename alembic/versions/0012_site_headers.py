"""Per-site HTTP headers on site rows (`rendercrawl sites add --header`).

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0012'
down_revision: str | None = '0011'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('sites') as batch:
        batch.add_column(sa.Column('headers', sa.Text(), server_default='{}', nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('sites') as batch:
        batch.drop_column('headers')
