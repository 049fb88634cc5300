"""``deadlines reports [--json]``, ``deadlines reports accept ID``,
``deadlines reports reject ID --reason R``: the public reports of dates a
government published (:mod:`deadlines.store.reports`)."""
from __future__ import annotations

import json
import logging

import click
from sqlalchemy.orm import Session

from deadlines.core.errors import InputError
from deadlines.core.registry import Registry
from deadlines import commands
from deadlines.store import history, reports as stored
from deadlines.store.db import get_db, now, writer

#: Who the history says decided a report from the command line.
OPERATOR = history.Who("operator (command line)")
log = logging.getLogger(__name__)


@click.group(invoke_without_command=True)
@click.option("--json", "as_json", is_flag=True, help="One JSON array of the reports.")
@click.option("--jurisdiction", help="Only this jurisdiction's reports (an id or an OCD id).")
@click.option("--state", type=click.Choice(stored.STATES), help="Only the reports in this state.")
@click.pass_context
def reports(ctx: click.Context, as_json: bool, jurisdiction: str | None, state: str | None) -> None:
    """Reports of dates a government published: pending first (oldest first),
    then the decided ones (newest first). Nothing a report says is used until
    it is accepted."""
    if ctx.invoked_subcommand is not None:
        return
    jid = _jurisdiction(jurisdiction).id if jurisdiction else None
    with Session(get_db()) as s:
        rows = [stored.as_dict(r) for r in stored.listing(s, jid, state)]
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    for r in rows:
        decided = f"{r['status']} {r['decided_on']} by {r['decided_by']}" if r["decided_on"] else r["status"]
        why = f"\t{r['reason']}" if r["reason"] else ""
        click.echo(f"{r['id']}\t{r['received_at'][:16]}\t{r['jurisdiction']}\t{r['election']}\t{r['deadline']}\t"
                   f"{r['due']}\t{r['source']}\t{decided}{why}")


def _jurisdiction(key: str):
    try:
        return Registry().get(key)
    except InputError as exc:
        raise click.ClickException(str(exc)) from None


def _decide(report_id: int, decide):
    db = get_db()
    try:
        with Session(writer(db), expire_on_commit=False) as s, s.begin():
            row = stored.find(s, report_id)
            jur = _jurisdiction(row.jurisdiction_id)
            row = decide(s, jur, row)
    except InputError as exc:
        raise click.ClickException(str(exc)) from None
    _replan(db, row.jurisdiction_id)
    return row


def _replan(db, jid: str) -> None:
    """Reminders follow the change now (the scheduler's next tick would anyway)."""
    from deadlines.reminders import wake
    from deadlines.reminders.plan import replan
    from deadlines.reminders.settings import Settings

    try:
        replan(db, Registry(), jid, now=now(), settings=Settings.from_env())
        wake.notify(db)
    except Exception:  # noqa: BLE001 - the scheduler replans on its next tick
        log.exception("replanning %s after a report was decided failed", jid)


@reports.command("accept")
@click.argument("report_id", metavar="ID", type=int)
def accept(report_id: int) -> None:
    """Accept report ID: its date becomes a published notice of the government
    (every surface shows it beside the statute's)."""
    row = _decide(report_id, lambda s, jur, row: commands.accept_report(s, jur, row, who=OPERATOR))
    click.echo(f"accepted report {row.id}: {row.jurisdiction_id} published {row.due_given} for {row.deadline} "
               f"({row.cycle} cycle), per {row.source}")


@reports.command("reject")
@click.argument("report_id", metavar="ID", type=int)
@click.option("--reason", required=True, help="Why (recorded).")
def reject(report_id: int, reason: str) -> None:
    """Reject report ID, recording REASON; nothing it says is used."""
    row = _decide(report_id, lambda s, jur, row: commands.reject_report(s, jur, row, reason, who=OPERATOR))
    click.echo(f"rejected report {row.id} ({row.deadline} of {row.jurisdiction_id}): {row.reason}")
