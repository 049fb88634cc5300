"""``deadlines facts``: the local facts recorded for governments, with their
sources, and how many governments have each (``--coverage``)."""
from __future__ import annotations

import json
from collections import Counter

import click

from deadlines.cli.oneline import OneLine
from deadlines.cli.records import recorded
from deadlines.core.errors import CalendarError
from deadlines.core.facts import NO_PRIMARY
from deadlines.core.registry import Registry, state_of
from deadlines.publish.as_json import fact_dict
from deadlines.publish.record_words import asks_a_fee
from deadlines.service import local_facts

#: The facts counted by ``--coverage``, each with when a government's law needs it
COVERED = ("office_hours", "filing_office", "holds_primary", "decision:ranked-choice", "filing_fee", "published")


def _facts_of(jur, stored) -> list:
    """Every fact of ``jur``: research, then the clerk's and accepted reports'."""
    local = local_facts(jur, stored)
    out = list(jur.facts)
    out += [f for f in (local.hours, *(f for _, f in local.closures)) if f is not None]
    out += [n.fact for n in local.notices if n.fact.by != "research"]
    out += [f for f in stored.facts if f.fact not in ("office_hours", "closure")]
    return out


def _needs(jur, name: str) -> bool:
    """Whether ``jur``'s law turns on the fact ``name`` (its default stands in where it is unknown)."""
    if not jur.rules:  # a board that is appointed: no date to turn on anything
        return False
    if name == "office_hours":
        return jur.office_hours is not None and jur.office_hours.confirm is not None
    if name == "holds_primary":
        return NO_PRIMARY in jur.choices
    if name.startswith("decision:"):
        return name.split(":", 1)[1] in jur.choices
    if name == "filing_fee":  # a filing whose quoted law asks for a fee (a Utah municipality's declaration)
        return any(asks_a_fee(r) for versions in jur.rules.values() for r in versions)
    return True


def _coverage(rows: list[tuple]) -> dict:
    """Per (state, kind): governments, and per fact how many have it recorded
    (with a source), assumed (the law's default used) or not needed."""
    out: dict = {}
    for jur, found in rows:
        key = f"{state_of(jur) or '-'} {jur.kind or 'other'}"
        entry = out.setdefault(key, {"governments": 0, **{name: Counter() for name in COVERED}})
        entry["governments"] += 1
        names = {f.fact.split(":", 1)[0] if f.fact.startswith("published:") else f.fact for f in found}
        for name in COVERED:
            had = name in names or (name == "holds_primary" and f"decision:{NO_PRIMARY}" in names)
            entry[name]["recorded" if had else "assumed" if _needs(jur, name) else "not needed"] += 1
    return {k: {n: (dict(v) if isinstance(v, Counter) else v) for n, v in e.items()} for k, e in sorted(out.items())}


@click.command("facts", cls=OneLine)
@click.argument("jurisdiction", required=False)
@click.option("--coverage", is_flag=True, help="Count, per state and kind, the governments with each fact.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def facts(jurisdiction: str | None, coverage: bool, as_json: bool) -> None:
    """The local facts a date turns on (office hours, the filing office,
    whether a city holds a primary, a ranked-choice year, a published date),
    each with its value, source, quoted words, as-of date and who recorded it
    (research in calendars/facts, the clerk, an accepted report)."""
    reg = Registry()
    store = recorded()
    if jurisdiction:
        jurs = [reg.get(jurisdiction)]
    else:
        jurs = []
        for jid in reg.ids():
            try:
                jurs.append(reg.get(jid))
            except CalendarError:
                continue  # `deadlines check` reports it
    rows = [(j, _facts_of(j, store.recorded(j.id))) for j in jurs]
    if coverage:
        table = _coverage(rows)
        if as_json:
            click.echo(json.dumps(table, indent=2))
            return
        click.echo(f"{'state kind':28} {'governments':>11}  " + "  ".join(f"{n:>24}" for n in COVERED))
        for key, entry in table.items():
            cells = [f"{entry[n].get('recorded', 0)}/{entry[n].get('assumed', 0)}" for n in COVERED]
            click.echo(f"{key:28} {entry['governments']:>11}  " + "  ".join(f"{c:>24}" for c in cells))
        click.echo("each cell: recorded with a source / assumed (the law's default used, to confirm)")
        return
    if as_json:
        click.echo(json.dumps({"items": [{"jurisdiction": j.id, **fact_dict(f)} for j, found in rows for f in found]},
                              indent=2))
        return
    for j, found in rows:
        for f in found:
            held = f" [{f.holds_from or ''}..{f.holds_until or ''}]" if f.holds_from or f.holds_until else ""
            click.echo(f"{j.id}\t{f.fact}\t{f.value}{held}\t{f.by}\t{f.source}\t{f.as_of or '-'}")
    if jurisdiction and not rows[0][1]:
        click.echo(f"no local fact is recorded for {jurisdiction}: every date rests on its state's law "
                   "(and the defaults it names)")
