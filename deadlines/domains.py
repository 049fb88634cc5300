"""Whether an email address is on a government's own domain (the clerk's
desk gives such an address its sign-in link at once, :mod:`web.clerk_request`).

A government's website is what its roster row gives, often without a scheme
(``www.durangofire.org``, ``2000hollymd.specialdistrict.org/``). An address
matches where its domain is the site's host (``www.`` aside) or under it, or
where both share a registrable domain (the Public Suffix List's: ``slc.gov``
for ``www.slc.gov``, ``ypsilanti.mi.us`` for ``ci.ypsilanti.mi.us``) that no
other government's website uses. A host or registrable domain that several
governments' sites share is a hosting platform or a management company
(``colorado.gov``, ``specialdistrict.org``): it proves nothing, so only the
exact host could match, and a host shared by several matches nothing. No
website, no match; neither does a mailbox provider's domain.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable
from urllib.parse import urlsplit

#: Domains of mailbox providers: anyone can have an address there.
MAILBOX_PROVIDERS = frozenset({
    "gmail.com", "googlemail.com", "yahoo.com", "ymail.com", "outlook.com", "hotmail.com", "live.com", "msn.com",
    "aol.com", "icloud.com", "me.com", "mac.com", "proton.me", "protonmail.com", "gmx.com", "mail.com", "zoho.com",
    "comcast.net", "att.net", "sbcglobal.net", "verizon.net", "charter.net", "q.com", "centurylink.net",
})


@lru_cache(maxsize=1)
def _psl():
    from publicsuffixlist import PublicSuffixList

    return PublicSuffixList()


def host_of(website: str | None) -> str | None:
    """The host a website names, lower case, without ``www.`` (None: none, or not a host)."""
    if not website or not website.strip():
        return None
    text = website.strip()
    try:
        host = urlsplit(text if "//" in text else f"//{text}").hostname
    except ValueError:
        return None
    if not host or "." not in host:
        return None
    try:
        host = host.encode("idna").decode("ascii")
    except UnicodeError:
        return None
    return host.removeprefix("www.")


def registrable(host: str | None) -> str | None:
    """The registrable domain of ``host`` (``durangofire.org``), or None for a public suffix itself."""
    return _psl().privatesuffix(host) if host else None


def mail_domain(address: str) -> str:
    return address.strip().rpartition("@")[2].lower().rstrip(".")


@dataclass(frozen=True)
class Sites:
    """How many governments' websites use each host and registrable domain."""

    hosts: Counter = field(default_factory=Counter)
    domains: Counter = field(default_factory=Counter)

    @classmethod
    def of(cls, websites: Iterable[str | None]) -> "Sites":
        hosts, domains = Counter(), Counter()
        for w in websites:
            host = host_of(w)
            if host:
                hosts[host] += 1
                domains[registrable(host)] += 1
        return cls(hosts, domains)


def on_own_domain(address: str, website: str | None, sites: Sites) -> str | None:
    """The domain by which ``address`` is on the government's own domain
    (its website ``website``; ``sites`` every government's), or None."""
    host = host_of(website)
    mail = mail_domain(address)
    if host is None or not mail or sites.hosts[host] > 1:
        return None
    own = registrable(host)
    if own is None or own in MAILBOX_PROVIDERS or registrable(mail) in MAILBOX_PROVIDERS:
        return None
    if mail == host or mail.endswith("." + host):
        return host
    if registrable(mail) == own and sites.domains[own] <= 1:
        return own
    return None
