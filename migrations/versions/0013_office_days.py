"""the weekdays the office is open, beside its hours (a town office open
Tuesday to Thursday); every earlier record is Monday to Friday

Revision ID: 0013
Revises: 0012
"""
from alembic import op
import sqlalchemy as sa


revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('office_hours') as batch:
        batch.add_column(sa.Column('days', sa.String(length=20), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('office_hours') as batch:
        batch.drop_column('days')
