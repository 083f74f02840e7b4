"""The pgqueuer side of Benchmarks/queue-vs-pgqueuer.sh: the same work as PostgresQueueBench.

    python3 queue_pgqueuer.py enqueue URL JOBS BATCH           install pgqueuer's schema (fresh), enqueue
                                                               JOBS no-op jobs in batches of BATCH
    python3 queue_pgqueuer.py drain URL WORKERS BATCH          WORKERS processes, each a QueueManager
                                                               (batch_size=BATCH, drain mode), run the queue dry
    python3 queue_pgqueuer.py latency URL WORKERS RATE SECONDS one producer at RATE jobs/s for SECONDS,
                                                               WORKERS queue managers waiting on LISTEN/NOTIFY

Each prints one JSON object on standard output.
"""
import asyncio
import json
import multiprocessing
import sys
import time
from datetime import datetime, timedelta, timezone

import asyncpg
from pgqueuer.db import AsyncpgDriver
from pgqueuer.models import Job
from pgqueuer.qm import QueueManager
from pgqueuer.queries import Queries
from pgqueuer.domain.types import QueueExecutionMode


async def enqueue(url: str, jobs: int, batch: int) -> dict:
    connection = await asyncpg.connect(url)
    queries = Queries(AsyncpgDriver(connection))
    try:
        await queries.uninstall()
    except Exception:
        pass
    await queries.install()
    started = time.perf_counter()
    for first in range(0, jobs, batch):
        size = min(batch, jobs - first)
        await queries.enqueue(["noop"] * size, [None] * size, [0] * size)
    elapsed = time.perf_counter() - started
    await connection.close()
    return {"jobs": jobs, "seconds": elapsed, "per_second": jobs / elapsed}


async def drain_one(url: str, batch: int) -> None:
    connection = await asyncpg.connect(url)
    qm = QueueManager(Queries(AsyncpgDriver(connection)))

    @qm.entrypoint("noop")
    async def noop(job: Job) -> None:
        return None

    await qm.run(batch_size=batch, mode=QueueExecutionMode.drain, dequeue_timeout=timedelta(seconds=1),
                 log_aggregation_interval=timedelta(0))
    await connection.close()


def drain_process(url: str, batch: int) -> None:
    asyncio.run(drain_one(url, batch))


def drain(url: str, workers: int, batch: int, jobs: int) -> dict:
    started = time.perf_counter()
    processes = [multiprocessing.Process(target=drain_process, args=(url, batch)) for _ in range(workers)]
    for process in processes:
        process.start()
    for process in processes:
        process.join()
    elapsed = time.perf_counter() - started
    return {"jobs": jobs, "seconds": elapsed, "per_second": jobs / elapsed}


async def latency(url: str, workers: int, rate: float, seconds: float) -> dict:
    setup = await asyncpg.connect(url)
    queries = Queries(AsyncpgDriver(setup))
    try:
        await queries.uninstall()
    except Exception:
        pass
    await queries.install()
    latencies: list[float] = []
    managers = []
    for _ in range(workers):
        connection = await asyncpg.connect(url)
        qm = QueueManager(Queries(AsyncpgDriver(connection)))

        @qm.entrypoint("noop")
        async def noop(job: Job) -> None:
            latencies.append((datetime.now(timezone.utc) - job.created).total_seconds())

        managers.append((qm, connection))
    runs = [asyncio.create_task(qm.run(batch_size=10, dequeue_timeout=timedelta(seconds=5),
                                       log_aggregation_interval=timedelta(0))) for qm, _ in managers]
    await asyncio.sleep(1)
    producer = await asyncpg.connect(url)
    produce = Queries(AsyncpgDriver(producer))
    total = int(rate * seconds)
    started = time.perf_counter()
    for index in range(total):
        delay = started + index / rate - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        await produce.enqueue("noop", None)
    deadline = time.perf_counter() + 10
    while len(latencies) < total and time.perf_counter() < deadline:
        await asyncio.sleep(0.05)
    for qm, _ in managers:
        qm.shutdown.set()
    await asyncio.gather(*runs, return_exceptions=True)
    for _, connection in managers:
        await connection.close()
    await producer.close()
    await setup.close()
    ordered = sorted(latencies)
    pick = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")
    return {"jobs": total, "started": len(ordered), "p50_ms": pick(0.50), "p99_ms": pick(0.99)}


def main() -> None:
    command, url = sys.argv[1], sys.argv[2]
    if command == "enqueue":
        result = asyncio.run(enqueue(url, int(sys.argv[3]), int(sys.argv[4])))
    elif command == "drain":
        result = drain(url, int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    elif command == "latency":
        result = asyncio.run(latency(url, int(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])))
    else:
        raise SystemExit(f"unknown command {command}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
