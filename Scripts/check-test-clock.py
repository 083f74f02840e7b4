#!/usr/bin/env python3
"""Tests that cannot flake: no real clock and no sleeping in the tests, time injected in the code (issue 39).

A test advances a ManualWallClock and asserts the outcome; it does not wait for time. A test that
must run real processes against real time awaits an event through Tests/GlintTestSupport/Waiting.swift,
bounded by at least 30 s. The code takes its time from a WallClock (Sources/GlintCore/Time). This
check prints `path:line: what and why` for each finding, then `check-test-clock: N findings in M
files`, and exits 1 when there is any finding:

- clock, sleep (Tests/**/*.swift, but Tests/GlintTestSupport/Waiting.swift): a read of the real
  clock (ContinuousClock, SuspendingClock, Date(), Date.now, timeIntervalSinceNow,
  DispatchTime, DispatchWallTime, an implicit `.now()`, clock_gettime, gettimeofday,
  CFAbsoluteTimeGetCurrent, systemUptime, time(nil)), or a sleep or timed wait (Task.sleep, usleep,
  nanosleep, Thread.sleep, a bare sleep(), asyncAfter, a timer, `.wait(timeout:)` or
  `.wait(wallTimeout:)` with a time, pthread_cond_timedwait, sem_timedwait). `ContinuousClock.Instant`
  as a type is no read, nor is handing `SystemWallClock()` to the code under test (a test of
  real processes against real time).
- poll (Tests, but Waiting.swift): a sleep, a timed wait, `Task.yield()`, or a `poll()` / `select()`
  with a timeout inside a `while`, `for` or `repeat` loop: the loop polls for a state. Reported
  instead of the plain sleep finding for that line, with the loop's line.
- bound (Tests, but Waiting.swift): `Waiting.within(`, `Waiting.blocking(` (the first argument),
  `Waiting.exit(` and `exitOfChildren(` (the `within:` argument) with a Duration literal
  (`.seconds(N)`, `.milliseconds(N)`, `.minutes(N)`, `Duration.seconds(N)` ..., N a number or
  simple arithmetic of numbers) under 30 s. A bound that is not a literal (a variable, a
  parameter) is accepted here: Waiting.within's precondition enforces `>= Waiting.shortestBound`
  (30 s) at run time, for every bound.
- sources (Sources/**/*.swift, but Sources/GlintCore/Time/, the clock's own implementation):
  ContinuousClock.now, ContinuousClock() (its `.now` is the same read), SuspendingClock, Date(),
  Date.now, timeIntervalSinceNow, DispatchTime, DispatchWallTime, clock_gettime, gettimeofday,
  CFAbsoluteTimeGetCurrent, systemUptime, time(nil), Task.sleep, Thread.sleep, usleep, nanosleep,
  a bare sleep(), asyncAfter. Explicit dates (`Date(timeIntervalSince1970:)`) and CPU time
  (`getrusage`, `clock()`) are fine.

Comments (`//`, `///`, `/* */`, trailing `//`) and the text of string literals are skipped (the
code inside a string's `\\( )` interpolation is not).

  python3 Scripts/check-test-clock.py              # the check (make lint)
  python3 Scripts/check-test-clock.py --list       # findings per file (count, path), then the summary
  python3 Scripts/check-test-clock.py --self-test  # planted cases in a temporary folder (make lint, first)
  python3 Scripts/check-test-clock.py --root DIR   # check another checkout
"""
import ast
import os
import re
import sys
import tempfile

TESTS = "Tests"
SOURCES = "Sources"
WAITING = os.path.join(TESTS, "GlintTestSupport", "Waiting.swift")
CLOCK_IMPLEMENTATION = os.path.join(SOURCES, "GlintCore", "Time")
SHORTEST_BOUND_SECONDS = 30

# (name, pattern) pairs: what a finding names, and where it is.
CLOCK_READS = [
    ("ContinuousClock", r"\bContinuousClock\b(?!\s*\.\s*Instant\b(?!\s*\.\s*now\b))"),
    ("SuspendingClock", r"\bSuspendingClock\b(?!\s*\.\s*Instant\b(?!\s*\.\s*now\b))"),
    ("Date()", r"\bDate\s*(?:\.\s*init\s*)?\(\s*\)"),
    ("Date.now", r"\bDate\s*\.\s*now\b"),
    ("timeIntervalSinceNow", r"\btimeIntervalSinceNow\b"),
    ("Date.timeIntervalSinceReferenceDate", r"\bDate\s*\.\s*timeIntervalSinceReferenceDate\b"),
    ("DispatchTime", r"\bDispatchTime\b"),
    ("DispatchWallTime", r"\bDispatchWallTime\b"),
    # `.now()` with nothing before the dot (`timeout: .now() + 5`: DispatchTime's); `clock.now()`,
    # a WallClock's, is fine (see `matches`).
    (".now()", r"\.\s*now\s*\(\s*\)"),
    ("clock_gettime", r"\bclock_gettime\b"),
    ("gettimeofday", r"\bgettimeofday\b"),
    ("CFAbsoluteTimeGetCurrent", r"\bCFAbsoluteTimeGetCurrent\b"),
    ("systemUptime", r"\bsystemUptime\b"),
    ("time(nil)", r"(?<![\w.])time\s*\(\s*nil\s*\)"),
]
SLEEPS = [
    ("Task.sleep", r"\bTask\s*\.\s*sleep\b"),
    ("usleep", r"\busleep\s*\("),
    ("nanosleep", r"\bnanosleep\s*\("),
    ("Thread.sleep", r"\bThread\s*\.\s*sleep\b"),
    ("sleep()", r"(?<![\w.])(?<!func )sleep\s*\(|\b(?:Glibc|Darwin|Foundation)\s*\.\s*sleep\s*\("),
    ("asyncAfter", r"\.\s*asyncAfter\s*\("),
    ("a timer", r"\bTimer\s*\.\s*(?:scheduledTimer|publish)\b|\bmakeTimerSource\b"),
    # A Dispatch semaphore's or group's wait with a time (without one, or until .distantFuture, it
    # waits for the signal alone).
    ("wait(timeout:)", r"\.\s*wait\s*\(\s*(?:wall)?[tT]imeout\s*:(?!\s*(?:DispatchTime\s*|DispatchWallTime\s*)?\.\s*distantFuture\b)"),
    ("timedwait", r"\b(?:pthread_cond_timedwait|sem_timedwait)\s*\("),
]
YIELD = ("Task.yield", r"\bTask\s*\.\s*yield\s*\(")
SOURCE_READS = [
    ("ContinuousClock.now", r"\bContinuousClock\s*\.\s*now\b"),
    ("ContinuousClock()", r"\bContinuousClock\s*\(\s*\)"),
    ("SuspendingClock", r"\bSuspendingClock\b"),
    ("Date()", r"\bDate\s*(?:\.\s*init\s*)?\(\s*\)"),
    ("Date.now", r"\bDate\s*\.\s*now\b"),
    ("timeIntervalSinceNow", r"\btimeIntervalSinceNow\b"),
    ("DispatchTime", r"\bDispatchTime\b"),
    ("DispatchWallTime", r"\bDispatchWallTime\b"),
    ("clock_gettime", r"\bclock_gettime\b"),
    ("gettimeofday", r"\bgettimeofday\b"),
    ("CFAbsoluteTimeGetCurrent", r"\bCFAbsoluteTimeGetCurrent\b"),
    ("systemUptime", r"\bsystemUptime\b"),
    ("time(nil)", r"(?<![\w.])time\s*\(\s*nil\s*\)"),
]
SOURCE_SLEEPS = [pair for pair in SLEEPS if pair[0] in ("Task.sleep", "usleep", "nanosleep", "Thread.sleep", "sleep()", "asyncAfter")]


# The word every match of a pattern contains, where its name does not start with it: a file
# without the word is not searched with the pattern (Python's re is slow on patterns that do not
# start with a literal).
KEYS = {"Task.sleep": "sleep", "sleep()": "sleep", "a timer": "Timer", "wait(timeout:)": "imeout", "time(nil)": "time",
        "Date.timeIntervalSinceReferenceDate": "timeIntervalSinceReferenceDate"}


def compiled(pairs):
    """(name, key, pattern): the key, a word every match contains (KEYS, or the name's first word)."""
    return [(name, KEYS.get(name) or re.search(r"\w+", name).group(0), re.compile(pattern)) for name, pattern in pairs]


CLOCK_READS, SLEEPS, SOURCE_READS, SOURCE_SLEEPS = map(compiled, (CLOCK_READS, SLEEPS, SOURCE_READS, SOURCE_SLEEPS))
YIELD = compiled([YIELD])
WAIT_CALL = re.compile(r"\b(?:Waiting\s*\.\s*(within|blocking|exit)|(exitOfChildren))\s*\(")
POLL_CALL = re.compile(r"(?<![\w.])(poll|select)\s*\(")
LOOP_KEYWORD = re.compile(r"\b(while|for|repeat)\b")
DURATION = re.compile(
    r"^(?:Duration\s*)?\.\s*(nanoseconds|microseconds|milliseconds|seconds|minutes|hours)\s*\((.*)\)$", re.S)
UNIT_SECONDS = {"nanoseconds": 1e-9, "microseconds": 1e-6, "milliseconds": 1e-3, "seconds": 1, "minutes": 60, "hours": 3600}


CODE_SPECIAL = re.compile(r'//|/\*|#*"')
INTERPOLATION_SPECIAL = re.compile(r'//|/\*|#*"|[()]')
STRING_SPECIAL = {}


def string_special(pounds, multiline):
    """What ends a stretch of a string's text: an escape or interpolation, its closing delimiter,
    or (single-line) the line's end."""
    key = (pounds, multiline)
    if key not in STRING_SPECIAL:
        delimiter = "#" * pounds
        close = ('"""' if multiline else '"') + delimiter
        STRING_SPECIAL[key] = re.compile(re.escape("\\" + delimiter) + "|" + re.escape(close) + ("" if multiline else "|\n"))
    return STRING_SPECIAL[key]


def blanked(text):
    return re.sub(r"[^\n]", " ", text)


def code_only(text):
    """`text` with comments and the contents of string literals blanked (newlines kept, so that
    offsets and lines stay), and the code of string interpolations kept."""
    out, i, n = [], 0, len(text)
    stack = []  # ("string", pounds, multiline) or ("interpolation", open parentheses)
    while i < n:
        top = stack[-1] if stack else None
        if top is None or top[0] == "interpolation":
            match = (CODE_SPECIAL if top is None else INTERPOLATION_SPECIAL).search(text, i)
            if not match:
                out.append(text[i:])
                break
            out.append(text[i:match.start()])
            token, i = match.group(0), match.end()
            if token == "//":
                end = text.find("\n", i)
                end = n if end < 0 else end
                out.append(blanked(text[match.start():end]))
                i = end
            elif token == "/*":
                depth, k = 1, i
                while k < n and depth:
                    if text.startswith("/*", k):
                        depth, k = depth + 1, k + 2
                    elif text.startswith("*/", k):
                        depth, k = depth - 1, k + 2
                    else:
                        k += 1
                out.append(blanked(text[match.start():k]))
                i = k
            elif token.endswith('"'):
                multiline = text.startswith('""', i)
                if multiline:
                    token, i = token + '""', i + 2
                out.append(token)
                stack.append(("string", len(token) - (3 if multiline else 1), multiline))
            else:
                out.append(token)
                if top is not None:
                    depth = top[1] + (1 if token == "(" else -1)
                    stack[-1:] = [] if depth < 0 else [("interpolation", depth)]
            continue
        _, pounds, multiline = top
        match = string_special(pounds, multiline).search(text, i)
        if not match:
            out.append(blanked(text[i:]))
            break
        out.append(blanked(text[i:match.start()]))
        token, i = match.group(0), match.end()
        if token.startswith("\\"):
            if text.startswith("(", i):
                out.append(" " * (len(token) + 1))
                i += 1
                stack.append(("interpolation", 0))
            else:  # an escaped character
                out.append(blanked(text[match.start():i + 1]))
                i += 1
        elif token == "\n":
            out.append(token)
            stack.pop()  # an unterminated string: end it at the line's end
        else:
            out.append(token)
            stack.pop()
    return "".join(out)


def matching(code, start, opening, closing):
    """The index of the bracket that closes the one at `start` (len(code) when unclosed)."""
    depth = 0
    for k in range(start, len(code)):
        if code[k] == opening:
            depth += 1
        elif code[k] == closing:
            depth -= 1
            if depth == 0:
                return k
    return len(code)


def loops(code):
    """(start, end) of every `while`, `for` and `repeat` statement: from its keyword to its body's
    closing brace (a `repeat`'s: to the end of its `while` condition's line)."""
    bodies, repeat_ends = [], set()
    for match in LOOP_KEYWORD.finditer(code):
        keyword, at = match.group(1), match.start()
        before = at
        while before > 0 and code[before - 1] in " \t":
            before -= 1
        # A statement starts a line, or follows `{`, `}`, `;` or a label's or case's `:`; else the
        # word is an argument label (`sleep(for:`) or part of a declaration (`func wait(for d:`).
        if before > 0 and code[before - 1] not in "\n{};:":
            continue
        if re.match(r"\s*:", code[match.end():match.end() + 80]):
            continue
        if keyword == "while" and before in repeat_ends:
            continue  # the condition of a `repeat { } while`
        depth, k = 0, match.end()
        while k < len(code):
            if code[k] in "([":
                depth += 1
            elif code[k] in ")]":
                depth -= 1
            elif code[k] == "{" and depth <= 0:
                break
            k += 1
        if k >= len(code):
            continue
        end = matching(code, k, "{", "}")
        if keyword == "repeat":
            repeat_ends.add(end + 1)
            newline = code.find("\n", end)
            end = len(code) if newline < 0 else newline
        bodies.append((at, end))
    return bodies


def arguments(code, open_parenthesis):
    """The top-level arguments of the call whose `(` is at `open_parenthesis`, stripped."""
    close = matching(code, open_parenthesis, "(", ")")
    parts, depth, start = [], 0, open_parenthesis + 1
    for k in range(open_parenthesis + 1, close):
        if code[k] in "([{":
            depth += 1
        elif code[k] in ")]}":
            depth -= 1
        elif code[k] == "," and depth == 0:
            parts.append(code[start:k].strip())
            start = k + 1
    parts.append(code[start:close].strip())
    return [part for part in parts if part]


def number(expression):
    """The value of a number literal or simple arithmetic of them (`2 * 60`, `1_000`), else None."""
    try:
        tree = ast.parse(expression.replace("_", ""), mode="eval")
    except SyntaxError:
        return None
    allowed = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant, ast.Add, ast.Sub, ast.Mult, ast.Div, ast.USub)
    if not all(isinstance(node, allowed) for node in ast.walk(tree)):
        return None
    if not all(isinstance(node.value, (int, float)) for node in ast.walk(tree) if isinstance(node, ast.Constant)):
        return None
    try:
        return float(eval(compile(tree, "<bound>", "eval")))
    except ZeroDivisionError:
        return None


def literal_seconds(argument):
    """The seconds of a Duration literal (`.seconds(5)`, `Duration.milliseconds(2 * 500)`), else None."""
    match = DURATION.match(argument)
    if not match:
        return None
    value = number(match.group(2))
    return None if value is None else value * UNIT_SECONDS[match.group(1)]


def line_of(code, offset):
    return code.count("\n", 0, offset) + 1


def short_bounds(code):
    """(offset, message) for each Waiting call with a literal bound under 30 s."""
    found = []
    for match in WAIT_CALL.finditer(code):
        helper = match.group(1) or match.group(2)
        parts = arguments(code, match.end() - 1)
        if helper in ("within", "blocking"):
            bound = parts[0] if parts else ""
        else:
            bound = next((part.split(":", 1)[1].strip() for part in parts if re.match(r"within\s*:", part)), "")
        seconds = literal_seconds(bound)
        if seconds is not None and seconds < SHORTEST_BOUND_SECONDS:
            name = "RunnerProcesses.exitOfChildren" if helper == "exitOfChildren" else f"Waiting.{helper}"
            found.append((match.start(), f"{name} with a bound of {seconds:g} s ({bound}): a bound is at least "
                          f"{SHORTEST_BOUND_SECONDS} s, ten times what the behaviour takes; a test does not check "
                          "how long something took (that is `make bench-latency`)"))
    return found


def timed_polls(code):
    """(offset, name) for each `poll(` / `select(` given a timeout (poll's third argument not -1,
    select's fifth not nil)."""
    found = []
    for match in POLL_CALL.finditer(code):
        if re.search(r"\bfunc\s*$", code[max(0, match.start() - 40):match.start()]):
            continue
        parts = arguments(code, match.end() - 1)
        if match.group(1) == "poll" and len(parts) == 3 and parts[2].replace(" ", "") != "-1":
            found.append((match.start(), "poll() with a timeout"))
        elif match.group(1) == "select" and len(parts) == 5 and parts[4] != "nil":
            found.append((match.start(), "select() with a timeout"))
    return found


def matches(code, pairs):
    """(offset, name) for every match of `pairs` in `code`; `.now()` only as an implicit member
    (no value before its dot, on its line or an earlier one: not `clock.now()`)."""
    found = []
    for name, key, pattern in pairs:
        if key not in code:
            continue
        for match in pattern.finditer(code):
            if name == ".now()" and re.search(r"[\w)\]?!]\s*$", code[max(0, match.start() - 200):match.start()]):
                continue
            found.append((match.start(), name))
    return found


def grouped(path, code, hits, rule, describe):
    """One (path, line, rule, message) finding per line with hits: `describe(names)` names them all."""
    lines = {}
    for offset, name in hits:
        names = lines.setdefault(line_of(code, offset), [])
        if name not in names:
            names.append(name)
    return [(path, line, rule, describe(", ".join(names))) for line, names in sorted(lines.items())]


def test_findings(path, code):
    """The findings of the rules for Tests in one file's code."""
    reads = matches(code, CLOCK_READS)
    waits = matches(code, SLEEPS)
    statements = loops(code)

    def loop_around(offset):
        inside = [loop for loop in statements if loop[0] < offset < loop[1]]
        return max(inside) if inside else None

    plain, polling = [], {}
    for offset, name in waits + matches(code, YIELD) + timed_polls(code):
        loop = loop_around(offset)
        if loop is not None:
            polling.setdefault(line_of(code, loop[0]), []).append((offset, name))
        elif name != "Task.yield" and not name.endswith("with a timeout"):
            plain.append((offset, name))
    found = grouped(path, code, reads, "clock", lambda names: (
        f"reads the real clock ({names}): a test advances a ManualWallClock, or uses a fixed date "
        "(Date(timeIntervalSince1970:)) or a clock's now(); real time only in Tests/GlintTestSupport/Waiting.swift"))
    found += grouped(path, code, plain, "sleep", lambda names: (
        f"sleeps ({names}): a test awaits an event (Waiting.within), never time"))
    for loop_line, hits in polling.items():
        found += grouped(path, code, hits, "poll", lambda names, loop_line=loop_line: (
            f"{names} in the loop at line {loop_line}: polls for a state: wait for an event instead "
            "(the store's change notification, the job's event stream, ProcessOutput.line, Waiting.exit)"))
    found += [(path, line_of(code, offset), "bound", message) for offset, message in short_bounds(code)]
    return found


def source_findings(path, code):
    """The findings of the rule for Sources in one file's code."""
    return grouped(path, code, matches(code, SOURCE_READS) + matches(code, SOURCE_SLEEPS), "sources", lambda names: (
        f"uses the real clock ({names}) outside {CLOCK_IMPLEMENTATION}/: take a WallClock "
        "(SystemWallClock() where the program starts, ManualWallClock in tests)"))


def swift_files(folder):
    found = []
    for root, folders, files in os.walk(folder):
        folders.sort()
        found += [os.path.join(root, name) for name in sorted(files) if name.endswith(".swift")]
    return found


def findings(root):
    """Every finding under checkout `root`, paths relative to it, sorted by path and line."""
    found = []
    test_words = {key for _, key, _ in CLOCK_READS + SLEEPS + YIELD} | {"Waiting", "exitOfChildren", "poll", "select"}
    source_words = {key for _, key, _ in SOURCE_READS + SOURCE_SLEEPS}
    for folder, check, words, exempt in (
            (TESTS, test_findings, test_words, lambda path: path == WAITING),
            (SOURCES, source_findings, source_words, lambda path: path.startswith(CLOCK_IMPLEMENTATION + os.sep))):
        for full in swift_files(os.path.join(root, folder)):
            path = os.path.relpath(full, root)
            if exempt(path):
                continue
            with open(full, encoding="utf-8") as source:
                text = source.read()
            # Every finding names a key: a file without any is not parsed.
            if any(key in text for key in words):
                found += check(path, code_only(text))
    return sorted(found, key=lambda finding: (finding[0], finding[1], finding[2]))


def summary(found):
    return f"check-test-clock: {len(found)} findings in {len({finding[0] for finding in found})} files"


# The self-test's planted files: (path, text). A line ending in `#> RULE[,RULE]` must give a
# finding of each RULE on that line (the marker is taken off before the file is written); every
# other line must give none.
PLANTED = [
    ("Tests/GlintTestSupport/Waiting.swift", '''
public enum Waiting {
    public static func within(_ bound: Duration, _ body: () async throws -> Void) async throws {
        let started = ContinuousClock.now
        try await Task.sleep(for: bound)
        while poll(&entry, 1, 100) < 0 { usleep(1000) }
        _ = Date()
    }
}
'''),
    ("Tests/GlintFooTests/CommentsAndStrings.swift", '''
// A comment naming Task.sleep(for: .seconds(1)) and Date() is no finding.
/// Nor a doc comment: usleep(1000), ContinuousClock.now, while true { sleep(1) }.
/* A block comment: Thread.sleep(forTimeInterval: 1) /* nested: Date.now */ DispatchTime.now() */
let script = "while true; do sleep 1; done; date"  // trailing: Task.sleep, Date()
let raw = #"Task.sleep("x") \\(Date())"#
let multi = """
    usleep(100) Date() "quoted" ContinuousClock.now
    """
let fixed = Date(timeIntervalSince1970: 1_800_000_000)
let later = fixed.addingTimeInterval(60)
let instant: ContinuousClock.Instant? = nil
func sleep(for duration: Duration) async throws { try await clock.sleep(for: duration) }
let now = clock.now()
let real = WorkerHarness.with(clock: SystemWallClock()) { _ in }
let chained = clock
    .now()
let interpolated = "at \\(Date())"  #> clock
'''),
    ("Tests/GlintFooTests/ClockReads.swift", '''
let a = Date()  #> clock
let b = Date.now.addingTimeInterval(1)  #> clock
let c = ContinuousClock.now  #> clock
let d = SuspendingClock().now  #> clock
let e = DispatchTime.now().uptimeNanoseconds  #> clock
let f = DispatchWallTime.now()  #> clock
var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t)  #> clock
let g = CFAbsoluteTimeGetCurrent()  #> clock
let h = ProcessInfo.processInfo.systemUptime  #> clock
let i = time(nil)  #> clock
let j = deadline.timeIntervalSinceNow  #> clock
let k = ContinuousClock.Instant.now  #> clock
let m = Date(), n = Date()  #> clock
'''),
    ("Tests/GlintFooTests/Sleeps.swift", '''
func f() async throws {
    try await Task.sleep(for: .milliseconds(100))  #> sleep
    try await Task.sleep(nanoseconds: 1_000)  #> sleep
    usleep(5000)  #> sleep
    Thread.sleep(forTimeInterval: 0.3)  #> sleep
    sleep(1)  #> sleep
    nanosleep(&request, nil)  #> sleep
    DispatchQueue.global().asyncAfter(deadline: .now() + 1) { done() }  #> clock,sleep
    _ = semaphore.wait(timeout: .now() + .seconds(5))  #> clock,sleep
    semaphore.wait(timeout: .distantFuture)
    semaphore.wait()
    try await clock.sleep(for: .seconds(60))
    await clock.sleepers(1, within: .seconds(60))
    await store.waitForJobChange(since: mark, timeout: .seconds(5))
    let ready = poll(&descriptor, 1, 100)
}
'''),
    ("Tests/GlintFooTests/Bounds.swift", '''
func f() async throws {
    try await Waiting.within(.seconds(60), "the job") { await job.done() }
    try await Waiting.within(.seconds(5), "the job") { await job.done() }  #> bound
    try await Waiting.within(Duration.milliseconds(500), "x") { try await clock.sleep(for: .seconds(1)) }  #> bound
    try await Waiting.within(.minutes(1), "x") { }
    try await Waiting.within(.seconds(2 * 60), "x") { }
    try await Waiting.within(.seconds(10 * 2), "x") { }  #> bound
    try await Waiting.within(bound, "x") { try await Task.sleep(for: .seconds(1)) }  #> sleep
    try await Waiting.within(  #> bound
        .seconds(1_0),
        "x"
    ) {}
    try await Waiting.blocking(.seconds(29.5), "the read") { read() }  #> bound
    try await Waiting.blocking(.seconds(30), "the read") { read() }
    try await Waiting.exit(of: pid, within: .seconds(60))
    try await Waiting.exit(of: pid, within: .seconds(3))  #> bound
    try await RunnerProcesses.exitOfChildren(of: worker, named: "glint", within: .seconds(10))  #> bound
    try await RunnerProcesses.exitOfChildren(of: worker, within: Waiting.shortestBound)
    // Waiting.within(.seconds(1), "in a comment")
}
'''),
    ("Tests/GlintFooTests/Loops.swift", '''
func f() async throws {
    while process.isRunning { usleep(5000) }  #> poll
    for _ in 0..<100 where curl.isRunning { try await Task.sleep(for: .milliseconds(100)) }  #> poll
    repeat {
        Thread.sleep(forTimeInterval: 0.01)  #> poll
    } while !done
    outer: while true {
        if ready() { break outer }
        try await Task.sleep(for: .milliseconds(10))  #> poll
    }
    while poll(&entry, 1, 50) == 0 {}  #> poll
    while true {
        guard poll(&entry, 1, Int32(left * 1000)) > 0 else { continue }  #> poll
        while !flag { await Task.yield() }  #> poll
    }
    while poll(&entry, 1, -1) < 0, errno == EINTR {}
    for try await line in lines where line.contains("listening") { return line }
    while let job = try await queue.next() { await store.waitForJobChange(since: mark, timeout: .seconds(5)) }
    for item in items { try await clock.sleep(for: .seconds(1)) }
    await Task.yield()
    repeat { count += 1 } while count < 3
    try await Task.sleep(for: .seconds(1))  #> sleep
}
'''),
    ("Sources/GlintFoo/Code.swift", '''
struct Code {
    let started = ContinuousClock.now  #> sources
    let clock = ContinuousClock()  #> sources
    let instant: ContinuousClock.Instant
    let a = Date()  #> sources
    let b = Date.now  #> sources
    let c = DispatchTime.now()  #> sources
    let d = SuspendingClock()  #> sources
    let e = Date(timeIntervalSince1970: 0)
    let f = Date(timeIntervalSinceReferenceDate: 0)
    let g = wallClock.now()
    func h() async throws {
        try await Task.sleep(for: .seconds(1))  #> sources
        Thread.sleep(forTimeInterval: 1)  #> sources
        usleep(100)  #> sources
        var t = timespec(); clock_gettime(CLOCK_REALTIME, &t)  #> sources
        try await wallClock.sleep(for: .seconds(1))
        getrusage(RUSAGE_SELF, &usage); let cpu = clock()
        // Task.sleep in a comment
        let s = "Date()"
    }
}
'''),
    ("Sources/GlintCore/Time/WallClock.swift", '''
public struct SystemWallClock {
    public func now() -> Date { Date() }
    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}
'''),
]
MARKER = re.compile(r"\s*#>\s*([\w,]+)\s*$")


def self_test():
    """Writes PLANTED into a temporary folder, checks it, and compares with the markers."""
    expected, problems = set(), []
    with tempfile.TemporaryDirectory(prefix="check-test-clock.") as root:
        for path, text in PLANTED:
            lines = []
            for number, line in enumerate(text.lstrip("\n").split("\n"), 1):
                marker = MARKER.search(line)
                if marker:
                    expected |= {(path, number, rule) for rule in marker.group(1).split(",")}
                    line = line[:marker.start()]
                lines.append(line)
            os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
            with open(os.path.join(root, path), "w", encoding="utf-8") as planted:
                planted.write("\n".join(lines))
        found = findings(root)
    reported = {(path, line, rule) for path, line, rule, _ in found}
    for path, line, rule in sorted(expected - reported):
        problems.append(f"{path}:{line}: expected a `{rule}` finding; none reported")
    for path, line, rule, message in found:
        if (path, line, rule) not in expected:
            problems.append(f"{path}:{line}: reported, not expected: [{rule}] {message}")
    for problem in problems:
        print(f"check-test-clock --self-test: {problem}")
    rules = sorted({rule for _, _, rule in expected})
    print(f"check-test-clock --self-test: {len(expected)} planted findings ({', '.join(rules)}) in "
          f"{len(PLANTED)} files, {len(problems)} off" + ("" if problems else ": passed"))
    return 1 if problems else 0


def main(arguments):
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    if "--root" in arguments:
        at = arguments.index("--root")
        root, arguments = arguments[at + 1], arguments[:at] + arguments[at + 2:]
    unknown = [argument for argument in arguments if argument not in ("--list", "--self-test")]
    if unknown:
        print(f"usage: check-test-clock.py [--list | --self-test] [--root DIR] (not {' '.join(unknown)})", file=sys.stderr)
        return 2
    if "--self-test" in arguments:
        return self_test()
    found = findings(root)
    if "--list" in arguments:
        counts = {}
        for path, *_ in found:
            counts[path] = counts.get(path, 0) + 1
        for path, count in sorted(counts.items(), key=lambda item: (-item[1], item[0])):
            print(f"{count:5d}  {path}")
    else:
        for path, line, _, message in found:
            print(f"{path}:{line}: {message}")
    print(summary(found))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
