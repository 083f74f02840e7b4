#!/usr/bin/env python3
"""Every `GLINT_*` environment variable is read in GlintOptions alone.

Scans the Swift sources under Sources/ outside Sources/GlintOptions/ and prints one line per problem
(`path:line: ...`), exiting 1 when there are any:
- a string literal that starts with `GLINT_` (a variable's name spelt out: GlintOptions has its
  constant, e.g. `StoreOptions.dataDirectoryVariable`). Comments are skipped, and so are identifiers:
  the C macros `GLINT_KERNEL_BEST`, `GLINT_YUV_TABLE_CELLS`, ... are not strings. A literal that
  merely mentions `$GLINT_...` in a sentence does not start with it and is not flagged;
- a read of the environment (`ProcessInfo.processInfo.environment`, `getenv(`, `environ`): whichever
  variable it reads, a module outside GlintOptions is given values, not the environment. A file that
  must touch the environment for another reason is named in ALLOWED with why; it must still spell
  out no `GLINT_` name, and an entry whose file no longer reads the environment is reported too.

Swift's string syntax is followed closely enough for this: `"..."`, `\"\"\"...\"\"\"`, raw strings
(`#"..."#`), and literals nested in interpolations (`"\\(environment["GLINT_X"])"`) are found.
"""
import os
import re
import sys

SOURCES = "Sources"
OPTIONS = os.path.join(SOURCES, "GlintOptions")

# Files outside GlintOptions that may read the environment, and why. Keep each entry explained.
# (None: a runner's environment is built from a list, JobRunnerEnvironment, never copied.)
ALLOWED = set()

LITERAL_START = re.compile(r'#*"')
ENVIRONMENT_READ = re.compile(
    r"\bProcessInfo\s*(?:\.\s*processInfo|\(\s*\))\s*\.\s*environment\b|\b(?:secure_)?getenv\s*\(|(?<![\w.])environ\b")


def scan(text):
    """Splits Swift source into its code (comments and literals blanked, newlines kept) and its
    string literals, as (line, content) with interpolations' code left out of the content."""
    code, literals = [], []
    index, line = 0, 1

    def skip_to(end_index):
        nonlocal index, line
        chunk = text[index:end_index]
        line += chunk.count("\n")
        code.append("\n" * chunk.count("\n"))
        index = end_index

    def string_literal():
        """At a literal's opening (`#`s, then `"` or `\"\"\"`): consumes it, records it, and returns."""
        nonlocal index, line
        start = LITERAL_START.match(text, index).end() - 1
        hashes = start - index
        quote = '"""' if text.startswith('"""', start) else '"'
        closing, escape = quote + "#" * hashes, "\\" + "#" * hashes
        first_line, content, position = line, [], start + len(quote)
        while position < len(text) and not text.startswith(closing, position):
            if text.startswith(escape + "(", position):
                # An interpolation: its code may hold literals of its own.
                depth, position = 1, position + len(escape) + 1
                inner_start = position
                while position < len(text) and depth:
                    depth += {"(": 1, ")": -1}.get(text[position], 0)
                    position += 1
                inner_code, inner_literals = scan(text[inner_start:position - 1])
                literals.extend((first_line + text[start:inner_start].count("\n") + number - 1, value) for number, value in inner_literals)
                code.append(inner_code.replace("\n", " "))
            elif text.startswith(escape, position):
                content.append(text[position:position + len(escape) + 1])
                position += len(escape) + 1
            elif quote == '"' and text[position] == "\n":
                break  # an unterminated single-line literal: stop at the line's end
            else:
                content.append(text[position])
                position += 1
        end = min(len(text), position + len(closing))
        value = "".join(content)
        literals.append((first_line, value.lstrip("\n").lstrip() if quote == '"""' else value))
        skip_to(end)

    while index < len(text):
        if text.startswith("//", index):
            end = text.find("\n", index)
            skip_to(len(text) if end < 0 else end)
        elif text.startswith("/*", index):
            depth, position = 1, index + 2
            while position < len(text) and depth:
                if text.startswith("/*", position):
                    depth, position = depth + 1, position + 2
                elif text.startswith("*/", position):
                    depth, position = depth - 1, position + 2
                else:
                    position += 1
            skip_to(position)
        elif LITERAL_START.match(text, index):
            string_literal()
        else:
            if text[index] == "\n":
                line += 1
            code.append(text[index])
            index += 1
    return "".join(code), literals


def check(path, problems):
    with open(path, encoding="utf-8") as source:
        code, literals = scan(source.read())
    for number, value in literals:
        if value.startswith("GLINT_"):
            name = re.match(r"\w*", value).group(0)
            problems.append(f"{path}:{number}: the string literal \"{name}\" names a GLINT_ variable outside GlintOptions: read it there and pass the value")
    reads = [code.count("\n", 0, match.start()) + 1 for match in ENVIRONMENT_READ.finditer(code)]
    if path in ALLOWED:
        if not reads:
            problems.append(f"{path}: allowed to read the environment (Scripts/check-environment.py's ALLOWED) but no longer does: remove the entry")
        return
    for number in reads:
        problems.append(f"{path}:{number}: reads the environment outside GlintOptions: take the value from a GlintOptions type instead")


def main():
    os.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the package's root
    problems = []
    for root, _, files in os.walk(SOURCES):
        if os.path.commonpath([root, OPTIONS]) == OPTIONS:
            continue
        for name in sorted(files):
            if name.endswith(".swift"):
                check(os.path.join(root, name), problems)
    for path in sorted(ALLOWED):
        if not os.path.exists(path):
            problems.append(f"{path}: named in Scripts/check-environment.py's ALLOWED but missing: remove the entry")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
