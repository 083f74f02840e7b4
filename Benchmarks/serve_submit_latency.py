"""Job submission latency against a running `glint serve`, for Benchmarks/serve-vs-nginx.sh.

    python3 serve_submit_latency.py URL API_KEY RATE SECONDS

Submits `queue.noop` jobs (POST /v1/jobs) at a steady RATE per second for SECONDS over keep-alive
connections (a few threads, each request sent at its scheduled time, so a slow response does not
slow the schedule down: the latency of a late start is counted from when it was due), and prints one
JSON object: requests, errors, p50_ms, p99_ms, max_ms.
"""
import http.client
import json
import sys
import threading
import time
from urllib.parse import urlparse


def main() -> None:
    url, key, rate, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
    target = urlparse(url)
    total = int(rate * seconds)
    body = json.dumps({"kind": "queue.noop", "params": {}}).encode()
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    start = time.perf_counter() + 0.5
    threads = 8

    def worker(first: int) -> None:
        connection = http.client.HTTPConnection(target.hostname, target.port, timeout=10)
        for index in range(first, total, threads):
            due = start + index / rate
            delay = due - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            try:
                connection.request("POST", "/v1/jobs", body=body, headers=headers)
                response = connection.getresponse()
                response.read()
                status = response.status
            except Exception as error:  # a broken connection counts as an error and is reopened
                connection.close()
                connection = http.client.HTTPConnection(target.hostname, target.port, timeout=10)
                with lock:
                    errors.append(repr(error))
                continue
            elapsed = time.perf_counter() - due
            with lock:
                if status == 202:
                    latencies.append(elapsed)
                else:
                    errors.append(f"status {status}")
        connection.close()

    pool = [threading.Thread(target=worker, args=(first,)) for first in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    latencies.sort()

    def percentile(q: float) -> float:
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000 if latencies else float("nan")

    print(json.dumps({"requests": total, "accepted": len(latencies), "errors": len(errors),
                      "first_error": errors[0] if errors else None,
                      "p50_ms": percentile(0.5), "p99_ms": percentile(0.99), "max_ms": percentile(1.0)}))


if __name__ == "__main__":
    main()
