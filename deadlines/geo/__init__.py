"""Where you stand: the governments whose boundary holds a point.

An adapter beside the engine (the engine's core stays pure): boundary files
read with pyshp and shapely (:mod:`.files`), joined to the rosters' rows by
Census GEOID or Colorado DOLA LGID (:mod:`.join`), loaded into the store's
``boundary`` table (:mod:`.load`, ``deadlines boundaries import``) and
answered from an in-memory STRtree built once per change of that table or
of the roster (:mod:`.where`).
"""
