"""Pages, profiles and their child tables, profile history and the crawl log.

The schema people query: see storage/SCHEMA.md.

Revision ID: 0001
Revises: 
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0001'
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table('sites',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('host', sa.String(length=255), nullable=False),
    sa.Column('min_recrawl_seconds', sa.Integer(), nullable=True),
    sa.Column('max_recrawl_seconds', sa.Integer(), nullable=True),
    sa.Column('max_concurrent_pages', sa.Integer(), nullable=True),
    sa.Column('min_delay_ms', sa.Integer(), nullable=True),
    sa.Column('obey_robots', sa.Boolean(), server_default=sa.true(), nullable=False),
    sa.Column('extra_denylist', sa.Text(), server_default='', nullable=False),
    sa.Column('ignored_query_params', sa.Text(), server_default='', nullable=False),
    sa.Column('basic_auth_ref', sa.String(length=255), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_sites')),
    sa.UniqueConstraint('host', name=op.f('uq_sites_host'))
    )
    op.create_table('pages',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('url', sa.String(length=2048), nullable=False),
    sa.Column('canonical_url', sa.String(length=2048), nullable=True),
    sa.Column('host', sa.String(length=255), nullable=False),
    sa.Column('site_id', sa.Integer(), nullable=True),
    sa.Column('first_seen_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_crawled_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('next_crawl_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('crawl_state', sa.String(length=16), server_default='new', nullable=False),
    sa.Column('error_count', sa.Integer(), server_default=sa.text('0'), nullable=False),
    sa.CheckConstraint("crawl_state IN ('new', 'crawled', 'failed', 'parked')", name=op.f('ck_pages_crawl_state')),
    sa.ForeignKeyConstraint(['site_id'], ['sites.id'], name=op.f('fk_pages_site_id_sites'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_pages')),
    sa.UniqueConstraint('url', name=op.f('uq_pages_url'))
    )
    op.create_index(op.f('ix_pages_canonical_url'), 'pages', ['canonical_url'], unique=False)
    op.create_index(op.f('ix_pages_host'), 'pages', ['host'], unique=False)
    op.create_index(op.f('ix_pages_next_crawl_at'), 'pages', ['next_crawl_at'], unique=False)
    op.create_index(op.f('ix_pages_site_id'), 'pages', ['site_id'], unique=False)

    op.create_table('crawls',
    sa.Column('id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('url', sa.String(length=2048), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('outcome', sa.String(length=16), nullable=False),
    sa.Column('http_status', sa.Integer(), nullable=True),
    sa.Column('final_url', sa.Text(), nullable=True),
    sa.Column('blocked_requests', sa.Integer(), server_default=sa.text('0'), nullable=False),
    sa.Column('render_ms', sa.Integer(), nullable=True),
    sa.Column('extract_ms', sa.Integer(), nullable=True),
    sa.Column('content_hash', sa.String(length=64), nullable=True),
    sa.Column('error', sa.Text(), nullable=True),
    sa.CheckConstraint("outcome IN ('ok', 'http_error', 'timeout', 'dns_error', 'connection_error', 'tls_error', 'redirect_loop', 'non_html', 'browser_crash', 'blocked', 'soft_404', 'unchanged', 'error')", name=op.f('ck_crawls_outcome')),
    sa.ForeignKeyConstraint(['page_id'], ['pages.id'], name=op.f('fk_crawls_page_id_pages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_crawls'))
    )
    op.create_index('ix_crawls_page_id_started_at', 'crawls', ['page_id', 'started_at'], unique=False)
    op.create_index('ix_crawls_started_at_outcome', 'crawls', ['started_at', 'outcome'], unique=False)

    op.create_table('page_aliases',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('url', sa.String(length=2048), nullable=False),
    sa.Column('reason', sa.String(length=16), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['pages.id'], name=op.f('fk_page_aliases_page_id_pages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_page_aliases')),
    sa.UniqueConstraint('url', name=op.f('uq_page_aliases_url'))
    )
    op.create_index(op.f('ix_page_aliases_page_id'), 'page_aliases', ['page_id'], unique=False)

    op.create_table('profile_versions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('crawl_id', sa.BigInteger().with_variant(sa.Integer(), 'sqlite'), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('content_hash', sa.String(length=64), nullable=False),
    sa.Column('title', sa.Text(), nullable=True),
    sa.Column('page_class', sa.String(length=32), nullable=True),
    sa.Column('published_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('modified_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('word_count', sa.Integer(), nullable=False),
    sa.Column('image_url', sa.Text(), nullable=True),
    sa.Column('body_hash', sa.String(length=64), nullable=False),
    sa.Column('profile_json', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['crawl_id'], ['crawls.id'], name=op.f('fk_profile_versions_crawl_id_crawls'), ondelete='SET NULL'),
    sa.ForeignKeyConstraint(['page_id'], ['pages.id'], name=op.f('fk_profile_versions_page_id_pages'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_profile_versions'))
    )
    op.create_index('ix_profile_versions_page_id_created_at', 'profile_versions', ['page_id', 'created_at'], unique=False)

    op.create_table('profiles',
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('version_id', sa.Integer(), nullable=False),
    sa.Column('canonical_url', sa.Text(), nullable=True),
    sa.Column('title', sa.Text(), nullable=True),
    sa.Column('description', sa.Text(), nullable=True),
    sa.Column('page_class', sa.String(length=32), nullable=True),
    sa.Column('published_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('modified_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('article_id', sa.String(length=255), nullable=True),
    sa.Column('image_url', sa.Text(), nullable=True),
    sa.Column('image_width', sa.Integer(), nullable=True),
    sa.Column('image_height', sa.Integer(), nullable=True),
    sa.Column('language', sa.String(length=35), nullable=True),
    sa.Column('recommendable', sa.Boolean(), nullable=False),
    sa.Column('recommending', sa.Boolean(), nullable=False),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('soft_404', sa.Boolean(), nullable=False),
    sa.Column('word_count', sa.Integer(), nullable=False),
    sa.Column('content_hash', sa.String(length=64), nullable=False),
    sa.Column('crawled_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('changed_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('sources_json', sa.Text(), nullable=False),
    sa.Column('rejections_json', sa.Text(), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['pages.id'], name=op.f('fk_profiles_page_id_pages'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['version_id'], ['profile_versions.id'], name=op.f('fk_profiles_version_id_profile_versions')),
    sa.PrimaryKeyConstraint('page_id', name=op.f('pk_profiles'))
    )
    op.create_index(op.f('ix_profiles_article_id'), 'profiles', ['article_id'], unique=False)
    op.create_index(op.f('ix_profiles_expires_at'), 'profiles', ['expires_at'], unique=False)
    op.create_index(op.f('ix_profiles_image_width'), 'profiles', ['image_width'], unique=False)
    op.create_index(op.f('ix_profiles_page_class'), 'profiles', ['page_class'], unique=False)
    op.create_index(op.f('ix_profiles_published_at'), 'profiles', ['published_at'], unique=False)
    op.create_index(op.f('ix_profiles_recommendable'), 'profiles', ['recommendable'], unique=False)
    op.create_index(op.f('ix_profiles_soft_404'), 'profiles', ['soft_404'], unique=False)
    op.create_index(op.f('ix_profiles_version_id'), 'profiles', ['version_id'], unique=False)

    op.create_table('profile_authors',
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=500), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['profiles.page_id'], name=op.f('fk_profile_authors_page_id_profiles'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('page_id', 'position', name=op.f('pk_profile_authors'))
    )
    op.create_index('ix_profile_authors_name_page_id', 'profile_authors', ['name', 'page_id'], unique=False)

    op.create_table('profile_categories',
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('category', sa.String(length=500), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['profiles.page_id'], name=op.f('fk_profile_categories_page_id_profiles'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('page_id', 'position', name=op.f('pk_profile_categories'))
    )
    op.create_index('ix_profile_categories_category_page_id', 'profile_categories', ['category', 'page_id'], unique=False)

    op.create_table('profile_fields',
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(length=255), nullable=False),
    sa.Column('type', sa.String(length=8), nullable=False),
    sa.Column('value_text', sa.String(length=500), nullable=True),
    sa.Column('value_number', sa.Double(), nullable=True),
    sa.Column('value_time', sa.DateTime(timezone=True), nullable=True),
    sa.Column('latitude', sa.Double(), nullable=True),
    sa.Column('longitude', sa.Double(), nullable=True),
    sa.CheckConstraint("type IN ('string', 'number', 'time', 'geopoint')", name=op.f('ck_profile_fields_type')),
    sa.ForeignKeyConstraint(['page_id'], ['profiles.page_id'], name=op.f('fk_profile_fields_page_id_profiles'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('page_id', 'position', name=op.f('pk_profile_fields'))
    )
    op.create_index('ix_profile_fields_key_value_number', 'profile_fields', ['key', 'value_number'], unique=False)
    op.create_index('ix_profile_fields_key_value_text', 'profile_fields', ['key', 'value_text'], unique=False)
    op.create_index('ix_profile_fields_key_value_time', 'profile_fields', ['key', 'value_time'], unique=False)

    op.create_table('profile_keywords',
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('keyword', sa.String(length=500), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['profiles.page_id'], name=op.f('fk_profile_keywords_page_id_profiles'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('page_id', 'position', name=op.f('pk_profile_keywords'))
    )
    op.create_index('ix_profile_keywords_keyword_page_id', 'profile_keywords', ['keyword', 'page_id'], unique=False)

    op.create_table('profile_overrides',
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('value', sa.String(length=500), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['profiles.page_id'], name=op.f('fk_profile_overrides_page_id_profiles'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('page_id', 'kind', 'position', name=op.f('pk_profile_overrides'))
    )
    op.create_index('ix_profile_overrides_kind_value', 'profile_overrides', ['kind', 'value'], unique=False)

    op.create_table('profile_sections',
    sa.Column('page_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=500), nullable=False),
    sa.ForeignKeyConstraint(['page_id'], ['profiles.page_id'], name=op.f('fk_profile_sections_page_id_profiles'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('page_id', 'position', name=op.f('pk_profile_sections'))
    )
    op.create_index('ix_profile_sections_name_page_id', 'profile_sections', ['name', 'page_id'], unique=False)


def downgrade() -> None:
    # Dropping a table drops its indexes; children before parents.
    op.drop_table('profile_sections')
    op.drop_table('profile_overrides')
    op.drop_table('profile_keywords')
    op.drop_table('profile_fields')
    op.drop_table('profile_categories')
    op.drop_table('profile_authors')
    op.drop_table('profiles')
    op.drop_table('profile_versions')
    op.drop_table('page_aliases')
    op.drop_table('crawls')
    op.drop_table('pages')
    op.drop_table('sites')
