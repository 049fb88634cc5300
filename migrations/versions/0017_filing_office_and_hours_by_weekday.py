"""the filing office a clerk records (office, address, phone, where a
candidate files), and office hours that differ by weekday (``other``: "4
09:00-13:00", the weekday, Monday 0, and its hours; "; " between); every
earlier entry keeps one set of hours for its days

Revision ID: 0017
Revises: 0016
"""
from alembic import op
import sqlalchemy as sa


revision = '0017'
down_revision = '0016'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('office_hours') as batch:
        batch.add_column(sa.Column('other', sa.String(length=80), nullable=True))
    op.create_table('filing_office',
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
    sa.Column('office', sa.Text(), nullable=False),
    sa.Column('address', sa.Text(), nullable=False),
    sa.Column('phone', sa.String(length=40), nullable=True),
    sa.Column('where', sa.Text(), nullable=True),
    sa.Column('authority', sa.Text(), nullable=False),
    sa.Column('recorded_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('jurisdiction_id')
    )


def downgrade() -> None:
    op.drop_table('filing_office')
    with op.batch_alter_table('office_hours') as batch:
        batch.drop_column('other')
