"""a subscription's audience: reminders only for the deadlines of candidates,
the clerk, the public or petitioners (empty: every deadline, as before)

Revision ID: 0014
Revises: 0013
"""
from alembic import op
import sqlalchemy as sa


revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('subscription') as batch:
        batch.add_column(sa.Column('audience', sa.String(length=20), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('subscription') as batch:
        batch.drop_column('audience')
