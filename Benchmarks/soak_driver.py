#!/usr/bin/env python3
"""The soak test's load (Benchmarks/soak.sh, `make soak`): CLIENTS concurrent clients against one
`glint serve` for MINUTES minutes. Each client, in a loop, uploads the real iPhone pair (HEAD first,
as `glint jobs submit` does), submits one job of a mix (livephoto.edit, livephoto.export as a Motion
Photo with stripLocation, rings.render, badge.apply, queue.noop), follows its /events to the end,
downloads its outputs, and now and then shares it and opens the share page, its picture and its
downloads (waiting out 503 Retry-After while the renditions are made). Then no new job is
submitted and the driver waits for every job it submitted to finish.

Writes a JSON report: jobs completed per minute by kind, p50/p99 latency per route, 5xx responses,
client errors, and every submitted job id with its final state (soak.sh checks them against the
store and the workers' logs). Python's standard library only.
"""

import argparse
import http.client
import json
import os
import random
import statistics
import threading
import time
from collections import defaultdict
from urllib.parse import urlparse

RECIPE = {"exposure": 0.3, "saturation": 0.2}
MIX = [  # kind, weight
    ("livephoto.edit", 2),
    ("livephoto.export", 2),
    ("rings.render", 5),
    ("badge.apply", 5),
    ("queue.noop", 6),
]
TERMINAL = {"completed", "discarded", "cancelled"}


class Recorder:
    """Latencies by route, status counts, job outcomes; shared by every client thread."""

    def __init__(self, started: float) -> None:
        self.lock = threading.Lock()
        self.started = started
        self.latencies = defaultdict(list)
        self.statuses = defaultdict(lambda: defaultdict(int))
        self.server_errors = []
        self.client_errors = defaultdict(int)
        self.jobs = {}
        self.completed_at = defaultdict(list)

    def request(self, route: str, status: int, seconds: float) -> None:
        with self.lock:
            self.latencies[route].append(seconds * 1000)
            self.statuses[route][status] += 1

    def server_error(self, route: str, status: int, body: bytes) -> None:
        with self.lock:
            self.server_errors.append({"route": route, "status": status, "body": body[:300].decode("utf-8", "replace")})

    def client_error(self, what: str) -> None:
        with self.lock:
            self.client_errors[what] += 1

    def job(self, job_id: str, kind: str, state: str) -> None:
        with self.lock:
            self.jobs[job_id] = {"kind": kind, "state": state}
            if state == "completed":
                self.completed_at[kind].append(time.monotonic() - self.started)


class Client:
    """One simulated client: its own keep-alive connection and API key."""

    def __init__(self, url: str, key: str, recorder: Recorder, fixtures: dict, rng: random.Random) -> None:
        target = urlparse(url)
        self.host, self.port, self.key = target.hostname, target.port, key
        self.recorder, self.fixtures, self.rng = recorder, fixtures, rng
        self.connection = None

    def request(self, route: str, method: str, path: str, body=None, headers=None, auth=True, stream=False):
        headers = dict(headers or {})
        if auth:
            headers["Authorization"] = f"Bearer {self.key}"
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=600)
            started = time.monotonic()
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                data = b"" if stream else response.read()
            except (http.client.HTTPException, OSError) as error:
                self.connection.close()
                self.connection = None
                self.recorder.client_error(f"{route}: {type(error).__name__}")
                if attempt == 1:
                    raise
                continue
            if not stream:
                self.recorder.request(route, response.status, time.monotonic() - started)
                if response.status >= 500 and response.status != 503:
                    self.recorder.server_error(route, response.status, data)
            return response, data, started
        raise AssertionError("unreachable")

    def json(self, route: str, method: str, path: str, document=None, expect=(200, 201, 202)) -> dict:
        body = json.dumps(document).encode() if document is not None else None
        response, data, _ = self.request(route, method, path, body, {"Content-Type": "application/json"} if body else None)
        if response.status not in expect:
            raise RuntimeError(f"{method} {path}: {response.status} {data[:300]!r}")
        return json.loads(data) if data else {}

    def upload(self, name: str) -> str:
        path, digest = self.fixtures[name]
        response, _, _ = self.request("HEAD /v1/blobs/{id}", "HEAD", f"/v1/blobs/{digest}")
        if response.status == 200:
            return digest
        with open(path, "rb") as file:
            body = file.read()
        response, data, _ = self.request("POST /v1/blobs", "POST", "/v1/blobs", body, {"Content-Length": str(len(body))})
        if response.status != 201:
            raise RuntimeError(f"upload {name}: {response.status} {data[:300]!r}")
        return json.loads(data)["id"]

    def job_document(self, kind: str) -> dict:
        if kind == "livephoto.edit":
            inputs = {"still": self.upload("still"), "movie": self.upload("movie")}
            return {"kind": kind, "params": {"recipe": RECIPE, "preset": "ultrafast"}, "inputs": inputs}
        if kind == "livephoto.export":
            inputs = {"still": self.upload("still"), "movie": self.upload("movie")}
            return {"kind": kind, "params": {"as": "motion-photo", "stripLocation": True, "preset": "ultrafast"}, "inputs": inputs}
        if kind == "rings.render":
            return {"kind": kind, "params": {"move": self.rng.random() * 2, "exercise": self.rng.random() * 2, "stand": 0.5, "size": 512}}
        if kind == "badge.apply":
            return {"kind": kind, "params": {"kind": "live"}, "inputs": {"image": self.upload("still")}}
        return {"kind": "queue.noop", "params": {"sleepMilliseconds": self.rng.randint(0, 200)}}

    def follow(self, job_id: str) -> dict:
        """Reads /v1/jobs/{id}/events to its terminal event; returns that event's job document."""
        route = "GET /v1/jobs/{id}/events"
        response, _, started = self.request(route, "GET", f"/v1/jobs/{job_id}/events", stream=True)
        if response.status != 200:
            data = response.read()
            self.recorder.request(route, response.status, time.monotonic() - started)
            raise RuntimeError(f"events of {job_id}: {response.status} {data[:300]!r}")
        self.recorder.request(route + " (first byte)", response.status, time.monotonic() - started)
        event, last = None, None
        while True:
            line = response.readline()
            if not line:
                break
            text = line.decode().rstrip("\n")
            if text.startswith("event: "):
                event = text[7:]
            elif text.startswith("data: ") and event in TERMINAL:
                last = json.loads(text[6:])
        response.read()
        if last is None:
            raise RuntimeError(f"events of {job_id} ended without a terminal event")
        return last

    def download_outputs(self, document: dict) -> None:
        for name in document.get("outputs", {}):
            response, data, _ = self.request("GET /v1/jobs/{id}/outputs/{name}", "GET", f"/v1/jobs/{document['id']}/outputs/{name}")
            if response.status != 200 or not data:
                raise RuntimeError(f"output {name} of {document['id']}: {response.status}")

    def share(self, job_id: str, pair: bool, deadline: float) -> None:
        created = self.json("POST /v1/shares", "POST", "/v1/shares", {"job": job_id})
        link = urlparse(created["url"]).path
        self.request("GET /s/{token}", "GET", link, auth=False)
        self.request("GET /s/{token}/display", "GET", link + "/display", auth=False)
        for download in ("livephoto", "motionphoto") if pair else ():
            while True:
                response, _, _ = self.request("GET /s/{token}/download/{format}", "GET", f"{link}/download/{download}", auth=False)
                if response.status != 503 or time.monotonic() > deadline:
                    break
                time.sleep(float(response.getheader("Retry-After", "5")))

    def one_job(self, deadline: float) -> None:
        kinds, weights = zip(*MIX)
        kind = self.rng.choices(kinds, weights)[0]
        document = self.json("POST /v1/jobs", "POST", "/v1/jobs", self.job_document(kind))
        self.recorder.job(document["id"], kind, "submitted")
        final = self.follow(document["id"])
        self.recorder.job(document["id"], kind, final["state"])
        if final["state"] != "completed":
            return
        self.download_outputs(final)
        if kind in ("livephoto.edit", "badge.apply") and self.rng.random() < 0.25:
            self.share(document["id"], kind == "livephoto.edit", deadline + 120)
        if self.rng.random() < 0.1:
            self.json("GET /v1/jobs", "GET", "/v1/jobs?limit=20")
            self.request("GET /dashboard/data.json", "GET", "/dashboard/data.json", auth=False)

    def run(self, stop_at: float) -> None:
        while time.monotonic() < stop_at:
            try:
                self.one_job(stop_at)
            except Exception as error:  # noqa: BLE001 -- every failure is counted, the client goes on
                self.recorder.client_error(f"{type(error).__name__}: {str(error)[:120]}")
                time.sleep(1)


def percentile(values: list, q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(q * (len(ordered) - 1)))))] if ordered else 0.0


def report(recorder: Recorder, minutes: float) -> dict:
    per_minute = {}
    for kind, times in sorted(recorder.completed_at.items()):
        buckets = [0] * max(1, int(minutes + 0.999))
        for seconds in times:
            buckets[min(len(buckets) - 1, int(seconds // 60))] += 1
        per_minute[kind] = {"total": len(times), "perMinute": buckets, "meanPerMinute": round(len(times) / max(minutes, 1e-9), 2)}
    routes = {
        route: {
            "count": len(values),
            "p50": round(statistics.median(values), 2),
            "p99": round(percentile(values, 0.99), 2),
            "statuses": dict(recorder.statuses[route]),
        }
        for route, values in sorted(recorder.latencies.items())
    }
    states = defaultdict(int)
    for job in recorder.jobs.values():
        states[job["state"]] += 1
    return {
        "completedByKind": per_minute,
        "routes": routes,
        "serverErrors": len(recorder.server_errors),
        "serverErrorSamples": recorder.server_errors[:20],
        "clientErrors": dict(recorder.client_errors),
        "jobStates": dict(states),
        "jobs": recorder.jobs,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--keys", required=True, help="comma-separated API keys, one tenant each; clients take them in turn")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--still", required=True)
    parser.add_argument("--movie", required=True)
    parser.add_argument("--drain-seconds", type=float, default=600, help="how long to wait for the last jobs once the load stops")
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    args = parser.parse_args()

    import hashlib

    fixtures = {}
    for name, path in (("still", args.still), ("movie", args.movie)):
        with open(path, "rb") as file:
            fixtures[name] = (path, hashlib.sha256(file.read()).hexdigest())
    keys = args.keys.split(",")
    started = time.monotonic()
    recorder = Recorder(started)
    stop_at = started + args.minutes * 60
    threads = []
    for index in range(args.clients):
        client = Client(args.url, keys[index % len(keys)], recorder, fixtures, random.Random(args.seed + index))
        thread = threading.Thread(target=client.run, args=(stop_at,), daemon=True)
        thread.start()
        threads.append(thread)
    for thread in threads:
        thread.join(timeout=max(0, stop_at - time.monotonic()) + args.drain_seconds)
    document = report(recorder, args.minutes)
    document["clients"], document["minutes"], document["seed"] = args.clients, args.minutes, args.seed
    document["stillRunning"] = sum(thread.is_alive() for thread in threads)
    with open(args.out, "w") as file:
        json.dump(document, file, indent=1, sort_keys=True)
    print(f"soak driver: {len(recorder.jobs)} jobs, {document['serverErrors']} 5xx, states {document['jobStates']}")
    os._exit(0)  # threads still following a stream (reported in stillRunning) must not hold the exit


if __name__ == "__main__":
    main()
