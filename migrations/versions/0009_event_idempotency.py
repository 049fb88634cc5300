"""an idempotency key per recorded event, so that a clerk's POST retried after
a crash or a lost answer records the event once (issue 19, item 9)

Revision ID: 0009
Revises: 0008
"""
from alembic import op
import sqlalchemy as sa


revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('trigger_event', sa.Column('idempotency_key', sa.String(length=100), nullable=True))
    op.create_index('ux_trigger_event_idempotency', 'trigger_event', ['jurisdiction_id', 'idempotency_key'],
                    unique=True)


def downgrade() -> None:
    op.drop_index('ux_trigger_event_idempotency', table_name='trigger_event')
    with op.batch_alter_table('trigger_event') as batch:
        batch.drop_column('idempotency_key')
