"""The pure core: from a jurisdiction's rules and its anchors to deadlines.

Imports only the standard library and python-dateutil (checked by
``tests/engine/test_engine_purity.py``); no web framework, scheduler or database.
"""
