"""Reminders: planning from engine results (:mod:`.plan`), drafting
(:mod:`.notice`), sending (:mod:`.email`, :mod:`.webhook`), claiming and
logging (:mod:`.outbox`) and the APScheduler loop (:mod:`.scheduler`)."""
