#!/usr/bin/env python3
"""Every module a target imports is declared in Package.swift.

Reads `swift package dump-package` (the targets, their paths and dependencies) and each target's
Swift sources, and lists the imports a target does not declare (a module reached only through
another target's dependencies). Exits 1 when there are any.
"""
import json
import os
import re
import subprocess
import sys

# Modules that come with the toolchain or the system: no Package.swift line names them.
TOOLCHAIN = {
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "Glibc", "Darwin", "Dispatch", "Synchronization", "Testing", "XCTest", "_Concurrency",
    "Observation", "RegexBuilder", "Swift", "SwiftShims", "os",
}
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public\s+|internal\s+|package\s+|private\s+|fileprivate\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)", re.M)


def declared(target):
    names = set()
    for dependency in target["dependencies"]:
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names


def default_path(target):
    folder = "Tests" if target["type"] == "test" else "Sources"
    return os.path.join(folder, target["name"])


def main():
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True, capture_output=True, text=True).stdout)
    problems = []
    for target in package["targets"]:
        if target["type"] in ("system", "binary", "plugin", "macro"):
            continue
        names = declared(target) | {target["name"]}
        path = target.get("path") or default_path(target)
        for root, _, files in os.walk(path):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                file = os.path.join(root, name)
                with open(file, encoding="utf-8") as source:
                    for module in IMPORT.findall(source.read()):
                        if module not in names and module not in TOOLCHAIN:
                            problems.append(f"{file}: imports {module}, which target {target['name']} does not declare in Package.swift")
    for problem in sorted(set(problems)):
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
