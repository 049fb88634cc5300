"""requests for the clerk's desk (/clerk/request) and public reports of the
dates a government published (POST /api/v1/jurisdictions/<id>/reports)
(issue 25, part 5)

Revision ID: 0012
Revises: 0011
"""
from alembic import op
import sqlalchemy as sa


revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('access_request',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('email', sa.String(length=320), nullable=False),
    sa.Column('role', sa.String(length=200), nullable=False),
    sa.Column('lang', sa.String(length=8), nullable=False),
    sa.Column('state', sa.String(length=10), nullable=False),
    sa.Column('reason', sa.Text(), nullable=True),
    sa.Column('client', sa.String(length=64), nullable=False),
    sa.Column('asked_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('decided_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('decided_by', sa.String(length=200), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_access_request_state', 'access_request', ['state', 'id'], unique=False)
    op.create_index('ix_access_request_jid', 'access_request', ['jurisdiction_id'], unique=False)
    op.create_table('date_report',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
    sa.Column('deadline', sa.String(length=100), nullable=False),
    sa.Column('cycle', sa.Date(), nullable=False),
    sa.Column('due', sa.String(length=40), nullable=False),
    sa.Column('due_given', sa.String(length=60), nullable=False),
    sa.Column('source', sa.Text(), nullable=False),
    sa.Column('quote', sa.Text(), nullable=False),
    sa.Column('email', sa.String(length=320), nullable=True),
    sa.Column('client', sa.String(length=64), nullable=False),
    sa.Column('state', sa.String(length=10), nullable=False),
    sa.Column('reason', sa.Text(), nullable=True),
    sa.Column('received_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('decided_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('decided_on', sa.Date(), nullable=True),
    sa.Column('decided_by', sa.String(length=200), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_date_report_jid', 'date_report', ['jurisdiction_id', 'state'], unique=False)
    op.create_index('ix_date_report_state', 'date_report', ['state', 'id'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_date_report_state', table_name='date_report')
    op.drop_index('ix_date_report_jid', table_name='date_report')
    op.drop_table('date_report')
    op.drop_index('ix_access_request_jid', table_name='access_request')
    op.drop_index('ix_access_request_state', table_name='access_request')
    op.drop_table('access_request')
