"""the records revision each published event version was computed from, so
that content computed from older records is never stored under a newer
SEQUENCE (issue 19, item 8: versions never go back)

Revision ID: 0008
Revises: 0007
"""
from alembic import op
import sqlalchemy as sa


revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('feed_event_state', sa.Column('basis', sa.BigInteger(), server_default='0', nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('feed_event_state') as batch:
        batch.drop_column('basis')
