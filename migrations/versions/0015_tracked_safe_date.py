"""the safe date a subscriber was last told about, beside the due, so that a
closure recorded on the act-by day (which moves the safe date alone) is told
as a move; a date tracked before it has none and is filled in at the next plan

Revision ID: 0015
Revises: 0014
"""
from alembic import op
import sqlalchemy as sa


revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('tracked_deadline') as batch:
        batch.add_column(sa.Column('safe_due', sa.String(length=40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('tracked_deadline') as batch:
        batch.drop_column('safe_due')
