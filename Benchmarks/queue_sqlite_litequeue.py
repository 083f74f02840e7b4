"""The peer for queue-sqlite.sh: litequeue (PyPI), a minimal SQLite queue, doing the same work.

    python3 queue_sqlite_litequeue.py JOBS DATABASE

Enqueue: JOBS puts in transactions of 1,000 (litequeue.transaction()). Drain: pop() then done()
per message until the queue is empty (litequeue has no batch claim). WAL and synchronous=NORMAL,
as SQLiteJobStore. Prints `enqueue_jobs_per_s N` and `drain_jobs_per_s N`.
"""
import sys
import time

import litequeue

jobs = int(sys.argv[1])
queue = litequeue.LiteQueue(sys.argv[2])

start = time.perf_counter()
submitted = 0
while submitted < jobs:
    size = min(1000, jobs - submitted)
    with queue.transaction():
        for _ in range(size):
            queue.put('{"kind":"bench.noop"}')
    submitted += size
enqueue_s = time.perf_counter() - start

start = time.perf_counter()
drained = 0
while True:
    message = queue.pop()
    if message is None:
        break
    queue.done(message.message_id)
    drained += 1
drain_s = time.perf_counter() - start
if drained != jobs:
    sys.exit(f"litequeue drained {drained} of {jobs}")
print(f"enqueue_jobs_per_s {jobs / enqueue_s:.0f}")
print(f"drain_jobs_per_s {jobs / drain_s:.0f}")
