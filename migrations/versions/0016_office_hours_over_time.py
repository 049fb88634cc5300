"""office hours over time: an entry holds from a day on (until the next one,
or the day a clerk ended it), and a new entry no longer overwrites the one
before, so that hours recorded now do not move past cycles; the table gets an
id of its own (a jurisdiction has many entries). An entry recorded before
holds from the day it was recorded, in the jurisdiction's zone: its
``holds_from`` is left empty and read so (the zone is the calendar's, not the
database's)

Revision ID: 0016
Revises: 0015
"""
from alembic import op
import sqlalchemy as sa


revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None

_KEPT = "jurisdiction_id, open, close, authority, recorded_at, days"


def upgrade() -> None:
    op.create_table('office_hours_new',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
    sa.Column('open', sa.String(length=5), nullable=False),
    sa.Column('close', sa.String(length=5), nullable=False),
    sa.Column('authority', sa.Text(), nullable=False),
    sa.Column('recorded_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('days', sa.String(length=20), nullable=True),
    sa.Column('holds_from', sa.Date(), nullable=True),
    sa.Column('holds_until', sa.Date(), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    op.execute(f"INSERT INTO office_hours_new ({_KEPT}) SELECT {_KEPT} FROM office_hours ORDER BY jurisdiction_id")
    op.drop_table('office_hours')
    op.rename_table('office_hours_new', 'office_hours')


def downgrade() -> None:
    # one entry per jurisdiction again: the latest recorded (earlier ones are in the history)
    op.create_table('office_hours_old',
    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
    sa.Column('open', sa.String(length=5), nullable=False),
    sa.Column('close', sa.String(length=5), nullable=False),
    sa.Column('authority', sa.Text(), nullable=False),
    sa.Column('recorded_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('days', sa.String(length=20), nullable=True),
    sa.PrimaryKeyConstraint('jurisdiction_id')
    )
    op.execute(f"INSERT INTO office_hours_old ({_KEPT}) SELECT {_KEPT} FROM office_hours h WHERE h.holds_until IS NULL "
               "AND h.id = (SELECT max(o.id) FROM office_hours o WHERE o.jurisdiction_id = h.jurisdiction_id "
               "AND o.holds_until IS NULL)")
    op.drop_table('office_hours')
    op.rename_table('office_hours_old', 'office_hours')
