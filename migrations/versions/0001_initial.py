"""initial schema: anchors, tokens, subscriptions, reminders, delivery log, feed state

Revision ID: 0001
Revises: 
"""
from alembic import op
import sqlalchemy as sa


revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('clerk_token',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('label', sa.String(length=200), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('revoked_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('token_hash')
    )
    op.create_table('election_date',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
    sa.Column('cycle', sa.Date(), nullable=False),
    sa.Column('general', sa.Date(), nullable=True),
    sa.Column('primary', sa.Date(), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('jurisdiction_id', 'cycle')
    )
    op.create_table('feed_event_state',
    sa.Column('uid', sa.String(length=300), nullable=False),
    sa.Column('content_hash', sa.String(length=64), nullable=False),
    sa.Column('sequence', sa.Integer(), nullable=False),
    sa.Column('last_modified', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('uid')
    )
    op.create_table('jurisdiction_state',
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
    sa.Column('anchors_rev', sa.Integer(), nullable=False),
    sa.Column('subs_rev', sa.Integer(), nullable=False),
    sa.Column('planned', sa.String(length=500), nullable=True),
    sa.PrimaryKeyConstraint('jurisdiction_id')
    )
    op.create_table('override',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
    sa.Column('deadline', sa.String(length=100), nullable=False),
    sa.Column('election', sa.Date(), nullable=False),
    sa.Column('status', sa.String(length=20), nullable=False),
    sa.Column('due', sa.String(length=40), nullable=True),
    sa.Column('start', sa.String(length=40), nullable=True),
    sa.Column('authority', sa.Text(), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('jurisdiction_id', 'deadline', 'election')
    )
    op.create_table('subscription',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
    sa.Column('channel', sa.String(length=10), nullable=False),
    sa.Column('target', sa.String(length=2000), nullable=False),
    sa.Column('secret', sa.String(length=100), nullable=True),
    sa.Column('leads', sa.String(length=100), nullable=False),
    sa.Column('notice_lead', sa.Integer(), nullable=False),
    sa.Column('deadline_ids', sa.String(length=2000), nullable=False),
    sa.Column('confirm_token', sa.String(length=64), nullable=True),
    sa.Column('unsubscribe_token', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('confirmed_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('unsubscribed_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('confirm_token'),
    sa.UniqueConstraint('unsubscribe_token')
    )
    with op.batch_alter_table('subscription', schema=None) as batch_op:
        batch_op.create_index('ix_subscription_jid', ['jurisdiction_id'], unique=False)

    op.create_table('trigger_event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('value', sa.String(length=40), nullable=False),
    sa.Column('recorded_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('trigger_event', schema=None) as batch_op:
        batch_op.create_index('ix_trigger_event_jid', ['jurisdiction_id'], unique=False)

    op.create_table('reminder',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(length=64), nullable=False),
    sa.Column('subscription_id', sa.Integer(), nullable=False),
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
    sa.Column('deadline_uid', sa.String(length=300), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('lead', sa.String(length=40), nullable=False),
    sa.Column('due', sa.String(length=40), nullable=False),
    sa.Column('fire_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('payload', sa.Text(), nullable=False),
    sa.Column('state', sa.String(length=12), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('not_before', sa.DateTime(timezone=True), nullable=True),
    sa.Column('lease_until', sa.DateTime(timezone=True), nullable=True),
    sa.Column('claimed_by', sa.String(length=64), nullable=True),
    sa.Column('sent_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('late', sa.Boolean(), nullable=False),
    sa.Column('error', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['subscription_id'], ['subscription.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('key')
    )
    with op.batch_alter_table('reminder', schema=None) as batch_op:
        batch_op.create_index('ix_reminder_due', ['state', 'fire_at'], unique=False)
        batch_op.create_index('ix_reminder_sub', ['subscription_id', 'state'], unique=False)

    op.create_table('tracked_deadline',
    sa.Column('subscription_id', sa.Integer(), nullable=False),
    sa.Column('deadline_uid', sa.String(length=300), nullable=False),
    sa.Column('title', sa.String(length=300), nullable=False),
    sa.Column('due', sa.String(length=40), nullable=False),
    sa.Column('status', sa.String(length=20), nullable=False),
    sa.ForeignKeyConstraint(['subscription_id'], ['subscription.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('subscription_id', 'deadline_uid')
    )
    op.create_table('delivery_log',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('reminder_id', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('outcome', sa.String(length=12), nullable=False),
    sa.Column('worker', sa.String(length=64), nullable=False),
    sa.Column('detail', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['reminder_id'], ['reminder.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('delivery_log', schema=None) as batch_op:
        batch_op.create_index('ix_delivery_log_reminder', ['reminder_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('delivery_log', schema=None) as batch_op:
        batch_op.drop_index('ix_delivery_log_reminder')

    op.drop_table('delivery_log')
    op.drop_table('tracked_deadline')
    with op.batch_alter_table('reminder', schema=None) as batch_op:
        batch_op.drop_index('ix_reminder_sub')
        batch_op.drop_index('ix_reminder_due')

    op.drop_table('reminder')
    with op.batch_alter_table('trigger_event', schema=None) as batch_op:
        batch_op.drop_index('ix_trigger_event_jid')

    op.drop_table('trigger_event')
    with op.batch_alter_table('subscription', schema=None) as batch_op:
        batch_op.drop_index('ix_subscription_jid')

    op.drop_table('subscription')
    op.drop_table('override')
    op.drop_table('jurisdiction_state')
    op.drop_table('feed_event_state')
    op.drop_table('election_date')
    op.drop_table('clerk_token')
