"""Election deadlines derived from election law.

The pure core (no I/O, no Flask, no APScheduler): :mod:`deadlines.core.model`,
:mod:`deadlines.core.counting`, :mod:`deadlines.core.business_days`,
:mod:`deadlines.core.engine`; loading and validation in :mod:`deadlines.core.loader`.
"""
