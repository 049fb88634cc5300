"""an override may replace the date of one case's deadline (issue 17): the
override table gets ``case_id`` ("" for a cycle's own deadline), unique with
the deadline and the cycle

Revision ID: 0005
Revises: 0004
"""
from alembic import op
import sqlalchemy as sa


revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None

COLUMNS = ('jurisdiction_id', 'deadline', 'election')


def _old_table() -> sa.Table:
    """The table as 0001 made it, its unique constraint named so that SQLite's
    batch copy can leave it out (SQLite reflects it without a name)."""
    return sa.Table('override', sa.MetaData(),
                    sa.Column('id', sa.Integer(), primary_key=True),
                    sa.Column('jurisdiction_id', sa.String(length=100), nullable=False),
                    sa.Column('deadline', sa.String(length=100), nullable=False),
                    sa.Column('election', sa.Date(), nullable=False),
                    sa.Column('status', sa.String(length=20), nullable=False),
                    sa.Column('due', sa.String(length=40), nullable=True),
                    sa.Column('start', sa.String(length=40), nullable=True),
                    sa.Column('authority', sa.Text(), nullable=False),
                    sa.Column('reason', sa.Text(), nullable=False),
                    sa.UniqueConstraint(*COLUMNS, name='override_jurisdiction_id_deadline_election_key'))


def upgrade() -> None:
    sqlite = op.get_context().dialect.name == 'sqlite'
    with op.batch_alter_table('override', copy_from=_old_table() if sqlite else None) as b:
        b.add_column(sa.Column('case_id', sa.String(length=100), nullable=False, server_default=''))
        b.drop_constraint('override_jurisdiction_id_deadline_election_key', type_='unique')
        b.create_unique_constraint('uq_override', [*COLUMNS, 'case_id'])


def downgrade() -> None:
    op.execute("DELETE FROM override WHERE case_id != ''")
    with op.batch_alter_table('override') as b:
        b.drop_constraint('uq_override', type_='unique')
        b.drop_column('case_id')
        b.create_unique_constraint('override_jurisdiction_id_deadline_election_key', list(COLUMNS))
