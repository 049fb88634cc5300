"""a clerk's decisions on the choices the law gives per cycle (issue 8, item 4:
Utah's ranked-choice pilot recordable by the clerk)

Revision ID: 0004
Revises: 0003
"""
from alembic import op
import sqlalchemy as sa


revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('decision',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
    sa.Column('choice', sa.String(length=100), nullable=False),
    sa.Column('cycle', sa.Date(), nullable=False),
    sa.Column('taken', sa.Boolean(), nullable=False),
    sa.Column('authority', sa.Text(), nullable=False),
    sa.Column('recorded_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('jurisdiction_id', 'choice', 'cycle')
    )


def downgrade() -> None:
    op.drop_table('decision')
