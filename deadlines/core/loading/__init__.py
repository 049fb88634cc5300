"""The calendar loader's jobs, one module each; :mod:`deadlines.core.loader`
is the public entry.

``shape`` declares every table of a calendar file; ``checker`` collects a
file's problems while converting values; ``files`` reads one file and checks
it on its own, building its rules with ``counts``, ``rules`` and
``holidays``; ``merge`` combines a jurisdiction with the shared sets it
extends; ``cross`` checks across the merged files; ``build`` makes the
:class:`~deadlines.core.jurisdiction.Jurisdiction`.
"""
