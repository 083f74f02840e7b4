#!/usr/bin/env python3
"""The soak test's report (Benchmarks/soak.sh): reads what the run left in its work folder (the
driver's JSON, the store's jobs, claimed and named blobs, the blob files, the workers' completions,
serve's memory and descriptor samples) and writes report.json and report.md into --out. Exits 1 when
a count that must be 0 is not: 5xx responses, jobs lost, jobs completed twice, temporary files and
orphaned blobs left after `glint retention run`, or serve's RSS or descriptors growing 10% or more from half way to the end.
"""

import argparse
import json
import os
import sys


def lines(path: str) -> list:
    if not os.path.exists(path):
        return []
    with open(path) as file:
        return [line.rstrip("\n") for line in file if line.strip()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", required=True)
    parser.add_argument("--temporary", type=int, required=True)
    parser.add_argument("--minutes", type=float, required=True)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    work = args.work

    with open(os.path.join(work, "driver.json")) as file:
        driver = json.load(file)
    store = {}
    for line in lines(os.path.join(work, "jobs.tsv")):
        job_id, state, kind = line.split("\t")
        store[job_id] = {"state": state, "kind": kind}
    # Lost: submitted (the API answered with an id) but not finished in the store after the drain.
    lost = sorted(job for job in driver["jobs"] if store.get(job, {}).get("state") not in ("completed", "discarded", "cancelled"))
    discarded = sorted(job for job in driver["jobs"] if store.get(job, {}).get("state") == "discarded")
    twice = lines(os.path.join(work, "twice.txt"))
    claimed = set(lines(os.path.join(work, "claimed.txt")))
    named = set(lines(os.path.join(work, "named.txt")))
    files = lines(os.path.join(work, "files.txt"))
    orphans = sorted(set(files) - claimed - named)
    retention = {}
    if os.path.exists(os.path.join(work, "retention.json")):
        with open(os.path.join(work, "retention.json")) as file:
            retention = json.load(file)
    samples = []
    for line in lines(os.path.join(work, "samples.txt")):
        minute, rss, fds = line.split()
        samples.append({"minute": float(minute), "rssKB": int(rss), "fds": int(fds)})
    growth = {}
    if len(samples) >= 3:
        half, last = samples[-2], samples[-1]
        growth = {
            "rss": round((last["rssKB"] - half["rssKB"]) / half["rssKB"], 4),
            "fds": round((last["fds"] - half["fds"]) / max(half["fds"], 1), 4),
        }
    faults = lines(os.path.join(work, "faults.log"))
    not_stopped = lines(os.path.join(work, "stopped.txt"))
    report = {
        "minutes": args.minutes,
        "clients": driver["clients"],
        "jobsSubmitted": len(driver["jobs"]),
        "jobStatesInStore": {state: sum(1 for job in driver["jobs"] if store.get(job, {}).get("state") == state) for state in ("completed", "discarded", "cancelled")},
        "completedByKind": driver["completedByKind"],
        "routes": driver["routes"],
        "serverErrors": driver["serverErrors"],
        "serverErrorSamples": driver["serverErrorSamples"],
        "clientErrors": driver["clientErrors"],
        "jobsLost": len(lost),
        "jobsLostSamples": lost[:20],
        "jobsDiscarded": len(discarded),
        "jobsCompletedTwice": len(twice),
        "jobsCompletedTwiceSamples": twice[:20],
        "serveSamples": samples,
        "serveGrowthHalfToEnd": growth,
        "temporaryFilesLeft": args.temporary,
        "temporaryFileSamples": lines(os.path.join(work, "temporary.txt"))[:20],
        "temporaryFilesRemovedByRetention": retention.get("removedTemporaryFiles"),
        "blobFiles": len(files),
        "orphanedBlobs": len(orphans),
        "orphanedBlobsRemovedByRetention": retention.get("removedFiles"),
        "orphanedBlobSamples": orphans[:20],
        "workersKilled": sum("killed worker" in line for line in faults),
        "runnersKilled": sum("killed runner" in line for line in faults),
        "driverThreadsStillRunning": driver["stillRunning"],
        "processesNotStoppedBySIGTERM": not_stopped,
    }
    failures = [
        name
        for name, value in (
            ("5xx responses", report["serverErrors"]),
            ("jobs lost", report["jobsLost"]),
            ("jobs completed twice", report["jobsCompletedTwice"]),
            ("temporary files left", report["temporaryFilesLeft"]),
            ("orphaned blobs", report["orphanedBlobs"]),
        )
        if value != 0
    ]
    if not_stopped:
        failures.append(f"processes that did not stop within 90 s of SIGTERM: {not_stopped}")
    if growth and (growth["rss"] >= 0.10 or growth["fds"] >= 0.10):
        failures.append(f"serve grew {growth} from half way to the end")
    report["failures"] = failures
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "report.json"), "w") as file:
        json.dump(report, file, indent=1, sort_keys=True)
    with open(os.path.join(args.out, "report.md"), "w") as file:
        file.write(markdown(report))
    print(markdown(report))
    sys.exit(1 if failures else 0)


def markdown(report: dict) -> str:
    out = [f"Soak: {report['minutes']} min, {report['clients']} clients, {report['jobsSubmitted']} jobs submitted, "
           f"{report['workersKilled']} workers and {report['runnersKilled']} runners killed with SIGKILL.", ""]
    out += ["| kind | completed | per minute (mean) |", "| --- | ---: | ---: |"]
    for kind, numbers in report["completedByKind"].items():
        out.append(f"| `{kind}` | {numbers['total']} | {numbers['meanPerMinute']} |")
    out += ["", "| route | requests | p50 (ms) | p99 (ms) | statuses |", "| --- | ---: | ---: | ---: | --- |"]
    for route, numbers in report["routes"].items():
        statuses = ", ".join(f"{code}: {count}" for code, count in sorted(numbers["statuses"].items()))
        out.append(f"| `{route}` | {numbers['count']} | {numbers['p50']} | {numbers['p99']} | {statuses} |")
    out += ["", "| must be 0 | count |", "| --- | ---: |"]
    for name, key in (("5xx responses", "serverErrors"), ("jobs lost", "jobsLost"), ("jobs completed twice", "jobsCompletedTwice"),
                      ("temporary files left", "temporaryFilesLeft"), ("orphaned blobs", "orphanedBlobs")):
        out.append(f"| {name} | {report[key]} |")
    out += ["", "| minute | serve RSS (MiB) | open descriptors |", "| ---: | ---: | ---: |"]
    for sample in report["serveSamples"]:
        out.append(f"| {sample['minute']:g} | {sample['rssKB'] / 1024:.1f} | {sample['fds']} |")
    if report["serveGrowthHalfToEnd"]:
        growth = report["serveGrowthHalfToEnd"]
        out.append(f"\nGrowth from half way to the end: RSS {growth['rss'] * 100:+.1f}%, descriptors {growth['fds'] * 100:+.1f}% (goal: under 10%).")
    if report["orphanedBlobsRemovedByRetention"] is not None:
        out.append(f"\nRemoved by `glint retention run` after the stop: {report['orphanedBlobsRemovedByRetention']} orphaned blobs, "
                   f"{report['temporaryFilesRemovedByRetention']} abandoned temporary files.")
    out.append(f"\nJobs discarded (their own failure, e.g. a runner killed twice): {report['jobsDiscarded']}. "
               f"Client-side errors: {sum(report['clientErrors'].values())} {report['clientErrors'] or ''}")
    if report["failures"]:
        out.append(f"\nFAILED: {', '.join(report['failures'])}")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main()
