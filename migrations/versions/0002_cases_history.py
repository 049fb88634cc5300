"""cases and history: event labels, deleted events kept (cancelled in feeds),
the authority for entered election dates, and the clerk's history

Revision ID: 0002
Revises: 0001
"""
from alembic import op
import sqlalchemy as sa


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('trigger_event') as t:
        t.add_column(sa.Column('label', sa.String(length=200), nullable=False, server_default=''))
        t.add_column(sa.Column('deleted_at', sa.DateTime(timezone=True), nullable=True))
        t.add_column(sa.Column('deleted_reason', sa.Text(), nullable=True))
    with op.batch_alter_table('election_date') as t:
        t.add_column(sa.Column('authority', sa.Text(), nullable=True))
        t.add_column(sa.Column('reason', sa.Text(), nullable=True))
    op.create_table('clerk_history',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('by', sa.String(length=200), nullable=False),
    sa.Column('action', sa.String(length=40), nullable=False),
    sa.Column('target', sa.String(length=300), nullable=False),
    sa.Column('before', sa.Text(), nullable=True),
    sa.Column('after', sa.Text(), nullable=True),
    sa.Column('authority', sa.Text(), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_clerk_history_jid', 'clerk_history', ['jurisdiction_id', 'id'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_clerk_history_jid', table_name='clerk_history')
    op.drop_table('clerk_history')
    with op.batch_alter_table('election_date') as t:
        t.drop_column('reason')
        t.drop_column('authority')
    with op.batch_alter_table('trigger_event') as t:
        t.drop_column('deleted_reason')
        t.drop_column('deleted_at')
        t.drop_column('label')
