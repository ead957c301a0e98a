"""Sites with several hosts: `site_hosts` holds a registered site's other hosts (`www.`, `m.`,
`amp.`, a CDN alias), so one registration, its keys and its settings cover them all.

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0017'
down_revision: str | None = '0016'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'site_hosts',
        sa.Column('host', sa.String(length=255), nullable=False),
        sa.Column('site_id', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['site_id'], ['sites.id'], name=op.f('fk_site_hosts_site_id_sites'), ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('host', name=op.f('pk_site_hosts')),
    )
    op.create_index(op.f('ix_site_hosts_site_id'), 'site_hosts', ['site_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_site_hosts_site_id'), table_name='site_hosts')
    op.drop_table('site_hosts')
