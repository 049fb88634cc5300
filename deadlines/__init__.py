"""Election deadlines derived from election law.

The pure core (no I/O, no Flask, no APScheduler): :mod:`deadlines.model`,
:mod:`deadlines.counting`, :mod:`deadlines.business_days`,
:mod:`deadlines.engine`; loading and validation in :mod:`deadlines.loader`.
"""
