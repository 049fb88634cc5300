"""Election deadlines derived from election law.

:mod:`deadlines.core` is the pure core (rules, counting, the engine); beside it
the adapters: :mod:`deadlines.publish` (iCalendar, JSON), :mod:`deadlines.store`
(the database), :mod:`deadlines.reminders` and :mod:`deadlines.cli`; the glue
they share is :mod:`deadlines.service`. See the README's "How the code is laid out".
"""
