#!/usr/bin/env python3
"""Names the tests a stopped or failed `swift test` run was inside.

`make test` runs the suite with `--experimental-event-stream-output FILE
--experimental-event-stream-version 0` (Swift Testing's JSON Lines event stream, written and
flushed event by event). When the run fails, and above all when a run that hangs is ended, this
reads FILE and prints:

- every test that started and never ended (where a hang is), the longest-running first, with how
  long before the last event of the run it started;
- when no test is open, where the run stopped all the same: whether it ended (`runEnded`: the hang
  came after the last test, in the process's exit or in `swift test` waiting for the end of its
  output, which a process the tests left running holds), the suites still open, how many tests of the plan
  never started (the runner could not start them: the task pool's threads were all held by work
  that no test owns any more, e.g. a blocking call left behind by a test that ended), and the last
  tests to end, which are the likeliest owners of that work;
- every test that recorded an issue (a failed expectation, a thrown error, a time limit).

Usage: Scripts/open-tests.py EVENTS.jsonl. Exits 0 whatever it finds; a missing or unreadable
file is said in one line. `Scripts/open-tests.py --self-test` reads planted streams (an open test,
a run stopped between tests, a run that ended) and exits 1 unless each is told as it should be.
"""
import contextlib
import io
import json
import os
import sys
import tempfile

# The open tests printed, the longest-running first (Swift Testing starts many at once; the ones a
# hang holds have been open longest).
SHOWN = 30
# The tests that ended last, printed when none is open.
LAST_ENDED = 8


def read_records(path):
    """The stream's records (`test` and `event`), in order; lines that are not whole JSON records are
    skipped (a run killed while writing leaves a cut last line)."""
    with open(path, encoding="utf-8", errors="replace") as stream:
        for line in stream:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if isinstance(record, dict) and isinstance(record.get("payload"), dict):
                yield record.get("kind"), record["payload"]


def instant(payload):
    return (payload.get("instant") or {}).get("since1970", 0.0)


def is_known(payload):
    """An issue inside `withKnownIssue` does not fail the run."""
    return bool((payload.get("issue") or {}).get("isKnown"))


def first_message(payload):
    messages = payload.get("messages") or [{}]
    text = str(messages[0].get("text", "")).replace("\n", " ")
    return text[:200]


def is_test_case(test_id):
    # A suite's ID is its type; a test function's ID has its name after a slash.
    return isinstance(test_id, str) and "/" in test_id


class Run:
    """What the stream says of the run."""

    def __init__(self):
        self.planned = set()  # test functions the run's plan holds (`test` records)
        self.started = {}  # test ID -> start instants not yet matched by an end
        self.ever_started = set()
        self.suites = {}  # suite ID -> start instants not yet matched by an end
        self.ended = []  # (instant, test ID), every test function's end
        self.failed = {}
        self.last = 0.0
        self.last_kind = None
        self.run_ended = False

    def read(self, kind, payload):
        if kind == "test":
            if payload.get("kind") == "function" and isinstance(payload.get("id"), str):
                self.planned.add(payload["id"])
            return
        if kind != "event":
            return
        event = payload.get("kind")
        test_id = payload.get("testID")
        if instant(payload) >= self.last:
            self.last, self.last_kind = instant(payload), event
        if event == "runEnded":
            self.run_ended = True
        elif event in ("testStarted", "testEnded") and isinstance(test_id, str):
            self.mark(event == "testStarted", test_id, instant(payload))
        elif event == "issueRecorded" and isinstance(test_id, str) and not is_known(payload):
            self.failed.setdefault(test_id, []).append(first_message(payload))

    def mark(self, starts, test_id, at):
        table = self.started if is_test_case(test_id) else self.suites
        if starts:
            table.setdefault(test_id, []).append(at)
            if is_test_case(test_id):
                self.ever_started.add(test_id)
        elif table.get(test_id):
            table[test_id].pop()
            if is_test_case(test_id):
                self.ended.append((at, test_id))

    def open_tests(self):
        return sorted((begin, test_id) for test_id, begins in self.started.items() for begin in begins)

    def open_suites(self):
        return sorted(test_id for test_id, begins in self.suites.items() if begins)


def summarize(path):
    run = Run()
    for kind, payload in read_records(path):
        run.read(kind, payload)
    return run


def report_stop_between_tests(run):
    """No test is open: say where the run stopped all the same."""
    if run.run_ended:
        print(
            "open-tests: every test that started also ended, and so did the run (runEnded); if it was stopped all the same,"
            " it hung after its last test: in the test process's exit, or in `swift test` waiting for the end of its output,"
            " which a process the tests left running holds (Scripts/hang-report.sh lists them)")
        return
    never = sorted(run.planned - run.ever_started)
    print(f"open-tests: every test that started also ended, but the run did not end (its last event: {run.last_kind})")
    if never:
        print(
            f"open-tests: {len(never)} test(s) of the plan never started: the runner could not start them, its task pool's threads"
            " held by work no test owns any more (a blocking call left behind by a test that ended), e.g.:")
        for test_id in never[:5]:
            print(f"  {test_id}")
    for suite in run.open_suites()[:SHOWN]:
        print(f"open-tests: suite {suite} started and never ended")
    if run.ended:
        print("open-tests: the last tests to end (the likeliest owners of what was left running):")
        for at, test_id in sorted(run.ended)[-LAST_ENDED:][::-1]:
            print(f"  {test_id}  (ended {run.last - at:.0f} s before the run's last event)")


def planted(kind, payload):
    return json.dumps({"kind": kind, "payload": payload, "version": 0})


def event(kind, at, test_id=None):
    payload = {"kind": kind, "instant": {"since1970": at}}
    if test_id:
        payload["testID"] = test_id
    return planted("event", payload)


def self_test():
    """Each planted stream and a line its report must hold."""
    suite, first, second = "M.Suite", "M.Suite/first()/S.swift:1:1", "M.Suite/second()/S.swift:2:1"
    plan = [planted("test", {"kind": "suite", "id": suite})] + [planted("test", {"kind": "function", "id": i}) for i in (first, second)]
    begun = plan + [event("runStarted", 0), event("testStarted", 1, suite), event("testStarted", 2, first)]
    cases = {
        "an open test": (begun + [event("testStarted", 3, second), event("testEnded", 4, second)], f"  {first}  (started 2 s"),
        "a run stopped between tests": (begun + [event("testEnded", 5, first), '{"kind": "event", "payl'], "never started"),
        "a run that ended": (
            begun + [event("testStarted", 3, second), event("testEnded", 4, second), event("testEnded", 5, first), event("testEnded", 6, suite),
                     event("runEnded", 7)], "and so did the run (runEnded)"),
    }
    failures = 0
    with tempfile.TemporaryDirectory() as folder:
        for name, (lines, expected) in cases.items():
            path = os.path.join(folder, "events.jsonl")
            with open(path, "w", encoding="utf-8") as stream:
                stream.write("\n".join(lines) + "\n")
            sys.argv = ["open-tests.py", path]
            report = io.StringIO()
            with contextlib.redirect_stdout(report):
                main()
            if expected not in report.getvalue():
                failures += 1
                print(f"open-tests self-test: {name}: no line holds {expected!r} in:\n{report.getvalue()}")
    print(f"open-tests self-test: {len(cases) - failures} of {len(cases)} planted streams told as they should be")
    return 1 if failures else 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 2:
        print("usage: Scripts/open-tests.py EVENTS.jsonl", file=sys.stderr)
        return 2
    try:
        run = summarize(sys.argv[1])
    except OSError as error:
        print(f"open-tests: no event stream to read ({error})")
        return 0
    open_tests = run.open_tests()
    if open_tests:
        print(f"open-tests: {len(open_tests)} test(s) started and never ended (the run stopped inside them):")
        for begin, test_id in open_tests[:SHOWN]:
            print(f"  {test_id}  (started {run.last - begin:.0f} s before the run's last event)")
        if len(open_tests) > SHOWN:
            print(f"  ... and {len(open_tests) - SHOWN} more, started later")
    else:
        report_stop_between_tests(run)
    for test_id, messages in sorted(run.failed.items()):
        print(f"open-tests: {test_id} recorded {len(messages)} issue(s); the first: {messages[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
