#!/usr/bin/env python3
"""Every outbound HTTP request of the server goes through one egress policy.

Glint's server process (and every module it runs) makes outbound requests only through
Sources/GlintServer/Network/EgressClient.swift, which resolves the host once, refuses loopback,
private, link-local, metadata ... addresses (EgressPolicy), connects to the address it checked and
follows no redirect. This check fails (exit 1, one `path:line: ...` per problem) where a Swift
source under Sources/ imports AsyncHTTPClient, or uses URLSession / FoundationNetworking /
HTTPClient, outside that file and outside the modules listed in ALLOWED with why.
"""
import os
import re
import sys

SOURCES = "Sources"
EGRESS_CLIENT = os.path.join(SOURCES, "GlintServer", "Network", "EgressClient.swift")

# Folders whose requests are not the server's, and why. Keep each entry explained.
ALLOWED = {
    # The CLI's client of a Glint server (`glint jobs --server URL`): the operator or tenant running
    # the command chooses the URL; the server never runs this code.
    os.path.join(SOURCES, "GlintClient"): "the CLI's client of a Glint server the user names",
}

PATTERNS = [
    (re.compile(r"^\s*(?:@\w+\s+)*import\s+(?:class\s+|struct\s+|enum\s+)?AsyncHTTPClient\b"), "imports AsyncHTTPClient"),
    (re.compile(r"^\s*(?:@\w+\s+)*import\s+FoundationNetworking\b"), "imports FoundationNetworking"),
    (re.compile(r"\bURLSession\b"), "uses URLSession"),
    (re.compile(r"\bHTTPClient\s*(?:\.|\()"), "uses HTTPClient"),
]
COMMENT = re.compile(r"^\s*//")


def problems():
    found = []
    for root, _, files in os.walk(SOURCES):
        if any(root == folder or root.startswith(folder + os.sep) for folder in ALLOWED):
            continue
        for name in sorted(files):
            path = os.path.join(root, name)
            if not name.endswith(".swift") or path == EGRESS_CLIENT:
                continue
            with open(path, encoding="utf-8") as source:
                for number, line in enumerate(source, 1):
                    if COMMENT.match(line):
                        continue
                    for pattern, what in PATTERNS:
                        if pattern.search(line):
                            found.append(f"{path}:{number}: {what}: outbound requests go through {EGRESS_CLIENT} (EgressClient)")
    return found


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    found = problems()
    for problem in found:
        print(problem)
    if not os.path.exists(EGRESS_CLIENT):
        print(f"{EGRESS_CLIENT}: missing (the one egress client)")
        return 1
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
