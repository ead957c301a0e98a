"""The `suspect` crawl outcome: a recrawl that gutted the page keeps the last good profile.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = '0013'
down_revision: str | None = '0012'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BEFORE = ('ok', 'http_error', 'timeout', 'dns_error', 'connection_error', 'tls_error', 'redirect_loop', 'non_html',
          'browser_crash', 'blocked', 'soft_404', 'unchanged', 'error')
AFTER = ('ok', 'http_error', 'timeout', 'dns_error', 'connection_error', 'tls_error', 'redirect_loop', 'non_html',
         'browser_crash', 'blocked', 'soft_404', 'unchanged', 'suspect', 'error')


def _outcomes(values: tuple[str, ...]) -> None:
    with op.batch_alter_table('crawls') as batch:
        batch.drop_constraint(op.f('ck_crawls_outcome'), type_='check')
        batch.create_check_constraint(op.f('ck_crawls_outcome'), f"outcome IN ({', '.join(repr(v) for v in values)})")


def upgrade() -> None:
    _outcomes(AFTER)


def downgrade() -> None:
    op.execute("UPDATE crawls SET outcome = 'error' WHERE outcome = 'suspect'")
    _outcomes(BEFORE)
