#!/usr/bin/env bash
# Lists every Swift function, initialiser, deinitialiser and subscript whose body runs over a
# number of lines, counted from the line of its declaration to the line of its matching closing
# brace (both included). Strings and comments are skipped when matching braces, so a `{` inside
# a string literal or a comment does not count; a requirement without a body is not counted.
# Usage: Scripts/long-functions.sh [-t THRESHOLD] [DIRECTORY|FILE ...]
#   THRESHOLD defaults to 60 (or $THRESHOLD); the paths default to Sources.
# Prints `path:line: Type.name is N lines` for each offender, longest first, and exits 1 when there
# are any, 0 when there are none, 2 on a usage error.
set -euo pipefail
threshold=${THRESHOLD:-60}
while getopts "t:h" option; do
  case $option in
    t) threshold=$OPTARG ;;
    h) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "usage: $0 [-t THRESHOLD] [DIRECTORY|FILE ...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[[ $threshold =~ ^[0-9]+$ ]] || { echo "long-functions.sh: threshold '$threshold' is not a number" >&2; exit 2; }
[ $# -gt 0 ] || set -- Sources
for path in "$@"; do
  [ -e "$path" ] || { echo "long-functions.sh: no such file or directory: $path" >&2; exit 2; }
done

exec python3 - "$threshold" "$@" <<'PYTHON'
import os
import re
import sys

threshold = int(sys.argv[1])
roots = sys.argv[2:]


def code_only(text):
    """The text with every comment and string literal blanked out (newlines kept), so that
    braces and keywords can be found by position; interpolations inside strings stay code."""
    out = list(text)
    i, n = 0, len(text)
    # Each entry is a string being read: (closing delimiter, number of `#`, depth of parentheses
    # when its interpolation began or None while inside the literal itself).
    strings = []

    def blank(start, end):
        for k in range(start, end):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        if strings and strings[-1][2] is None:
            quote, hashes, _ = strings[-1]
            if text.startswith(quote + "#" * hashes, i):
                end = i + len(quote) + hashes
                blank(i, end)
                strings.pop()
                i = end
            elif text.startswith("\\" + "#" * hashes + "(", i):
                end = i + 2 + hashes
                blank(i, end)
                strings[-1] = (quote, hashes, 0)
                i = end
            elif text[i] == "\\" and hashes == 0:
                blank(i, i + 2)
                i += 2
            else:
                blank(i, i + 1)
                i += 1
            continue
        c = text[i]
        if text.startswith("//", i):
            end = text.find("\n", i)
            end = n if end < 0 else end
            blank(i, end)
            i = end
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif c == "#" or c == '"':
            match = re.compile(r'(#*)("""|")').match(text, i)
            if match is None:
                i += 1
                continue
            blank(i, match.end())
            strings.append((match.group(2), len(match.group(1)), None))
            i = match.end()
        elif strings and c == "(":
            quote, hashes, depth = strings[-1]
            strings[-1] = (quote, hashes, depth + 1)
            i += 1
        elif strings and c == ")":
            quote, hashes, depth = strings[-1]
            if depth == 0:
                blank(i, i + 1)
                strings[-1] = (quote, hashes, None)
            else:
                strings[-1] = (quote, hashes, depth - 1)
            i += 1
        else:
            i += 1
    return "".join(out)


DECLARATION = re.compile(
    r"(?<![.\w])(?:(func)\s+([^\s(<]+)|(init)\b[?!]?|(deinit)\b|(subscript)\b"
    r"|(?:struct|class|enum|actor|protocol|extension)\s+([\w.]+))"
)
CONTINUATION = re.compile(r"\s*(\{|->|throws|rethrows|async|where|\))")


def body_start(code, i):
    """The index of the `{` that opens the body of the declaration starting at `i`, or None when
    the declaration has no body (a protocol requirement)."""
    depth = 0
    n = len(code)
    while i < n:
        c = code[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth = max(depth - 1, 0)
        elif c == "{" and depth == 0:
            return i
        elif c in "};" and depth == 0:
            return None
        elif c == "\n" and depth == 0:
            if not CONTINUATION.match(code, i + 1) and not re.search(
                r"(->|,|:|&)\s*$", code[code.rfind("\n", 0, i) + 1 : i]
            ):
                return None
        i += 1
    return None


def matching_brace(code, start):
    depth = 0
    for j in range(start, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(code) - 1


def functions(path):
    with open(path, encoding="utf-8") as file:
        code = code_only(file.read())
    scopes = []  # (type name, index of its closing brace)
    for match in DECLARATION.finditer(code):
        while scopes and scopes[-1][1] < match.start():
            scopes.pop()
        start = body_start(code, match.end())
        if start is None:
            continue
        end = matching_brace(code, start)
        if match.group(6):
            scopes.append((match.group(6), end))
            continue
        name = match.group(2) or match.group(3) or match.group(4) or match.group(5)
        owner = ".".join(scope[0] for scope in scopes)
        first = code.count("\n", 0, match.start()) + 1
        last = code.count("\n", 0, end) + 1
        yield first, (owner + "." if owner else "") + name, last - first + 1


def swift_files(root):
    if os.path.isfile(root):
        yield root
        return
    for directory, subdirectories, files in os.walk(root):
        subdirectories[:] = sorted(d for d in subdirectories if not d.startswith("."))
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(directory, name)


offenders = []
for root in roots:
    for path in swift_files(root):
        for line, name, length in functions(path):
            if length > threshold:
                offenders.append((length, path, line, name))
for length, path, line, name in sorted(offenders, key=lambda o: (-o[0], o[1], o[2])):
    print(f"{path}:{line}: {name} is {length} lines")
if offenders:
    print(f"{len(offenders)} function(s) over {threshold} lines", file=sys.stderr)
sys.exit(1 if offenders else 0)
PYTHON
