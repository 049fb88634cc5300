"""Which reminders are due, from the engine's results.

:func:`replan` recomputes one jurisdiction's reminders when anything they
depend on changed (recorded anchors, subscriptions, its rule files, the day),
inserts the new ones, cancels those no longer wanted, and queues a "deadline
moved" message for each subscriber whose dates changed. It computes from what
it read with no write transaction open, then stores in a short one under a
per-jurisdiction row lock, only if nothing the plan depends on moved since it
read (else it computes again), so concurrent planners agree; every row has a
unique idempotency key, so planning twice inserts nothing twice.
"""
from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

from sqlalchemy import select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session

from deadlines.core.errors import CalendarError, InputError
from deadlines.core.computed import Deadline, Result
from deadlines.core.jurisdiction import Jurisdiction
from deadlines.core.moments import day_of, from_iso, iso
from deadlines.core.registry import Registry
from deadlines.service import Records, RecordsAsRead, upcoming
from deadlines.store.db import writer
from deadlines.recorded import NOTHING_RECORDED, reading
from deadlines.store.subscriptions import active
from deadlines.store.tables import JurisdictionState, NoticePublication, Reminder, Subscription, TrackedDeadline
from deadlines.store.util import insert
from deadlines.reminders.notice import EN, deadline_info, draft_notice, end_instant
from deadlines.reminders.settings import Settings

log = logging.getLogger(__name__)
PLANNED_KINDS = ("deadline", "notice-open", "notice-close")


@dataclass(frozen=True)
class Planned:
    key: str
    subscription_id: int
    jurisdiction_id: str
    deadline_uid: str
    kind: str
    lead: str
    due: str
    fire_at: datetime
    payload: dict

    def row(self) -> dict:
        return {"key": self.key, "subscription_id": self.subscription_id, "jurisdiction_id": self.jurisdiction_id,
                "deadline_uid": self.deadline_uid, "kind": self.kind, "lead": self.lead, "due": self.due,
                "fire_at": self.fire_at, "payload": json.dumps(self.payload), "state": "pending", "attempts": 0,
                "late": False}


def key_of(*parts: object) -> str:
    """The idempotency key: subscription, deadline uid, lead, due instant."""
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()


def _at_hour(day: date, hour: int, zone: ZoneInfo) -> datetime:
    return datetime.combine(day, time(hour), zone).astimezone(timezone.utc)


def jur_info(jur: Jurisdiction) -> dict:
    return {"id": jur.id, "name": jur.name, "timezone": jur.timezone}


def plan_subscription(sub: Subscription, jur: Jurisdiction, results: list[Result], settings: Settings,
                      published: frozenset[str] = frozenset()) -> list[Planned]:
    """The reminders ``sub`` should get: for deadlines, one per lead (days
    before the safe date, at the local reminder hour); for notice windows,
    one at the opening and one ``notice_lead`` days before the close, each
    carrying the drafted notice. Only the deadlines of ``sub.audience`` where
    it has one. Only times after the subscription began and
    before the deadline passes; none for a notice the clerk marked
    ``published`` (by uid)."""
    zone = ZoneInfo(jur.timezone)
    wanted = set(filter(None, sub.deadline_ids.split(",")))
    leads = [int(n) for n in sub.leads.split(",")]
    out = []
    for result in results:
        for d in result.deadlines:
            if ((wanted and d.id not in wanted) or (sub.audience and sub.audience not in d.audience)
                    or d.status == "cancelled" or result.uid(d) in published):
                continue
            notice = None
            if d.kind == "notice-window" and d.start is not None:
                notice = draft_notice(jur, result, d)
                opens = _at_hour(day_of(d.start), settings.reminder_hour, zone)
                if isinstance(d.start, datetime):
                    opens = max(opens, d.start.astimezone(timezone.utc))
                closes = _at_hour(day_of(d.due) - timedelta(days=sub.notice_lead), settings.reminder_hour, zone)
                items = [("notice-open", "open", 0, opens, d.start)]
                if closes > opens:
                    items.append(("notice-close", f"P{sub.notice_lead}D", sub.notice_lead, closes, d.due))
            else:
                items = [("deadline", f"P{n}D", n, _at_hour(day_of(d.safe_due) - timedelta(days=n), settings.reminder_hour, zone), d.safe_due)
                         for n in leads]
            end = end_instant(d.due, zone)
            for kind, lead, days, fire, about in items:
                if fire < sub.confirmed_at or fire >= end:
                    continue
                payload = {"type": kind, "jurisdiction": jur_info(jur), "deadline": deadline_info(d, jur),
                           "lead_days": days, "notice": notice, "end": end.isoformat()}
                out.append(Planned(key_of(sub.id, result.uid(d), lead, iso(about)), sub.id, jur.id, result.uid(d), kind, lead,
                                   iso(about), fire, payload))
    return out


def _moved(s: Session, sub: Subscription, jur: Jurisdiction, results: list[Result], now: datetime) -> list[Planned]:
    """"Deadline moved" messages for the instants people act by that changed
    since ``sub`` was last planned (the due, the safe date: a closure the clerk
    records on the act-by day moves the safe date alone), each saying which
    moved, and the tracked dates brought up to date. A date tracked before the
    safe date was (no ``safe_due``) is brought up to date without a message."""
    zone = ZoneInfo(jur.timezone)
    wanted = set(filter(None, sub.deadline_ids.split(",")))
    current: dict[str, Deadline] = {r.uid(d): d for r in results for d in r.deadlines if not wanted or d.id in wanted}
    cycles = {r.cycle.isoformat() for r in results}  # the cycle part of each uid
    tracked = {t.deadline_uid: t for t in s.scalars(select(TrackedDeadline).where(TrackedDeadline.subscription_id == sub.id))}
    out = []

    def future(due: str | None) -> bool:
        return due is not None and end_instant(from_iso(due), zone) > now

    def message(uid, t, d, which):
        new = None if d is None else {"due": iso(d.due), "safe_due": iso(d.safe_due or d.due), "status": d.status}
        info = deadline_info(d, jur) if d is not None else {"uid": uid, "title": t.title, "override": None}
        payload = {"type": "moved", "jurisdiction": jur_info(jur), "deadline": info,
                   "old": {"due": t.due, "safe_due": t.safe_due or t.due, "status": t.status}, "new": new,
                   "moved": which}
        key = key_of(sub.id, uid, "moved", t.due, t.status, new and new["due"], new and new["status"],
                     *((t.safe_due, new and new["safe_due"]) if "safe_due" in which else ()))
        out.append(Planned(key, sub.id, jur.id, uid, "moved", "moved", new["due"] if new else t.due, now, payload))

    for uid, d in current.items():
        t = tracked.get(uid)
        due, safe = iso(d.due), iso(d.safe_due or d.due)
        if t is None:
            s.add(TrackedDeadline(subscription_id=sub.id, deadline_uid=uid, title=EN.title(d), due=due, safe_due=safe,
                                  status=d.status))
            continue
        which = [name for name, was, now_ in (("due", t.due, due), ("safe_due", t.safe_due, safe))
                 if was is not None and was != now_]
        if (t.status == "cancelled") != (d.status == "cancelled"):
            which = which or ["status"]
        if which and (future(t.due) or future(t.safe_due) or future(due) or future(safe)):
            message(uid, t, d, which)
        t.title, t.due, t.safe_due, t.status = EN.title(d), due, safe, d.status
    for uid, t in tracked.items():
        if uid not in current:
            _, cycle, rule_id = uid.rsplit("/", 2)
            if cycle in cycles and (not wanted or rule_id in wanted) and (future(t.due) or future(t.safe_due)):
                message(uid, t, None, ["status"])
            s.delete(t)
    return out


def file_signature(registry: Registry, jur: Jurisdiction) -> str:
    """Changes when the jurisdiction's calendar file or a shared one it uses changes."""
    paths = {registry.path(jur.id)} | {registry.root / "shared" / f"{n}.toml" for n in jur.extends}
    paths |= {p for versions in jur.rules.values() for r in versions for p in [registry.root / r.source] if r.source}
    stamp = sorted((str(p), p.stat().st_mtime_ns) for p in paths if p.exists())
    return hashlib.sha256(repr(stamp).encode()).hexdigest()[:16]


def fingerprint(s: Session, registry: Registry, jur: Jurisdiction, now: datetime, settings: Settings) -> str:
    """Changes when anything a plan depends on does: recorded anchors,
    subscriptions, rule files, the day, and the settings that place reminders."""
    st = s.get(JurisdictionState, jur.id)
    revs = (st.anchors_rev, st.subs_rev) if st else (0, 0)
    today = now.astimezone(ZoneInfo(jur.timezone)).date()
    return f"{revs[0]}.{revs[1]}.{file_signature(registry, jur)}.{today}.h{settings.reminder_hour}y{settings.years_ahead}"


@dataclass(frozen=True)
class _Seen:
    """What a plan is computed from, read in one transaction that writes nothing."""

    fingerprint: str
    subs: list[Subscription]
    published: frozenset[str]
    records: Records


def _subs_key(subs: list[Subscription]) -> tuple:
    """What of the subscriptions a plan reads (a check beside ``subs_rev``)."""
    return tuple((x.id, x.deadline_ids, x.leads, x.notice_lead, x.audience, x.confirmed_at) for x in subs)


def _published(s: Session, jid: str) -> frozenset[str]:
    return frozenset(s.scalars(select(NoticePublication.deadline_uid).where(NoticePublication.jurisdiction_id == jid)))


def _pending(s: Session, jid: str) -> bool:
    return s.scalar(select(Reminder.key).where(Reminder.jurisdiction_id == jid, Reminder.kind.in_(PLANNED_KINDS),
                                               Reminder.state == "pending").limit(1)) is not None


def _read(db: Engine, registry: Registry, jur: Jurisdiction, now: datetime, settings: Settings) -> _Seen | None:
    """What a plan of ``jur`` is computed from, read without the write lock
    (the fingerprint first: what is read after it is at least that new); None
    when there is nothing to do (planned for this fingerprint already, or
    nobody subscribes and nothing is pending)."""
    with Session(db) as s:  # closed, not rolled back: the rows read keep what was read
        fp = fingerprint(s, registry, jur, now, settings)
        st = s.get(JurisdictionState, jur.id)
        if st is not None and st.planned == fp:
            return None
        subs = active(s, jur.id)
        if not subs and not _pending(s, jur.id):
            return None
        records = reading(s, jur.id) if subs and st is not None and st.anchors_rev else NOTHING_RECORDED
        return _Seen(fp, subs, _published(s, jur.id), records)


def replan(db: Engine, registry: Registry, jid: str, *, now: datetime, settings: Settings, tries: int = 3) -> int:
    """Bring ``jid``'s reminders up to date; returns how many rows were added.

    The deadlines are computed outside any write transaction (a jurisdiction
    with hundreds of events takes a second, and on SQLite a write transaction
    holds every other write): what a plan depends on is read in a transaction
    that writes nothing, the deadlines and reminders computed from it, nothing
    held, and then stored in a short write transaction, only if the
    jurisdiction's fingerprint (records and subscriptions revisions, rule
    files, the day, :func:`fingerprint`) is still the one read; else read and
    computed again. Planned for that fingerprint already (by another planner
    meanwhile): nothing stored. After ``tries`` such races the plan is
    computed inside the write transaction, so a plan always ends. Where
    nobody subscribes and no reminder is pending there is nothing to plan,
    found by the read alone (every clerk write replans)."""
    jur = registry.get(jid)
    today = now.astimezone(ZoneInfo(jur.timezone)).date()
    for _ in range(tries):
        seen = _read(db, registry, jur, now, settings)
        if seen is None:
            return 0
        results = (upcoming(jur, today=today, years_ahead=settings.years_ahead, records=RecordsAsRead(seen.records))
                   if seen.subs else [])
        plans = {sub.id: plan_subscription(sub, jur, results, settings, seen.published) for sub in seen.subs}
        with Session(writer(db)) as s, s.begin():
            state = _held(s, jid)
            fp = fingerprint(s, registry, jur, now, settings)
            if state.planned == fp:
                return 0
            subs = active(s, jid)
            if fp == seen.fingerprint and _subs_key(subs) == _subs_key(seen.subs) \
                    and _published(s, jid) == seen.published:
                return _store(s, jur, state, fp, subs, results, plans, now)
        # something it depends on moved meanwhile (nothing but the state row stored): read and compute again
    with Session(writer(db)) as s, s.begin():  # lost every race: computed holding the lock, as it must end
        state = _held(s, jid)
        fp = fingerprint(s, registry, jur, now, settings)
        if state.planned == fp:
            return 0
        subs = active(s, jid)
        results = (upcoming(jur, today=today, years_ahead=settings.years_ahead, records=RecordsAsRead(reading(s, jid)))
                   if subs else [])
        published = _published(s, jid)
        plans = {sub.id: plan_subscription(sub, jur, results, settings, published) for sub in subs}
        return _store(s, jur, state, fp, subs, results, plans, now)


def _held(s: Session, jid: str) -> JurisdictionState:
    """``jid``'s state row, locked for the transaction (PostgreSQL; a SQLite writer holds the database)."""
    s.execute(insert(s, JurisdictionState).values(jurisdiction_id=jid, anchors_rev=0, subs_rev=0).on_conflict_do_nothing())
    return s.scalar(select(JurisdictionState).where(JurisdictionState.jurisdiction_id == jid).with_for_update())


def _store(s: Session, jur: Jurisdiction, state: JurisdictionState, fp: str, subs: list[Subscription],
           results: list[Result], plans: dict[int, list[Planned]], now: datetime) -> int:
    """Store the plan in the write transaction of ``s``: the reminders wanted
    (``plans``, by subscription, and the "deadline moved" messages, read from
    the tracked dates here), those no longer wanted cancelled; returns how
    many rows were added."""
    jid = jur.id
    desired: dict[str, Planned] = {}
    for sub in subs:
        for p in plans[sub.id] + _moved(s, sub, jur, results, now):
            desired[p.key] = p
    rows = s.execute(select(Reminder.key, Reminder.state, Reminder.fire_at).where(
        Reminder.jurisdiction_id == jid, Reminder.kind.in_(PLANNED_KINDS),
        Reminder.state.in_(("pending", "cancelled")))).all()
    existing = {k: st for k, st, _ in rows}
    cancel = [k for k, st in existing.items() if st == "pending" and k not in desired]
    revive = [k for k, st in existing.items() if st == "cancelled" and k in desired]
    moved = [(k, desired[k].fire_at) for k, st, fire in rows if k in desired and fire != desired[k].fire_at]
    new = [p.row() for k, p in desired.items() if k not in existing]
    # each update re-checks the state read above: a scheduler may have claimed the row since
    for chunk in _chunks(cancel):
        s.execute(update(Reminder).where(Reminder.key.in_(chunk), Reminder.state == "pending").values(state="cancelled"))
    for chunk in _chunks(revive):
        s.execute(update(Reminder).where(Reminder.key.in_(chunk), Reminder.state == "cancelled").values(state="pending"))
    for key, fire in moved:  # a new reminder hour: same reminder, new time
        s.execute(update(Reminder).where(Reminder.key == key, Reminder.state.in_(("pending", "cancelled")))
                  .values(fire_at=fire))
    for chunk in _chunks(new):
        s.execute(insert(s, Reminder).on_conflict_do_nothing(index_elements=["key"]), chunk)
    state.planned = fp
    log.info("planned %s: %d new, %d cancelled, %d revived, %d retimed", jid, len(new), len(cancel), len(revive),
             len(moved))
    return len(new)


def _chunks(items: list, size: int = 500):
    for i in range(0, len(items), size):
        yield items[i:i + size]


def plan_all(db: Engine, registry: Registry, *, now: datetime, settings: Settings) -> int:
    """Replan every jurisdiction that has subscribers and changed."""
    with Session(db) as s:
        jids = list(s.scalars(select(Subscription.jurisdiction_id).where(
            Subscription.confirmed_at.is_not(None), Subscription.unsubscribed_at.is_(None)).distinct()))
        planned = dict(s.execute(select(JurisdictionState.jurisdiction_id, JurisdictionState.planned)).all())
        s.rollback()
    added = 0
    for jid in jids:
        try:
            jur = registry.get(jid)
            with Session(db) as s:
                fp = fingerprint(s, registry, jur, now, settings)
                s.rollback()
            if planned.get(jid) != fp:
                added += replan(db, registry, jid, now=now, settings=settings)
        except (CalendarError, InputError) as exc:
            log.error("cannot plan reminders for %s (kept the previous plan): %s", jid, exc)
    return added


def queue_confirmation(s: Session, sub: Subscription, jur: Jurisdiction, settings: Settings, now: datetime) -> None:
    """The double opt-in message, sent by the scheduler like any other."""
    payload = {"type": "confirm", "jurisdiction": jur_info(jur),
               "confirm_url": f"{settings.base_url}/subscribe/confirm/{sub.confirm_token}"
                              + ("" if sub.lang == "en" else f"?lang={sub.lang}")}
    p = Planned(key_of(sub.id, "confirm", sub.confirm_token), sub.id, jur.id, f"{jur.id}/confirm", "confirm", "confirm",
                now.isoformat(), now, payload)
    s.execute(insert(s, Reminder).on_conflict_do_nothing(index_elements=["key"]), [p.row()])
