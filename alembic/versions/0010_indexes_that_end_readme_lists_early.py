"""Indexes whose order is the order of the README's lists, so a list stops after its 100 rows.

`profile_fields (key, value_text, page_id)` replaces `(key, value_text)`: the text-field query
lists matching pages by page id, which the index now returns in order, and on SQLite it covers
the page id (no table lookup per match). `profiles (soft_404, crawled_at)` replaces
`(soft_404)`: soft 404s, most recently crawled first, read straight from the index. At 100k
profiles these queries went from reading every match (8,000 fields, 1,000 soft 404s) to reading
100 rows; the number of indexes, and so the cost of a save, is unchanged.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = '0010'
down_revision: str | None = '0009'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index('ix_profile_fields_key_value_text_page_id', 'profile_fields', ['key', 'value_text', 'page_id'])
    op.drop_index('ix_profile_fields_key_value_text', table_name='profile_fields')
    op.create_index('ix_profiles_soft_404_crawled_at', 'profiles', ['soft_404', 'crawled_at'])
    op.drop_index('ix_profiles_soft_404', table_name='profiles')


def downgrade() -> None:
    op.create_index('ix_profiles_soft_404', 'profiles', ['soft_404'])
    op.drop_index('ix_profiles_soft_404_crawled_at', table_name='profiles')
    op.create_index('ix_profile_fields_key_value_text', 'profile_fields', ['key', 'value_text'])
    op.drop_index('ix_profile_fields_key_value_text_page_id', table_name='profile_fields')
