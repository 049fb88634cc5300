"""Printable calendars are laid out in a printing process (web.printing), not
in the web process whose threads answer everyone else: the same calendar as
laid out here, a printing process that dies is replaced, and the web
process's interpreter is free while a calendar is laid out; a printing
process ends with its web process."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from deadlines.publish.calendar import pdf_of
from web import create_app, printing

CALENDAR = "/calendars/ypsilanti-mi/2028-11-07.pdf"


def _text(pdf: bytes) -> str:
    return subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()


def _undated(text: str) -> str:
    """``text`` without the minute it was generated ("Generated 7:55 p.m., Sunday, ... from"):
    two renders a minute boundary apart differ there and nowhere else."""
    return re.sub(r"Generated .*? from the rule", "Generated from the rule", text, flags=re.S)


def _app(tmp_path, processes: int):
    return create_app({"TESTING": True, "TODAY": "2026-12-06", "PDF_PROCESSES": processes,
                       "DATABASE_URL": f"sqlite:///{tmp_path / f'{processes}.sqlite3'}"})


def test_the_calendar_from_the_printing_process_reads_as_the_one_laid_out_here(tmp_path):
    here = _app(tmp_path, 0).test_client().get(CALENDAR)
    there = _app(tmp_path, 1).test_client().get(CALENDAR)
    assert here.status_code == there.status_code == 200 and there.data.startswith(b"%PDF")
    # Michigan's August 2028 primary is August 8; the 15th Tuesday before it, April 25, 2028 (charter § 3.06).
    assert "April 25, 2028" in _text(there.data)
    assert _undated(_text(here.data)) == _undated(_text(there.data))


def test_a_printing_process_that_dies_is_replaced_and_the_calendar_printed(tmp_path):
    page = "<h1>Calendario de prueba</h1><p>Fecha límite: 25 de abril de 2028</p>"
    assert "Calendario de prueba" in _text(printing.printed(page, 1))
    worker = printing._pool(1).submit(os.getpid).result(timeout=60)
    assert worker != os.getpid()  # laid out elsewhere
    os.kill(worker, signal.SIGKILL)
    time.sleep(0.5)
    assert "25 de abril de 2028" in _text(printing.printed(page, 1))
    assert printing._pool(1).submit(os.getpid).result(timeout=60) != worker


def test_the_web_process_spends_almost_none_of_its_cpu_on_the_layout():
    """Laid out by the printing process, a calendar costs the web process a
    small part of the CPU it costs laid out here: the layout's time is not
    taken from the threads answering everyone else."""
    page = "<table>" + "".join(f"<tr><td>Row {n}</td><td>{'word ' * 20}</td></tr>" for n in range(40)) + "</table>"
    printing.printed(page, 1)  # started and warmed
    pdf_of(page)

    def cpu(layout) -> float:
        began = time.process_time()
        for _ in range(3):
            layout(page)
        return time.process_time() - began

    assert cpu(lambda p: printing.printed(p, 1)) < 0.3 * cpu(pdf_of)


def test_a_printing_process_ends_with_the_web_process_however_it_ended(tmp_path):
    """A web process killed outright (SIGKILL: no clean-up of its own runs)
    leaves no printing process behind."""
    script = ("import os, sys, time\n"
              "from web import printing\n"
              "printing.printed('<p>x</p>', 1)\n"
              "print(printing._pool(1).submit(os.getpid).result(timeout=60), flush=True)\n"
              "time.sleep(120)\n")
    web_process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                                   cwd=Path(__file__).resolve().parents[2])
    try:
        worker = int(web_process.stdout.readline())
        os.kill(worker, 0)  # running
        web_process.kill()
        web_process.wait(10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and _alive(worker):
            time.sleep(0.2)
        assert not _alive(worker)
    finally:
        web_process.kill()


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has ended; only its exit status waits to be read
