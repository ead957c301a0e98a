"""`profiles.gone_at`: a page that answered gone several times in a row keeps its last good
content but is no longer recommendable.

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0014'
down_revision: str | None = '0013'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('profiles') as batch:
        batch.add_column(sa.Column('gone_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('profiles') as batch:
        batch.drop_column('gone_at')
