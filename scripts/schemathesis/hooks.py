"""Loaded by Schemathesis before a run (run.mjs sets SCHEMATHESIS_HOOKS to this file): settings
of the Python process only, nothing that changes which requests are generated or how answers are
checked.

Garbage collection: CPython collects its youngest generation every 700 net allocations; a run
allocates millions of short-lived objects (generated cases, requests, responses, the NDJSON
events), so the collector ran about 5,600 times in strict mode's run against the mock, 7.2 of its
69 CPU-s (measured with gc.callbacks). Collecting every 50,000 allocations leaves 69 collections
and 3.7 CPU-s; reference counting still frees everything acyclic at once, so memory stays small.
"""

import gc

gc.set_threshold(50_000, 50, 100)
