"""boundaries for "where you stand" (issue 26, item 5): the features of each
imported boundary file, joined to a government (or a county) by GEOID or
LGID, with their geometry (WKB) and bounding box; one row per imported file

Revision ID: 0011
Revises: 0010
"""
from alembic import op
import sqlalchemy as sa


revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('boundary_import',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('layer', sa.String(length=20), nullable=False),
    sa.Column('source', sa.String(length=255), nullable=False),
    sa.Column('features', sa.Integer(), nullable=False),
    sa.Column('joined', sa.Integer(), nullable=False),
    sa.Column('imported_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('layer', 'source'),
    sqlite_autoincrement=True
    )
    op.create_table('boundary',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=True),
    sa.Column('county', sa.String(length=100), nullable=True),
    sa.Column('state', sa.String(length=2), nullable=False),
    sa.Column('layer', sa.String(length=20), nullable=False),
    sa.Column('key_type', sa.String(length=5), nullable=False),
    sa.Column('key', sa.String(length=20), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('source', sa.String(length=255), nullable=False),
    sa.Column('geometry', sa.LargeBinary(), nullable=False),
    sa.Column('min_lon', sa.Float(), nullable=False),
    sa.Column('min_lat', sa.Float(), nullable=False),
    sa.Column('max_lon', sa.Float(), nullable=False),
    sa.Column('max_lat', sa.Float(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_boundary_source', 'boundary', ['layer', 'source'], unique=False)
    op.create_index('ix_boundary_jid', 'boundary', ['jurisdiction_id'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_boundary_jid', table_name='boundary')
    op.drop_index('ix_boundary_source', table_name='boundary')
    op.drop_table('boundary')
    op.drop_table('boundary_import')
