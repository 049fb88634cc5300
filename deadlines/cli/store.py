"""Commands over the store: ``deadlines scheduler``, ``deadlines reminders``,
``deadlines history`` and ``deadlines token create/revoke/list``."""
from __future__ import annotations

import logging

import click
from sqlalchemy import select
from sqlalchemy.orm import Session

from deadlines.cli.oneline import OneLine, fail
from deadlines.core.errors import InputError
from deadlines.core.registry import Registry
from deadlines.publish.words import masked
from deadlines.store.db import get_db, writer
from deadlines.store.tables import DeliveryLog, Reminder, Subscription
from deadlines.change_notes import words as change_words
from deadlines.words import DEFAULT, words
from deadlines.store import history as clerk_history
from deadlines.store import tokens


@click.command()
@click.option("--tick", type=float, help="Seconds between checks (default DEADLINES_SCHEDULER_TICK or 30).")
def scheduler(tick: float | None) -> None:
    """Send reminders (the scaled setup: run beside the web workers). A database
    unreachable at start is one line per try and a retry, as for ``serve``
    (``DEADLINES_START_RETRIES``), then exit status 1."""
    from deadlines.cli.checks import report_invalid_calendars
    from deadlines.config import database_url
    from deadlines.reminders.scheduler import run_forever
    from deadlines.reminders.settings import Settings
    from deadlines.store.waiting import reachable, start_retries, until_reachable

    url = database_url()
    until_reachable(lambda: reachable(url), start_retries(), url=url)
    report_invalid_calendars("scheduler")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    overrides = {"tick": tick} if tick else {}
    run_forever(Settings.from_env(**overrides))


@click.command()
@click.option("--jurisdiction", "jid", help="Only this jurisdiction.")
@click.option("--log", "show_log", is_flag=True,
              help="Show the delivery log (with the scheduler that sent each: host:pid:id) instead of upcoming reminders.")
@click.option("--limit", default=50, show_default=True)
def reminders(jid: str | None, show_log: bool, limit: int) -> None:
    """Upcoming reminders, or the delivery log."""
    with Session(get_db()) as s:
        if show_log:
            q = (select(DeliveryLog, Reminder, Subscription).join(Reminder, DeliveryLog.reminder_id == Reminder.id)
                 .join(Subscription, Reminder.subscription_id == Subscription.id).order_by(DeliveryLog.id.desc()))
            for entry, r, sub in s.execute(q.where(Reminder.jurisdiction_id == jid) if jid else q).all()[:limit]:
                click.echo(f"{entry.at:%Y-%m-%d %H:%M:%S}Z  {entry.outcome:10} {r.kind:12} {r.deadline_uid}  "
                           f"{sub.channel}:{masked(sub.target)}  key={r.key[:12]}  by={entry.worker}  {entry.detail}")
            return
        q = (select(Reminder, Subscription).join(Subscription, Reminder.subscription_id == Subscription.id)
             .where(Reminder.state == "pending").order_by(Reminder.fire_at).limit(limit))
        for r, sub in s.execute(q.where(Reminder.jurisdiction_id == jid) if jid else q).all():
            click.echo(f"{r.fire_at:%Y-%m-%d %H:%M}Z  {r.kind:12} {r.lead:6} {r.deadline_uid}  "
                       f"{sub.channel}:{masked(sub.target)}")




@click.group()
def token() -> None:
    """Clerk tokens for the write API (one jurisdiction each)."""


@token.command("create")
@click.argument("jurisdiction")
@click.option("--label", default="", help="Who holds it.")
def token_create(jurisdiction: str, label: str) -> None:
    """Print a new token for JURISDICTION (shown once; stored hashed)."""
    try:
        Registry().path(jurisdiction)
    except InputError as exc:
        raise click.ClickException(str(exc)) from None
    with Session(writer(get_db())) as s, s.begin():
        row, secret = tokens.create(s, jurisdiction, label)
        click.echo(f"token {row.id} for {jurisdiction}: {secret}", err=True)
    click.echo(secret)


@token.command("revoke")
@click.argument("token_id", type=int)
def token_revoke(token_id: int) -> None:
    """Revoke the token with id TOKEN_ID (see `deadlines token list`)."""
    with Session(writer(get_db())) as s, s.begin():
        if not tokens.revoke(s, token_id):
            raise click.ClickException(f"no live token {token_id}")
    click.echo(f"revoked token {token_id}")


@token.command("list")
@click.argument("jurisdiction", required=False)
def token_list(jurisdiction: str | None) -> None:
    """List tokens (never their secrets)."""
    with Session(get_db()) as s:
        for t in tokens.listing(s, jurisdiction):
            state = f"revoked {t.revoked_at:%Y-%m-%d}" if t.revoked_at else "live"
            click.echo(f"{t.id}\t{t.jurisdiction_id}\t{state}\tcreated {t.created_at:%Y-%m-%d}\t{t.label}")


@click.command(cls=OneLine)
@click.argument("jurisdiction")
@click.option("--limit", default=100, show_default=True)
def history(jurisdiction: str, limit: int) -> None:
    """Every clerk write for JURISDICTION, newest first: when, who (the
    token's label), what changed (before -> after), authority and reason."""
    try:
        jur = Registry().get(jurisdiction)
    except InputError as exc:
        fail(str(exc))
    with Session(get_db()) as s:
        entries = clerk_history.listing(s, jur.id, limit)
    for e in entries:
        click.echo(f"{e.id}\t{change_words(e, jur, None, words(DEFAULT))}\t{e.target}")
    if not entries:
        click.echo(f"nothing recorded for {jurisdiction}", err=True)
