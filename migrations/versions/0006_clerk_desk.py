"""the clerk's desk (issue 17): clerk accounts, the jurisdictions each keeps,
one-time sign-in links, and the notices a clerk marked published

Revision ID: 0006
Revises: 0005
"""
from alembic import op
import sqlalchemy as sa


revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('clerk_account',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('email', sa.String(length=320), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('revoked_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('email')
    )
    op.create_table('clerk_grant',
    sa.Column('account_id', sa.Integer(), nullable=False),
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
    sa.Column('granted_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['account_id'], ['clerk_account.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('account_id', 'jurisdiction_id')
    )
    op.create_table('clerk_signin',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('account_id', sa.Integer(), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('used_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['account_id'], ['clerk_account.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('token_hash')
    )
    op.create_table('notice_publication',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
    sa.Column('deadline_uid', sa.String(length=300), nullable=False),
    sa.Column('published_on', sa.Date(), nullable=False),
    sa.Column('where', sa.Text(), nullable=False),
    sa.Column('recorded_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('by', sa.String(length=200), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('deadline_uid')
    )


def downgrade() -> None:
    op.drop_table('notice_publication')
    op.drop_table('clerk_signin')
    op.drop_table('clerk_grant')
    op.drop_table('clerk_account')
