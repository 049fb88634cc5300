"""the language a subscriber signed up in, so that its reminders are written
in it (issue 16); every subscription before it is English

Revision ID: 0010
Revises: 0009
"""
from alembic import op
import sqlalchemy as sa


revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('subscription') as batch:
        batch.add_column(sa.Column('lang', sa.String(length=8), nullable=False, server_default='en'))


def downgrade() -> None:
    with op.batch_alter_table('subscription') as batch:
        batch.drop_column('lang')
