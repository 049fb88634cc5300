"""Reminder and delivery settings, from ``DEADLINES_*`` environment variables.

SMTP: ``DEADLINES_SMTP_HOST`` (default localhost), ``_PORT`` (25),
``_STARTTLS`` (0/1), ``_USER``, ``_PASSWORD``, ``DEADLINES_MAIL_FROM``.
``DEADLINES_BASE_URL``: the public address used in links (default
http://127.0.0.1:8000). ``DEADLINES_WEBHOOK_ALLOW_NETS``: comma-separated
networks (e.g. ``127.0.0.0/8``) webhooks may reach although they are
loopback/private; none by default. Timing: ``DEADLINES_REMINDER_HOUR`` (local
hour, 9), ``DEADLINES_REMINDER_GRACE`` (seconds a missed reminder is still sent
late, 86400), ``DEADLINES_REMINDER_LATE_AFTER`` (seconds after which a sent
reminder is marked late, 300), ``DEADLINES_SCHEDULER_TICK`` (seconds, 30),
``DEADLINES_SCHEDULER_LEASE`` (seconds a claimed reminder is held, 120),
``DEADLINES_RETRY_BASE`` (seconds, 60, doubled per attempt),
``DEADLINES_RETRY_MAX`` (attempts, 6), ``DEADLINES_DELIVERY_CONCURRENCY``
(messages sent at once, 8), ``DEADLINES_DELIVERY_TIMEOUT`` (seconds one SMTP or
webhook exchange may take, 10; keep it well under the lease).
"""
from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Mapping


@dataclass(frozen=True)
class Settings:
    smtp_host: str = "localhost"
    smtp_port: int = 25
    smtp_starttls: bool = False
    smtp_user: str | None = None
    smtp_password: str | None = None
    mail_from: str = "deadlines@localhost"
    base_url: str = "http://127.0.0.1:8000"
    webhook_allow_nets: tuple = field(default=())
    reminder_hour: int = 9
    grace: timedelta = timedelta(days=1)
    late_after: timedelta = timedelta(minutes=5)
    tick: float = 30.0
    lease: timedelta = timedelta(minutes=2)
    retry_base: float = 60.0
    retry_max: int = 6
    timeout: float = 10.0
    concurrency: int = 8
    years_ahead: int = 4

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides) -> "Settings":
        e = os.environ if env is None else env

        def get(name, default, cast=str):
            value = e.get(f"DEADLINES_{name}")
            return default if value in (None, "") else cast(value)

        seconds = lambda v: timedelta(seconds=float(v))  # noqa: E731
        base = cls(
            smtp_host=get("SMTP_HOST", cls.smtp_host), smtp_port=get("SMTP_PORT", cls.smtp_port, int),
            smtp_starttls=get("SMTP_STARTTLS", "0") in ("1", "true", "yes"),
            smtp_user=get("SMTP_USER", None), smtp_password=get("SMTP_PASSWORD", None),
            mail_from=get("MAIL_FROM", cls.mail_from), base_url=get("BASE_URL", cls.base_url).rstrip("/"),
            webhook_allow_nets=tuple(ipaddress.ip_network(n.strip()) for n in get("WEBHOOK_ALLOW_NETS", "").split(",") if n.strip()),
            reminder_hour=get("REMINDER_HOUR", cls.reminder_hour, int),
            grace=get("REMINDER_GRACE", cls.grace, seconds), late_after=get("REMINDER_LATE_AFTER", cls.late_after, seconds),
            tick=get("SCHEDULER_TICK", cls.tick, float), lease=get("SCHEDULER_LEASE", cls.lease, seconds),
            retry_base=get("RETRY_BASE", cls.retry_base, float), retry_max=get("RETRY_MAX", cls.retry_max, int),
            concurrency=max(1, get("DELIVERY_CONCURRENCY", cls.concurrency, int)),
            timeout=get("DELIVERY_TIMEOUT", cls.timeout, float),
        )
        return replace(base, **overrides)
