"""The latency claims that used to be test assertions, measured, for Benchmarks/latency.sh.

    python3 latency.py measure --glint GLINT --still STILL --movie MOVIE --phase NAME --tries N --out DIR
    python3 latency.py report --out DIR

`measure` runs every claim TRIES times against throw-away data directories and writes
DIR/NAME.json (every sample, in seconds); `report` reads every DIR/*.json and prints (and writes
DIR/results.md) p50 / p99 / max per claim and phase, and each phase's p50 and p99 against
idle's (the peer: the same measure, idle against beside a CPU hog). p99 is interpolated
between the two largest of 50 samples (statistics.quantiles, inclusive).

The claims, each timed from the moment the cause is in place (`glint jobs cancel` has returned:
the request is in the store; the worker is killed; SIGTERM is sent) to the effect:

- runner-gone: "a cancelled edit's runner is gone within a second". One `glint worker` over a
  SQLite store; a `livephoto.edit` of STILL + MOVIE submitted (`glint jobs submit`), cancelled once
  its progress shows it runs in its runner; until the runner and every process between it and the
  worker (bubblewrap) have exited (pidfds: the kernel says, nothing polled). runner-gone-job: the
  same tries, until the job is cancelled (its `cancelled_at`): where the time goes.
- orphan-runner-gone: "a worker killed with SIGKILL mid-edit leaves no runner behind" (the test
  said within 2 s): a fresh worker and data directory per try, the same edit, the worker killed
  once the edit runs in its runner; until the runner and bubblewrap have exited.
- heartbeat-cancel: "the heartbeat asks within a second": the same edit, its runner stopped
  (SIGSTOP, so the job reports no progress) half a second before the cancel; until the job is
  cancelled (its `cancelled_at`, the worker's clock; the store is looked at every 10 ms only to
  know when to go on). Only the worker's heartbeat can find the request.
- progress-cancel: a running `queue.noop` (in the worker, progress every 50 ms, reported at most
  every 250 ms), cancelled; until it is cancelled (`cancelled_at`). The request is found by the
  next progress report: the peer of heartbeat-cancel.
- serve-stop-stream: "serve exits long before its 30 s stop margin with an /events stream open":
  `glint serve --no-workers` with a queued job's event stream open (its first event read);
  SIGTERM to exit (status 0, the stream ended).
- serve-stop-upload: "a request in flight is cut off after --stop-margin-seconds": `glint serve
  --no-workers --stop-margin-seconds 2` with a 4 MB upload trickling in at 100 kB/s; SIGTERM to
  exit (status 0). The claim is 2 s plus a little: the table shows the whole time.
"""
import argparse
import glob
import http.client
import json
import os
import select
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import threading
import time

RECIPE = {"recipe": {"exposure": 0.3, "contrast": 0.1}}
STOP_MARGIN = 2
# What each measure is, and the claim (the test's old assertion) with its check on every sample.
CLAIMS = {
    "runner-gone": ("a cancelled edit's runner (and bubblewrap) gone, from `glint jobs cancel`",
                    "within 1 s", lambda values: max(values) <= 1),
    "runner-gone-job": ("the same tries as runner-gone: until the job is cancelled (`cancelled_at`)",
                        "(none: where runner-gone's time goes)", None),
    "orphan-runner-gone": ("an edit's runner (and bubblewrap) gone, from its worker's SIGKILL",
                           "within 2 s", lambda values: max(values) <= 2),
    "heartbeat-cancel": ("a silent running edit (runner stopped) cancelled, from `glint jobs cancel`",
                         "within 1 s (the heartbeat's interval)", lambda values: max(values) <= 1),
    "progress-cancel": ("a running queue.noop (progress every 50 ms) cancelled, from `glint jobs cancel`",
                        "(none: the peer of heartbeat-cancel)", None),
    "serve-stop-stream": ("glint serve exits after SIGTERM, an /events stream open (stop margin 30 s)",
                          "under 20 s", lambda values: max(values) < 20),
    "serve-stop-upload": (f"glint serve exits after SIGTERM, an upload in flight (--stop-margin-seconds {STOP_MARGIN})",
                          f"{STOP_MARGIN} s to 25 s", lambda values: STOP_MARGIN <= min(values) and max(values) < 25),
}
FINISHED = ("completed", "cancelled", "discarded", "retryable")


def run(command, **kwargs):
    """Runs a short command; its stdout, stripped. Raises with its stderr when it fails."""
    done = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {done.returncode}: {done.stderr[-2000:]}")
    return done.stdout.strip()


def children(parent):
    """The live children of `parent` (from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent and fields[0] != "Z":
            found.append(int(entry))
    return found


def command_line(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return cmdline.read().split(b"\0")
    except OSError:
        return []


def runner_chain(worker):
    """The processes from the worker's child down to the runner running a job (bubblewrap, its
    PID namespace's init, the runner), or None when no such runner runs."""
    for child in children(worker):
        chain = [child]
        while command_line(chain[-1])[:1] and os.path.basename(command_line(chain[-1])[0]) == b"bwrap":
            below = children(chain[-1])
            if not below:
                break
            chain.append(below[0])
        arguments = command_line(chain[-1])
        if b"runner" in arguments and b"--check" not in arguments:
            return chain
    return None


def wait_for_exit(pids, bound):
    """Seconds until every process in `pids` has exited (pidfd: no polling); None past `bound`."""
    started = time.monotonic()
    descriptors = []
    for pid in pids:
        try:
            descriptors.append(os.pidfd_open(pid))
        except ProcessLookupError:
            pass
    try:
        poller = select.poll()
        for descriptor in descriptors:
            poller.register(descriptor, select.POLLIN)
        left = set(descriptors)
        while left:
            remaining = bound - (time.monotonic() - started)
            if remaining <= 0:
                return None
            for descriptor, _ in poller.poll(remaining * 1000):
                poller.unregister(descriptor)
                left.discard(descriptor)
        return time.monotonic() - started
    finally:
        for descriptor in descriptors:
            os.close(descriptor)


class Worker:
    """One `glint worker --enable-test-kinds` over a throw-away data directory."""

    def __init__(self, glint, data, sandbox, log):
        self.glint, self.data = glint, data
        os.makedirs(data, exist_ok=True)
        arguments = [glint, "worker", "--data-dir", data, "--json", "--enable-test-kinds"] + (["--sandbox", sandbox] if sandbox else [])
        self.process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=log, text=True)
        line = self.process.stdout.readline()
        if '"started"' not in line:
            raise RuntimeError(f"glint worker did not start: {line!r} (its log: {log.name})")
        self.database = sqlite3.connect(os.path.join(data, "queue.sqlite"), timeout=30, isolation_level=None)

    def submit(self, kind, params, inputs=()):
        arguments = [self.glint, "jobs", "submit", kind, "--data-dir", self.data, "--params", json.dumps(params), "--max-attempts", "1"]
        for name, path in inputs:
            arguments += ["--input", f"{name}={path}"]
        return run(arguments)

    def cancel(self, job):
        run([self.glint, "jobs", "cancel", job, "--data-dir", self.data])

    def row(self, job):
        return self.database.execute(
            "SELECT state, progress, cancelled_at FROM jobs WHERE lower(id) = lower(?)", (job,)).fetchone()

    def wait(self, job, condition, bound=300):
        """The job's row once `condition(state, progress, cancelled_at)` holds (looked at every 10 ms)."""
        deadline = time.monotonic() + bound
        while time.monotonic() < deadline:
            row = self.row(job)
            if row and condition(*row):
                return row
            time.sleep(0.01)
        raise RuntimeError(f"job {job}: gave up after {bound} s at {self.row(job)}")

    def stop(self):
        self.database.close()
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def running_edit(worker, still, movie):
    """Submits an edit; returns (job, runner chain) once its progress shows it runs in its runner."""
    job = worker.submit("livephoto.edit", RECIPE, [("still", still), ("movie", movie)])
    state, _, _ = worker.wait(job, lambda state, progress, _: progress is not None or state in FINISHED)
    chain = runner_chain(worker.process.pid)
    if state != "running" or chain is None:
        raise RuntimeError(f"job {job} is {state}, runner chain {chain}: the edit ended before it was cancelled")
    return job, chain


def runner_gone(worker, still, movie):
    """(until the runner chain has exited, until the job is cancelled), from the cancel."""
    job, chain = running_edit(worker, still, movie)
    worker.cancel(job)
    cancelled = time.time()
    took = wait_for_exit(chain, 60)
    if took is None:
        raise RuntimeError(f"job {job}: runner {chain} still there 60 s after the cancel")
    _, _, cancelled_at = worker.wait(job, lambda state, *_: state == "cancelled", 60)
    return took, cancelled_at / 1e6 - cancelled


def orphan_runner_gone(glint, data, sandbox, log, still, movie):
    worker = Worker(glint, data, sandbox, log)
    try:
        job, chain = running_edit(worker, still, movie)
        worker.process.kill()
        took = wait_for_exit(chain, 60)
    finally:
        worker.process.kill()
        worker.process.wait()
        worker.database.close()
    if took is None:
        raise RuntimeError(f"job {job}: runner {chain} still there 60 s after its worker was killed")
    return took


def heartbeat_cancel(worker, still, movie):
    job, chain = running_edit(worker, still, movie)
    os.kill(chain[-1], signal.SIGSTOP)
    try:
        time.sleep(0.5)  # what the runner sent before it stopped has been reported by now
        worker.cancel(job)
        cancelled = time.time()
        _, _, cancelled_at = worker.wait(job, lambda state, *_: state == "cancelled", 60)
    finally:
        try:
            os.kill(chain[-1], signal.SIGCONT)
        except ProcessLookupError:
            pass
    wait_for_exit(chain, 60)
    return cancelled_at / 1e6 - cancelled


def progress_cancel(worker):
    job = worker.submit("queue.noop", {"sleepMilliseconds": 600000})
    worker.wait(job, lambda state, progress, _: state == "running" and progress is not None)
    worker.cancel(job)
    cancelled = time.time()
    _, _, cancelled_at = worker.wait(job, lambda state, *_: state == "cancelled", 60)
    return cancelled_at / 1e6 - cancelled


class Serve:
    """One `glint serve --no-workers --enable-test-kinds` on a free loopback port."""

    def __init__(self, glint, data, key, sandbox, log, extra=()):
        arguments = [glint, "serve", "--data-dir", data, "--port", "0", "--json", "--no-workers", "--enable-test-kinds", *extra]
        arguments += ["--sandbox", sandbox] if sandbox else []
        self.key = key
        self.process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=log, text=True)
        for line in self.process.stdout:
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if event.get("event") == "listening":
                url = event["url"].split("//", 1)[1].rstrip("/")
                self.host, self.port = url.rsplit(":", 1)[0].strip("[]"), int(url.rsplit(":", 1)[1])
                return
        raise RuntimeError(f"glint serve exited {self.process.wait()} before listening (its log: {log.name})")

    def headers(self):
        return {"Authorization": f"Bearer {self.key}", "Content-Type": "application/json"}

    def stop(self):
        """Seconds from SIGTERM to exit; raises unless it exits 0 within 120 s."""
        started = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        status = self.process.wait(120)
        took = time.monotonic() - started
        if status != 0:
            raise RuntimeError(f"glint serve exited {status} after SIGTERM")
        return took


def serve_stop_stream(glint, data, key, sandbox, log):
    serve = Serve(glint, data, key, sandbox, log)
    try:
        connection = http.client.HTTPConnection(serve.host, serve.port, timeout=120)
        connection.request("POST", "/v1/jobs", body=json.dumps({"kind": "queue.noop", "params": {}}), headers=serve.headers())
        response = connection.getresponse()
        job = json.loads(response.read())["id"]
        stream = http.client.HTTPConnection(serve.host, serve.port, timeout=120)
        stream.request("GET", f"/v1/jobs/{job}/events", headers=serve.headers())
        events = stream.getresponse()
        while True:
            line = events.readline()
            if not line:
                raise RuntimeError(f"the event stream of job {job} ended before its first event")
            if line.startswith(b"event:"):
                break
        took = serve.stop()
        try:
            events.read()  # the rest of the stream: it ends with the server
        except (http.client.IncompleteRead, ConnectionError):
            pass
        return took
    finally:
        if serve.process.poll() is None:
            serve.process.kill()


def serve_stop_upload(glint, data, key, sandbox, log):
    serve = Serve(glint, data, key, sandbox, log, ["--stop-margin-seconds", str(STOP_MARGIN)])
    size, rate = 4_000_000, 100_000
    upload = socket.create_connection((serve.host, serve.port))
    upload.sendall(f"POST /v1/blobs HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer {key}\r\nContent-Length: {size}\r\n\r\n".encode())

    def trickle():
        chunk = bytes(10_000)
        try:
            for _ in range(size // len(chunk)):
                upload.sendall(chunk)
                time.sleep(len(chunk) / rate)
        except OSError:
            return  # cut off

    sender = threading.Thread(target=trickle, daemon=True)
    sender.start()
    try:
        time.sleep(1)
        return serve.stop()
    finally:
        if serve.process.poll() is None:
            serve.process.kill()
        upload.close()
        sender.join(10)


def measure(arguments):
    """Every claim TRIES times, the phase's samples written to DIR/PHASE.json."""
    work, phase, tries = arguments.work, arguments.phase, arguments.tries
    glint, sandbox, pair = arguments.glint, arguments.sandbox, (arguments.still, arguments.movie)
    samples = {claim: [] for claim in CLAIMS}

    def repeat(claim, measure_one, also=None):
        """`measure_one(index)` TRIES times; its second value, when `also` names a measure, goes to that."""
        started = time.monotonic()
        for index in range(tries):
            value = measure_one(index)
            if also:
                value, samples[also] = value[0], samples[also] + [value[1]]
            samples[claim].append(value)
        for name in (claim, also) if also else (claim,):
            print(f"latency: {phase}: {name}: {line(samples[name])} ({time.monotonic() - started:.0f} s)", flush=True)

    with open(os.path.join(work, f"{phase}.log"), "a") as log:
        worker = Worker(glint, os.path.join(work, f"worker-{phase}"), sandbox, log)
        try:
            repeat("runner-gone", lambda _: runner_gone(worker, *pair), also="runner-gone-job")
            repeat("heartbeat-cancel", lambda _: heartbeat_cancel(worker, *pair))
            repeat("progress-cancel", lambda _: progress_cancel(worker))
        finally:
            worker.stop()
        repeat("orphan-runner-gone", lambda index: orphan_runner_gone(glint, os.path.join(work, f"orphan-{phase}-{index}"), sandbox, log, *pair))
        data = os.path.join(work, f"serve-{phase}")
        os.makedirs(data, exist_ok=True)
        key = json.loads(run([glint, "keys", "create", "--tenant", "bench", "--name", "bench", "--data-dir", data, "--json"]))["key"]
        repeat("serve-stop-stream", lambda _: serve_stop_stream(glint, data, key, sandbox, log))
        repeat("serve-stop-upload", lambda _: serve_stop_upload(glint, data, key, sandbox, log))
    with open(os.path.join(arguments.out, f"{phase}.json"), "w") as out:
        json.dump({"phase": phase, "note": arguments.note, "tries": tries, "samples": samples}, out, indent=1)


def quantiles(values):
    """(p50, p99, max) of `values`."""
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0], ordered[0], ordered[0]
    cuts = statistics.quantiles(ordered, n=100, method="inclusive")
    return cuts[49], cuts[98], ordered[-1]


def milliseconds(seconds):
    return f"{seconds * 1000:.0f}"


def line(values):
    p50, p99, top = quantiles(values)
    return f"n {len(values)}, p50 {milliseconds(p50)} ms, p99 {milliseconds(p99)} ms, max {milliseconds(top)} ms"


def report(arguments):
    """The table of every DIR/*.json, first phase first."""
    phases = []
    for path in glob.glob(os.path.join(arguments.out, "*.json")):
        with open(path) as document:
            phases.append(json.load(document))
    if not phases:
        raise SystemExit(f"latency: no results in {arguments.out}")
    phases.sort(key=lambda phase: (phase["phase"] != "idle", phase["phase"]))
    base = phases[0]
    rows = ["| measure | phase | tries | p50 ms | p99 ms | max ms | p50, p99 against " + base["phase"] + " | claim | every try |",
            "| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |"]
    for claim, (_, bound, check) in CLAIMS.items():
        base_p50, base_p99, _ = quantiles(base["samples"][claim])
        for phase in phases:
            values = phase["samples"].get(claim) or []
            if not values:
                continue
            p50, p99, top = quantiles(values)
            peer = "" if phase is base else f"{p50 / base_p50:.2f}x, {p99 / base_p99:.2f}x"
            met = "" if check is None else "met" if check(values) else "**not met**"
            rows.append(f"| {claim} | {phase['phase']} | {len(values)} | {milliseconds(p50)} | {milliseconds(p99)} | {milliseconds(top)} | "
                        f"{peer} | {bound} | {met} |")
    notes = [f"- {phase['phase']}: {phase['note']}" for phase in phases]
    claims = [f"- {claim}: {what}" for claim, (what, _, _) in CLAIMS.items()]
    text = "\n".join(rows + [""] + notes + [""] + claims) + "\n"
    with open(os.path.join(arguments.out, "results.md"), "w") as out:
        out.write(text)
    print(text, end="")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    measuring = commands.add_parser("measure")
    for option in ("--glint", "--still", "--movie", "--phase", "--out", "--work"):
        measuring.add_argument(option, required=True)
    measuring.add_argument("--tries", type=int, default=50)
    measuring.add_argument("--sandbox", default="", help="a --sandbox value for worker and serve (default: theirs)")
    measuring.add_argument("--note", default="")
    reporting = commands.add_parser("report")
    reporting.add_argument("--out", required=True)
    arguments = parser.parse_args()
    (measure if arguments.command == "measure" else report)(arguments)


if __name__ == "__main__":
    sys.exit(main())
