"""the office hours and closures a clerk records at the desk (issue 17, item 3)

Revision ID: 0007
Revises: 0006
"""
from alembic import op
import sqlalchemy as sa


revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('office_hours',
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
    sa.Column('open', sa.String(length=5), nullable=False),
    sa.Column('close', sa.String(length=5), nullable=False),
    sa.Column('authority', sa.Text(), nullable=False),
    sa.Column('recorded_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('jurisdiction_id')
    )
    op.create_table('office_closure',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('recorded_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('jurisdiction_id', 'day')
    )


def downgrade() -> None:
    op.drop_table('office_closure')
    op.drop_table('office_hours')
