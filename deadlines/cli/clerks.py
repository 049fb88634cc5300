"""``deadlines clerk invite/list/revoke``: the accounts of the clerk's desk;
``deadlines clerk requests/approve/deny``: the requests for it made at
``/clerk/request`` (:mod:`deadlines.store.access`)."""
from __future__ import annotations

import json
from functools import lru_cache

import click
from sqlalchemy.orm import Session

from deadlines.core.errors import InputError
from deadlines.core.registry import Registry
from deadlines.reminders.email import DeliveryError
from deadlines.reminders.settings import Settings
from deadlines.reminders.sign_in import invite as send_invitation, send_denial
from deadlines.commands import access as access_commands
from deadlines.store import access, clerks
from deadlines.store.db import get_db, writer


@click.group()
def clerk() -> None:
    """Clerk accounts of the desk at /clerk (sign-in by emailed link)."""


def _jurisdiction(key: str):
    try:
        return Registry().get(key)
    except InputError as exc:
        raise click.ClickException(str(exc)) from None


@lru_cache(maxsize=1)
def _registry() -> Registry:
    return Registry()


def _place_name(jid: str) -> str:
    try:
        return _registry().get(jid).name
    except InputError:  # a government no longer listed
        return jid


@clerk.command("invite")
@click.argument("jurisdiction")
@click.argument("email")
@click.option("--name", default="", help="The clerk's name, shown in the history of what they record.")
def invite(jurisdiction: str, email: str, name: str) -> None:
    """Give EMAIL the desk of JURISDICTION (an id or an OCD id) and mail a sign-in link."""
    jur = _jurisdiction(jurisdiction)
    settings = Settings.from_env()
    try:
        with Session(writer(get_db()), expire_on_commit=False) as s, s.begin():
            account = send_invitation(s, settings, jur.id, email, name, _place_name)
    except InputError as exc:
        raise click.ClickException(str(exc)) from None
    except DeliveryError as exc:  # nothing kept: invite again once mail works
        raise click.ClickException(f"the invitation was not sent ({exc}); nothing was recorded") from None
    click.echo(f"invited {account.email} to the desk of {jur.id} ({jur.name}); a sign-in link was mailed "
               f"(valid {clerks.INVITE_VALID.days} days)")


@clerk.command("list")
def listing() -> None:
    """Every clerk account and the jurisdictions it keeps."""
    with Session(get_db()) as s:
        for account, jids in clerks.listing(s):
            state = f"revoked {account.revoked_at:%Y-%m-%d}" if account.revoked_at else "live"
            click.echo(f"{account.email}\t{account.name or '-'}\t{state}\t{','.join(jids) or '-'}")


@clerk.command("revoke")
@click.argument("email")
@click.option("--jurisdiction", help="Take only this jurisdiction from the account.")
def revoke(email: str, jurisdiction: str | None) -> None:
    """Revoke EMAIL's account (its sessions end at once), or only its JURISDICTION."""
    jid = _jurisdiction(jurisdiction).id if jurisdiction else None
    with Session(writer(get_db())) as s, s.begin():
        if not clerks.revoke(s, email, jid):
            raise click.ClickException(f"no live account {email}" + (f" keeping {jid}" if jid else ""))
    click.echo(f"revoked {email}" + (f" for {jid}" if jid else ""))


@clerk.command("requests")
@click.option("--json", "as_json", is_flag=True, help="One JSON array of the requests.")
@click.option("--state", type=click.Choice(access.STATES), help="Only the requests in this state.")
def requests(as_json: bool, state: str | None) -> None:
    """The requests for the desk made at /clerk/request: pending first (oldest
    first), then the decided ones (newest first)."""
    with Session(get_db()) as s:
        rows = [access.as_dict(r) for r in access.listing(s, state)]
    if as_json:
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    for r in rows:
        decided = f"{r['state']} {r['decided_at'][:10]} by {r['decided_by']}" if r["decided_at"] else r["state"]
        why = f"\t{r['reason']}" if r["reason"] else ""
        click.echo(f"{r['id']}\t{r['asked_at'][:16]}\t{r['jurisdiction']}\t{r['name']} <{r['email']}>\t{r['role']}\t"
                   f"{decided}{why}")


@clerk.command("approve")
@click.argument("request_id", metavar="ID", type=int)
def approve(request_id: int) -> None:
    """Give request ID's address the desk it asked for and mail its sign-in
    link (as `deadlines clerk invite` does)."""
    settings = Settings.from_env()
    try:
        with Session(writer(get_db()), expire_on_commit=False) as s, s.begin():
            row = access_commands.approve(s, request_id, settings, _place_name)
    except InputError as exc:
        raise click.ClickException(str(exc)) from None
    except DeliveryError as exc:
        raise click.ClickException(f"the sign-in link was not sent ({exc}); the request still waits") from None
    click.echo(f"approved request {row.id}: {row.email} keeps the desk of {row.jurisdiction_id} "
               f"({_place_name(row.jurisdiction_id)}); a sign-in link was mailed (valid {clerks.INVITE_VALID.days} days)")


@clerk.command("deny")
@click.argument("request_id", metavar="ID", type=int)
@click.option("--reason", required=True, help="Why (recorded, and told to the requester).")
def deny(request_id: int, reason: str) -> None:
    """Deny request ID, recording REASON, and tell the requester by mail."""
    settings = Settings.from_env()
    try:
        with Session(writer(get_db()), expire_on_commit=False) as s, s.begin():
            row = access.deny(s, request_id, reason)
            send_denial(settings, row.email, row.name, _place_name(row.jurisdiction_id), row.reason, row.lang, row.id)
    except InputError as exc:
        raise click.ClickException(str(exc)) from None
    except DeliveryError as exc:
        raise click.ClickException(f"the requester could not be told ({exc}); nothing was recorded: the request "
                                   "still waits") from None
    click.echo(f"denied request {row.id} ({row.email} for {row.jurisdiction_id}); the requester was told why")
