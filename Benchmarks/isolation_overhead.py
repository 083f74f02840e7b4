"""Isolated job runners against in-process jobs, for Benchmarks/isolation-overhead.sh.

    python3 isolation_overhead.py --in-process URL KEY --isolated URL KEY --glint GLINT \
        --still STILL.jpg --movie MOVIE.mov --out DIR [--edit-rounds N] [--jobs N] ...

Two `glint serve` processes are running, alike but for `--isolation` (in-process and runner), each
with its own throw-away data directory and API key. In one run, alternating the two (ABAB...) so
that drifting machine load falls evenly on both:

1. `livephoto.edit` on STILL + MOVIE, one job at a time: wall time per job from submission to
   completion (the store's `createdAt` and `completedAt`; the client's own submit-to-seen-completed
   time, polled every 25 ms, is kept beside it), mean and median over the rounds;
2. `rings.render` and `badge.apply` (the Live badge on STILL) throughput: JOBS jobs in one
   `POST /v1/batches`, jobs/s from the batch's creation until its last completion (store clock);
3. the latency of sequential `GET /v1/jobs/{id}` (a completed edit) and sequential `POST /v1/jobs`
   (a `queue.noop` parked in a queue no worker serves), paced at RATE per second, each timed from
   send to the last byte: idle (no job running), then while the embedded worker runs `livephoto.edit`
   jobs on both of its slots (the queue kept topped up from a thread that looks once a second).

Each `--reference FLAGS URL KEY` is one more server, isolated with other runner flags (`--sandbox
none`, `--warm-runners 0`), that runs the throughput batches too, to tell where the cost lies.
Also times `glint runner --check` starting and exiting (its bare start-up cost), alone and under
bubblewrap with the sandbox's mounts where `bwrap` works. Writes
DIR/results.json (every sample), DIR/results.md (the table) and prints the table.
"""
import argparse
import http.client
import json
import os
import platform
import shutil
import statistics
import subprocess
import threading
import time
from datetime import datetime
from urllib.parse import urlparse

RECIPE = {"exposure": 0.3, "saturation": 0.2}
RINGS = {"move": 0.75, "exercise": 1.3, "stand": 0.5, "size": 512}
BADGE = {"kind": "live"}
PARKED_QUEUE = "bench-parked"  # no worker serves it: submissions stay queued and cost nothing more
VARIANTS = ("in-process", "isolated")


class Server:
    """One `glint serve`: a keep-alive connection per thread, JSON in and out."""

    def __init__(self, name: str, url: str, key: str) -> None:
        self.name, self.url, self.key = name, url, key
        target = urlparse(url)
        self.host, self.port = target.hostname, target.port
        self.local = threading.local()

    def connection(self) -> http.client.HTTPConnection:
        if getattr(self.local, "connection", None) is None:
            self.local.connection = http.client.HTTPConnection(self.host, self.port, timeout=120)
        return self.local.connection

    def raw(self, method: str, path: str, body=None, headers=None) -> tuple[int, bytes]:
        headers = {"Authorization": f"Bearer {self.key}", **(headers or {})}
        for attempt in range(2):
            connection = self.connection()
            try:
                connection.request(method, path, body=body, headers=headers)
                response = connection.getresponse()
                return response.status, response.read()
            except (http.client.HTTPException, ConnectionError):
                connection.close()
                self.local.connection = None
                if attempt == 1 or hasattr(body, "read"):
                    raise
        raise AssertionError("unreachable")

    def call(self, method: str, path: str, document=None, expect=(200, 201, 202)) -> dict:
        body = json.dumps(document).encode() if document is not None else None
        status, data = self.raw(method, path, body, {"Content-Type": "application/json"} if body else None)
        if status not in expect:
            raise RuntimeError(f"{self.name}: {method} {path} answered {status}: {data[:400]!r}")
        return json.loads(data) if data else {}

    def upload(self, path: str) -> str:
        with open(path, "rb") as file:
            status, data = self.raw("POST", "/v1/blobs", file, {"Content-Length": str(os.path.getsize(path))})
        if status != 201:
            raise RuntimeError(f"{self.name}: upload of {path} answered {status}: {data[:400]!r}")
        return json.loads(data)["id"]


def stamp(text: str) -> float:
    """Seconds since the epoch of an ISO 8601 timestamp from the store (`...T..:..:..[.mmm]Z`)."""
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


class LoadSampler(threading.Thread):
    """/proc/loadavg (1-minute figure) every 2 s."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.samples: list[float] = []
        self.stopping = threading.Event()

    def run(self) -> None:
        while not self.stopping.is_set():
            with open("/proc/loadavg") as file:
                self.samples.append(float(file.read().split()[0]))
            self.stopping.wait(2)


def busy_fraction(seconds: float) -> float:
    """How busy the machine's CPUs were (1 - idle - iowait) over the next `seconds`, from /proc/stat."""
    def sample() -> tuple[int, int]:
        with open("/proc/stat") as file:
            fields = [int(value) for value in file.readline().split()[1:]]
        return sum(fields), fields[3] + fields[4]
    total, idle = sample()
    time.sleep(seconds)
    total_after, idle_after = sample()
    return 1 - (idle_after - idle) / max(total_after - total, 1)


def wait_until_quiet(limit: float = 0.2, timeout: float = 30) -> float:
    """Waits until the CPUs are at most `limit` busy over half a second, twice in a row (a cancelled
    in-process edit finishes its movie in the background for up to its length: it must not load
    the next variant's measurement). Returns the seconds waited."""
    started = time.monotonic()
    quiet = 0
    while quiet < 2 and time.monotonic() - started < timeout:
        quiet = quiet + 1 if busy_fraction(0.5) <= limit else 0
    return time.monotonic() - started


# --- 1. livephoto.edit wall time ------------------------------------------------------------------


def edit_job(server: Server, inputs: dict) -> dict:
    started = time.perf_counter()
    job = server.call("POST", "/v1/jobs", {"kind": "livephoto.edit", "params": {"recipe": RECIPE}, "inputs": inputs})
    while job["state"] not in ("completed", "discarded", "cancelled"):
        time.sleep(0.025)
        job = server.call("GET", f"/v1/jobs/{job['id']}")
    seen = time.perf_counter() - started
    if job["state"] != "completed":
        raise RuntimeError(f"{server.name}: edit job {job['id']} ended {job['state']}: {job.get('errors')}")
    return {
        "id": job["id"],
        "wall_s": stamp(job["completedAt"]) - stamp(job["createdAt"]),
        "queued_s": stamp(job["attemptedAt"]) - stamp(job["createdAt"]),
        "client_s": seen,
    }


def measure_edits(servers: dict, inputs: dict, rounds: int, log) -> dict:
    for name in VARIANTS:  # warm-up, not counted (first decode, caches, SQLite pages)
        edit_job(servers[name], inputs[name]["edit"])
    samples = {name: [] for name in VARIANTS}
    for round_index in range(rounds):
        for name in VARIANTS:  # A B A B ...
            sample = edit_job(servers[name], inputs[name]["edit"])
            samples[name].append(sample)
            log(f"  edit round {round_index + 1}/{rounds} {name:10}: {sample['wall_s']:.3f} s (client {sample['client_s']:.3f} s)")
    return samples


# --- 2. throughput ----------------------------------------------------------------------------------


def drain(server: Server, kind: str, params: dict, inputs: dict, count: int) -> dict:
    entry = {"kind": kind, "params": params, **({"inputs": inputs} if inputs else {})}
    started = time.perf_counter()
    batch = server.call("POST", "/v1/batches", {"jobs": [entry] * count})["batch"]
    while True:
        time.sleep(0.1)
        pending = server.call("GET", f"/v1/jobs?batch={batch}&state=scheduled,available,running,retryable&limit=1")["jobs"]
        if not pending:
            break
    seen = time.perf_counter() - started
    jobs = server.call("GET", f"/v1/jobs?batch={batch}&limit=1000")["jobs"]
    states = {job["state"] for job in jobs}
    if len(jobs) != count or states != {"completed"}:
        raise RuntimeError(f"{server.name}: {kind} batch: {len(jobs)} jobs, states {states}")
    first = min(stamp(job["createdAt"]) for job in jobs)
    last = max(stamp(job["completedAt"]) for job in jobs)
    retried = sum(1 for job in jobs if job["attempt"] > 1)
    return {"jobs": count, "seconds": last - first, "jobs_per_s": count / (last - first), "client_s": seen, "retried": retried}


def measure_throughput(servers: dict, inputs: dict, count: int, rounds: int, log) -> dict:
    """Every kind on every server, alternating. A reference server that fails (its process died, a
    batch did not complete) is reported in `failed` and left out from then on; the two measured
    servers must not fail."""
    results, failed = {}, {}
    variants = list(servers)  # in-process, isolated, then the references

    def attempt(name: str, *arguments):
        try:
            return drain(servers[name], *arguments)
        except (OSError, http.client.HTTPException, RuntimeError) as error:
            if name in VARIANTS:
                raise
            failed[name] = f"{arguments[0]}: {error!r}"
            variants.remove(name)
            log(f"  reference {name} failed and is left out: {failed[name]}")
            return None

    for kind, params, input_name in (("rings.render", RINGS, None), ("badge.apply", BADGE, "badge")):
        for name in list(variants):  # warm-up, not counted
            attempt(name, kind, params, inputs[name].get(input_name), 4)
        results[kind] = {name: [] for name in variants}
        for round_index in range(rounds):
            for name in list(variants):
                sample = attempt(name, kind, params, inputs[name].get(input_name), count)
                if sample is None:
                    results[kind].pop(name, None)
                    continue
                results[kind][name].append(sample)
                log(f"  {kind} round {round_index + 1}/{rounds} {name:18}: {sample['jobs_per_s']:.1f} jobs/s ({count} in {sample['seconds']:.2f} s)")
    results["failed"] = failed
    return results


# --- 3. API latency -------------------------------------------------------------------------------


def sequential(server: Server, method: str, path: str, body: bytes | None, expect: int, rate: float, seconds: float) -> dict:
    """Requests one at a time on one keep-alive connection, started at most RATE per second."""
    connection = http.client.HTTPConnection(server.host, server.port, timeout=30)
    headers = {"Authorization": f"Bearer {server.key}"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    latencies, errors = [], 0
    start = time.perf_counter()
    index = 0
    while True:
        due = start + index / rate
        now = time.perf_counter()
        if due - start >= seconds:
            break
        if due > now:
            time.sleep(due - now)
        sent = time.perf_counter()
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            response.read()
            ok = response.status == expect
        except (http.client.HTTPException, ConnectionError):
            connection.close()
            connection = http.client.HTTPConnection(server.host, server.port, timeout=30)
            ok = False
        elapsed = time.perf_counter() - sent
        if ok:
            latencies.append(elapsed * 1000)
        else:
            errors += 1
        index += 1
    connection.close()
    return {
        "requests": index, "errors": errors, "p50_ms": percentile(latencies, 0.5), "p99_ms": percentile(latencies, 0.99),
        "max_ms": max(latencies) if latencies else float("nan"), "mean_ms": statistics.fmean(latencies) if latencies else float("nan"),
        "latencies_ms": [round(value, 3) for value in latencies],
    }


def probe(server: Server, job_id: str, rate: float, seconds: float) -> dict:
    post = json.dumps({"kind": "queue.noop", "queue": PARKED_QUEUE, "params": {}}).encode()
    return {
        "get": sequential(server, "GET", f"/v1/jobs/{job_id}", None, 200, rate, seconds),
        "post": sequential(server, "POST", "/v1/jobs", post, 202, rate, seconds),
    }


class EditLoad(threading.Thread):
    """Keeps `livephoto.edit` jobs queued behind the worker's slots: once a second, lists the
    unfinished edit jobs, records how many run, and submits more when fewer than `waiting` wait."""

    def __init__(self, server: Server, inputs: dict, waiting: int) -> None:
        super().__init__(daemon=True)
        self.server, self.inputs, self.waiting = server, inputs, waiting
        self.stopping = threading.Event()
        self.running_samples: list[int] = []
        self.recording = False
        self.submitted = 0

    def unfinished(self) -> list[dict]:
        return self.server.call("GET", "/v1/jobs?kind=livephoto.edit&state=available,running,retryable,scheduled&limit=100")["jobs"]

    def run(self) -> None:
        while not self.stopping.is_set():
            jobs = self.unfinished()
            running = sum(1 for job in jobs if job["state"] == "running")
            if self.recording:
                self.running_samples.append(running)
            missing = self.waiting - (len(jobs) - running)
            if missing > 0:
                entry = {"kind": "livephoto.edit", "params": {"recipe": RECIPE}, "inputs": self.inputs}
                self.server.call("POST", "/v1/batches", {"jobs": [entry] * missing})
                self.submitted += missing
            self.stopping.wait(1)

    def wait_until_busy(self, slots: int, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if sum(1 for job in self.unfinished() if job["state"] == "running") >= slots:
                return
            time.sleep(0.2)
        raise RuntimeError(f"{self.server.name}: {slots} edit jobs never ran at once")

    def stop(self) -> None:
        """Stops topping up, cancels what is left and waits until nothing runs."""
        self.stopping.set()
        self.join()
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            jobs = self.unfinished()
            if not jobs:
                return
            for job in jobs:
                self.server.call("DELETE", f"/v1/jobs/{job['id']}", expect=(200, 404, 409))
            time.sleep(0.3)
        raise RuntimeError(f"{self.server.name}: edit jobs still running after cancelling")


def measure_latency(servers: dict, inputs: dict, job_ids: dict, args, log) -> dict:
    results = {"idle": {name: [] for name in VARIANTS}, "busy": {name: [] for name in VARIANTS}, "running_samples": {}}
    for name in VARIANTS:  # idle reference
        wait_until_quiet()
        sample = probe(servers[name], job_ids[name], args.rate, args.latency_seconds)
        results["idle"][name].append(sample)
        log(f"  idle {name:10}: GET p50 {sample['get']['p50_ms']:.2f} p99 {sample['get']['p99_ms']:.2f} ms, "
            f"POST p50 {sample['post']['p50_ms']:.2f} p99 {sample['post']['p99_ms']:.2f} ms")
    for round_index in range(args.latency_rounds):
        for name in VARIANTS:
            wait_until_quiet()
            load = EditLoad(servers[name], inputs[name]["edit"], waiting=2)
            load.start()
            try:
                load.wait_until_busy(args.concurrency)
                load.recording = True
                sample = probe(servers[name], job_ids[name], args.rate, args.latency_seconds)
                load.recording = False
            finally:
                load.stop()
            sample["running_samples"] = load.running_samples
            results["busy"][name].append(sample)
            if sample["get"]["errors"] or sample["post"]["errors"]:
                raise RuntimeError(f"{name}: {sample['get']['errors']} GET and {sample['post']['errors']} POST requests failed")
            busy = sum(1 for running in load.running_samples if running >= args.concurrency)
            log(f"  busy round {round_index + 1}/{args.latency_rounds} {name:10}: GET p50 {sample['get']['p50_ms']:.2f} "
                f"p99 {sample['get']['p99_ms']:.2f} ms, POST p50 {sample['post']['p50_ms']:.2f} p99 {sample['post']['p99_ms']:.2f} ms "
                f"({busy}/{len(load.running_samples)} samples with {args.concurrency} edits running; {load.submitted} submitted)")
    return results


def pooled(samples: list[dict], request: str) -> dict:
    """p50 and p99 of every request of every round together."""
    latencies = [value for sample in samples for value in sample[request]["latencies_ms"]]
    return {"p50_ms": percentile(latencies, 0.5), "p99_ms": percentile(latencies, 0.99), "max_ms": max(latencies), "count": len(latencies)}


# --- glint runner start-up --------------------------------------------------------------------------


def timed_runs(command: list[str], count: int) -> dict:
    times = []
    for index in range(count + 3):  # 3 warm-up runs
        started = time.perf_counter()
        status = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
        if index >= 3:
            times.append((time.perf_counter() - started) * 1000)
    return {"runs": count, "status": status.returncode, "median_ms": statistics.median(times), "min_ms": min(times),
            "p90_ms": percentile(times, 0.9)}


def sandbox_arguments(program: str, work: str) -> list[str]:
    """bubblewrap's arguments as JobRunnerSandbox writes them for a runner with no inputs, less the
    seccomp filter (which glint builds with libseccomp itself) and the library folders outside /usr
    (none for the release build, which links the Swift runtime statically)."""
    arguments = ["--unshare-all", "--cap-drop", "ALL", "--die-with-parent", "--new-session"]
    arguments += [item for folder in ("/usr",) if os.path.exists(folder) for item in ("--ro-bind", folder, folder)]
    for link in ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"):
        if os.path.islink(link):
            arguments += ["--symlink", os.readlink(link), link]
        elif os.path.exists(link):
            arguments += ["--ro-bind", link, link]
    for path in ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/alternatives", "/etc/fonts", "/etc/localtime",
                 "/var/cache/fontconfig", "/sys/devices/system/cpu"):
        arguments += ["--ro-bind-try", path, path]
    arguments += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--ro-bind", program, program, "--bind", work, work,
                  "--remount-ro", "/", "--remount-ro", "/tmp", "--chdir", work, "--clearenv", "--setenv", "TMPDIR", work, "--"]
    return arguments


def runner_startup(glint: str, count: int, work: str) -> dict:
    """`glint runner --check` with a worker's limits: exec, Swift runtime start, limits, exit. What
    every isolated attempt pays before its handler starts; and the same under bubblewrap with the
    sandbox's mounts and namespaces, where `bwrap` is installed and can make them."""
    program = os.path.realpath(glint)
    command = [program, "runner", "--memory-bytes", str(2048 << 20), "--cpu-seconds", "601", "--file-size-bytes", str(4096 << 20),
               "--nice", "10", "--check"]
    results = {"bare": timed_runs(command, count)}
    bubblewrap = shutil.which("bwrap")
    if bubblewrap:
        os.makedirs(work, exist_ok=True)
        sandboxed = timed_runs([bubblewrap, *sandbox_arguments(program, work), *command], count)
        if sandboxed["status"] == 0:
            results["bubblewrap"] = sandboxed
    return results


# --- the table --------------------------------------------------------------------------------------


def table(results: dict, args) -> str:
    edits, throughput, latency = results["edit"], results["throughput"], results["latency"]
    rows = []

    def row(measure, a, b, difference, goal, met):
        rows.append(f"| {measure} | {a} | {b} | {difference} | {goal} | {met} |")

    def yes(condition) -> str:
        return "**yes**" if condition else "**no**"

    for label, reduce in (("mean", statistics.fmean), ("median", statistics.median)):
        a = reduce(sample["wall_s"] for sample in edits["in-process"])
        b = reduce(sample["wall_s"] for sample in edits["isolated"])
        row(f"`livephoto.edit` wall time per job, {label} of {len(edits['isolated'])} (s)", f"{a:.3f}", f"{b:.3f}",
            f"{(b / a - 1) * 100:+.1f}%", "isolated at most +3%", yes(b <= a * 1.03))
    for kind in ("rings.render", "badge.apply"):
        a = statistics.median(sample["jobs_per_s"] for sample in throughput[kind]["in-process"])
        b = statistics.median(sample["jobs_per_s"] for sample in throughput[kind]["isolated"])
        rounds = len(throughput[kind]["isolated"])
        row(f"`{kind}` throughput, {args.jobs} jobs, {args.concurrency} slots, median of {rounds} (jobs/s)", f"{a:.1f}", f"{b:.1f}",
            f"{b / a:.2f}x ({(b / a - 1) * 100:+.0f}%)", "within 20%", yes(b >= a * 0.8))
        for reference in (name for name in throughput[kind] if name not in VARIANTS):
            c = statistics.median(sample["jobs_per_s"] for sample in throughput[kind][reference])
            row(f"`{kind}` throughput, isolated with `{reference}` (jobs/s)", f"{a:.1f}", f"{c:.1f}",
                f"{c / a:.2f}x ({(c / a - 1) * 100:+.0f}%)", "(reference)", "")
    for state, title in (("busy", "while 2 `livephoto.edit` run"), ("idle", "idle")):
        for request, name in (("get", "`GET /v1/jobs/{id}`"), ("post", "`POST /v1/jobs`")):
            a, b = pooled(latency[state]["in-process"], request), pooled(latency[state]["isolated"], request)
            for quantile in ("p50", "p99"):
                x, y = a[f"{quantile}_ms"], b[f"{quantile}_ms"]
                goal, met = ("isolated under 10 ms", yes(y < 10)) if (state, quantile) == ("busy", "p99") else ("(reference)", "")
                row(f"{name} {quantile}, {title}, {b['count']:,} requests (ms)", f"{x:.2f}", f"{y:.2f}", f"{y - x:+.2f} ms", goal, met)
    header = ["| measure | in-process | isolated | ratio/difference | goal | met? |", "| --- | ---: | ---: | ---: | --- | --- |"]
    return "\n".join(header + rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--in-process", nargs=2, metavar=("URL", "KEY"), required=True)
    parser.add_argument("--isolated", nargs=2, metavar=("URL", "KEY"), required=True)
    parser.add_argument("--reference", nargs=3, action="append", default=[], metavar=("FLAGS", "URL", "KEY"),
                        help="one more isolated server, started with FLAGS (throughput only)")
    parser.add_argument("--runners-note", default="", help="how the isolated server's runners start, for the notes")
    parser.add_argument("--glint", required=True)
    parser.add_argument("--still", required=True)
    parser.add_argument("--movie", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--concurrency", type=int, default=2, help="the servers' worker slots (--workers)")
    parser.add_argument("--edit-rounds", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=200)
    parser.add_argument("--throughput-rounds", type=int, default=3)
    parser.add_argument("--latency-rounds", type=int, default=3)
    parser.add_argument("--latency-seconds", type=float, default=10)
    parser.add_argument("--rate", type=float, default=100)
    parser.add_argument("--runner-starts", type=int, default=30)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    log_file = open(os.path.join(args.out, "run.log"), "w")

    def log(line: str) -> None:
        print(line, flush=True)
        log_file.write(line + "\n")
        log_file.flush()

    servers = {"in-process": Server("in-process", *args.in_process), "isolated": Server("isolated", *args.isolated)}
    for flags, url, key in args.reference:
        servers[flags] = Server(flags, url, key)
    loads = LoadSampler()
    loads.start()
    began = time.time()
    inputs = {}
    for name, server in servers.items():
        still, movie = server.upload(args.still), server.upload(args.movie)
        inputs[name] = {"edit": {"still": still, "movie": movie}, "badge": {"image": still}}

    log(f"== 1. livephoto.edit, one job at a time, {args.edit_rounds} rounds each, alternating")
    edits = measure_edits(servers, inputs, args.edit_rounds, log)
    log(f"== 2. throughput, {args.jobs} jobs per batch, {args.throughput_rounds} rounds each, alternating")
    throughput = measure_throughput(servers, inputs, args.jobs, args.throughput_rounds, log)
    log(f"== 3. sequential API latency at {args.rate:g}/s for {args.latency_seconds:g} s per request type")
    job_ids = {name: edits[name][-1]["id"] for name in VARIANTS}
    latency = measure_latency(servers, inputs, job_ids, args, log)
    log(f"== glint runner start-up (--check, no request), {args.runner_starts} runs")
    startup = runner_startup(args.glint, args.runner_starts, os.path.join(args.out, "runner-work"))
    for how, figures in startup.items():
        log(f"  {how:10}: median {figures['median_ms']:.1f} ms, min {figures['min_ms']:.1f} ms, p90 {figures['p90_ms']:.1f} ms")
    loads.stopping.set()

    results = {"edit": edits, "throughput": throughput, "latency": latency, "runner_startup": startup}
    results["machine"] = {
        "cores": os.cpu_count(), "load_min": min(loads.samples), "load_max": max(loads.samples),
        "load_mean": statistics.fmean(loads.samples), "seconds": time.time() - began, "platform": platform.platform(),
    }
    results["settings"] = vars(args) | {"recipe": RECIPE, "rings": RINGS, "badge": BADGE}
    markdown = table(results, args)
    machine = results["machine"]
    notes = (f"{machine['cores']} cores, load average (1 min) {machine['load_min']:.1f} to {machine['load_max']:.1f} "
             f"(mean {machine['load_mean']:.1f}) during the run; measured in {machine['seconds']:.0f} s. "
             + (f"Isolated runners: {args.runners_note}. " if args.runners_note else "")
             + "`glint runner --check` alone (exec to exit, no job): "
             + "; ".join(f"{how} median {figures['median_ms']:.1f} ms (min {figures['min_ms']:.1f})" for how, figures in startup.items())
             + "."
             + "".join(f" The reference server `{name}` failed ({reason}) and was left out from then on." for name, reason in throughput["failed"].items()))
    with open(os.path.join(args.out, "results.json"), "w") as file:
        json.dump(results, file, indent=1)
    with open(os.path.join(args.out, "results.md"), "w") as file:
        file.write(markdown + "\n\n" + notes + "\n")
    log("")
    log(markdown)
    log("")
    log(notes)


if __name__ == "__main__":
    main()
