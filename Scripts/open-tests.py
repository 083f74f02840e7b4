#!/usr/bin/env python3
"""Names the tests a stopped or failed `swift test` run was inside.

`make test` runs the suite with `--experimental-event-stream-output FILE
--experimental-event-stream-version 0` (Swift Testing's JSON Lines event stream). When the run
fails, and above all when `timeout` ends a run that hangs, this reads FILE and prints:

- every test that started and never ended (where a hang is), the longest-running first, with how
  long before the last event of the run it started;
- every test that recorded an issue (a failed expectation, a thrown error, a time limit).

Usage: Scripts/open-tests.py EVENTS.jsonl. Exits 0 whatever it finds; a missing or unreadable
file is said in one line.
"""
import json
import sys

# The open tests printed, the longest-running first (Swift Testing starts many at once; the ones a
# hang holds have been open longest).
SHOWN = 30


def read_events(path):
    """The stream's events, in order; lines that are not whole JSON records are skipped (a run
    killed while writing leaves a cut last line)."""
    with open(path, encoding="utf-8", errors="replace") as stream:
        for line in stream:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if isinstance(record, dict) and record.get("kind") == "event":
                payload = record.get("payload")
                if isinstance(payload, dict):
                    yield payload


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


def summarize(path):
    started = {}
    failed = {}
    last = 0.0
    for payload in read_events(path):
        kind = payload.get("kind")
        test_id = payload.get("testID")
        last = max(last, instant(payload))
        if kind == "testStarted" and is_test_case(test_id):
            started.setdefault(test_id, []).append(instant(payload))
        elif kind == "testEnded" and is_test_case(test_id) and started.get(test_id):
            started[test_id].pop()
        elif kind == "issueRecorded" and isinstance(test_id, str) and not is_known(payload):
            failed.setdefault(test_id, []).append(first_message(payload))
    open_tests = sorted((begin, test_id) for test_id, begins in started.items() for begin in begins)
    return open_tests, failed, last


def main():
    if len(sys.argv) != 2:
        print("usage: Scripts/open-tests.py EVENTS.jsonl", file=sys.stderr)
        return 2
    try:
        open_tests, failed, last = summarize(sys.argv[1])
    except OSError as error:
        print(f"open-tests: no event stream to read ({error})")
        return 0
    if open_tests:
        print(f"open-tests: {len(open_tests)} test(s) started and never ended (the run stopped inside them):")
        for begin, test_id in open_tests[:SHOWN]:
            print(f"  {test_id}  (started {last - begin:.0f} s before the run's last event)")
        if len(open_tests) > SHOWN:
            print(f"  ... and {len(open_tests) - SHOWN} more, started later")
    else:
        print("open-tests: every test that started also ended")
    for test_id, messages in sorted(failed.items()):
        print(f"open-tests: {test_id} recorded {len(messages)} issue(s); the first: {messages[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
