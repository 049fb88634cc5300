"""``deadlines clerk invite/list/revoke``: the accounts of the clerk's desk."""
from __future__ import annotations

import click
from sqlalchemy.orm import Session

from deadlines.core.errors import InputError
from deadlines.core.registry import Registry
from deadlines.reminders.email import DeliveryError
from deadlines.reminders.settings import Settings
from deadlines.reminders.sign_in import send_link
from deadlines.store import clerks
from deadlines.store.db import get_db, writer


@click.group()
def clerk() -> None:
    """Clerk accounts of the desk at /clerk (sign-in by emailed link)."""


def _jurisdiction(key: str):
    try:
        return Registry().get(key)
    except InputError as exc:
        raise click.ClickException(str(exc)) from None


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
            account = clerks.invite(s, jur.id, email, name)
            secret = clerks.link(s, account, clerks.INVITE_VALID)
            places = [Registry().get(j).name for j in clerks.jurisdictions(s, account.id)]
            send_link(settings, account.email, account.name, f"{settings.base_url}/clerk/sign-in/{secret}", places)
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
