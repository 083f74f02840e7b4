#!/usr/bin/env python3
"""The module table of docs/architecture.md is true: every module, and exactly what each imports.

Reads `swift package dump-package` (as Scripts/check-imports.py does, whose IMPORT pattern and
TOOLCHAIN list it reuses) and the `## Modules` section of docs/architecture.md, and prints one line
per problem (`docs/architecture.md:LINE: MODULE: ...`), exiting 1 when there are any.

The table: `| module | holds | imports |`, one row per module.
- module: one backticked target name, or several separated by commas for a row that covers a group
  (the C targets share one row: `CJPEGTurbo`, `CHeif`, ...). Every target of Package.swift under
  Sources/ (not tests, not benchmarks) is named by exactly one row, and a row names only such targets.
- holds: free text, not checked.
- imports: exactly the modules the row's target(s) import besides the toolchain's (Foundation, Glibc,
  Dispatch, Synchronization, ...: TOOLCHAIN), as backticked names separated by commas, in any order;
  `none` when there are none. A name imported with `@_exported import` is followed by
  ` (re-exported)`, and only such a name. What a target imports is what it both declares in
  Package.swift and imports in a Swift source of its own; a target without Swift sources (a C
  target) imports what it declares. For a group row, what its members import from outside the
  group. (A Swift import that Package.swift does not declare is Scripts/check-imports.py's problem.)
- order: a row comes below every row whose module it imports ("a lower module never imports a
  higher one").

The diagram (the first fenced block of the section) must name every Swift module of the table;
its lines are for people and not otherwise checked.
"""
import importlib.util
import json
import os
import re
import subprocess
import sys

DOCUMENT = "docs/architecture.md"
SECTION = "## Modules"
EXPORTED = re.compile(r"^\s*@_exported\s+(?:public\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)", re.M)
NAME = re.compile(r"`([A-Za-z_][A-Za-z0-9_]*)`")
IMPORT_ITEM = re.compile(r"`([A-Za-z_][A-Za-z0-9_]*)`( \(re-exported\))?")
REEXPORTED = " (re-exported)"


def load_check_imports():
    """Scripts/check-imports.py as a module (its name has a dash)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-imports.py")
    sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
    spec = importlib.util.spec_from_file_location("check_imports", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CHECK_IMPORTS = load_check_imports()


class Row:
    """A row of the table: its line, the modules it names, and the imports it lists (None when its
    imports cell does not parse: `cell` is then the text)."""

    def __init__(self, line, members, imports, exported, cell=None):
        self.line, self.members, self.imports, self.exported, self.cell = line, members, imports, exported, cell


def split_cells(line):
    """The cells of a Markdown table row; a `|` inside backticks does not split."""
    cells, cell, quoted = [], "", False
    for character in line.strip().strip("|"):
        if character == "`":
            quoted = not quoted
        if character == "|" and not quoted:
            cells.append(cell.strip())
            cell = ""
        else:
            cell += character
    return cells + [cell.strip()]


def parse_list(text, pattern):
    """The matches of `pattern` in `text` separated by `, ` with nothing else, or None."""
    matches = [pattern.fullmatch(item) for item in text.split(", ")]
    return None if not text or None in matches else matches


def parse_row(number, line, problems):
    cells = split_cells(line)
    if len(cells) != 3:
        problems.append(f"{DOCUMENT}:{number}: a row of the module table has {len(cells)} cells, not 3 (module, holds, imports)")
        return None
    module_cell, _, imports_cell = cells
    members = parse_list(module_cell, NAME)
    if members is None:
        problems.append(f"{DOCUMENT}:{number}: the module cell '{module_cell}' is not backticked target names separated by ', '")
        return None
    items = [] if imports_cell == "none" else parse_list(imports_cell, IMPORT_ITEM)
    if items is None:
        # Reported by check_row, with the cell that would be true.
        return Row(number, [member.group(1) for member in members], None, set(), imports_cell)
    imports = [item.group(1) for item in items]
    for name in sorted({name for name in imports if imports.count(name) > 1}):
        problems.append(f"{DOCUMENT}:{number}: {module_cell}: the imports cell names {name} twice")
    exported = {item.group(1) for item in items if item.group(2)}
    return Row(number, [member.group(1) for member in members], set(imports), exported)


def read_section():
    """The lines of the Modules section, numbered: [(line number, text)]."""
    with open(DOCUMENT, encoding="utf-8") as document:
        lines = list(enumerate(document.read().split("\n"), start=1))
    starts = [index for index, (_, text) in enumerate(lines) if text.strip() == SECTION]
    if not starts:
        sys.exit(f"{DOCUMENT}: no '{SECTION}' section")
    section = []
    for number, text in lines[starts[0] + 1:]:
        if text.startswith("## "):
            break
        section.append((number, text))
    return section


def parse_document(problems):
    """The diagram's text and the table's rows."""
    section = read_section()
    fences = [index for index, (_, text) in enumerate(section) if text.startswith("```")]
    diagram = "\n".join(text for _, text in section[fences[0] + 1:fences[1]]) if len(fences) >= 2 else ""
    table = [(number, text) for number, text in section if text.startswith("|")]
    if len(table) < 2 or [cell.lower() for cell in split_cells(table[0][1])] != ["module", "holds", "imports"]:
        sys.exit(f"{DOCUMENT}: the '{SECTION}' section has no table headed '| module | holds | imports |'")
    rows = [parse_row(number, text, problems) for number, text in table[2:]]
    return diagram, [row for row in rows if row]


def source_imports(path):
    """The modules the Swift sources under `path` import, and those they re-export; None without sources."""
    imported, exported, found = set(), set(), False
    for root, _, files in os.walk(path):
        for name in files:
            if name.endswith(".swift"):
                found = True
                with open(os.path.join(root, name), encoding="utf-8") as source:
                    text = source.read()
                imported.update(CHECK_IMPORTS.IMPORT.findall(text))
                exported.update(EXPORTED.findall(text))
    return (imported - CHECK_IMPORTS.TOOLCHAIN, exported) if found else None


def real_modules():
    """The targets under Sources/, each with (what it imports, what it re-exports, whether it has Swift sources)."""
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True, capture_output=True, text=True).stdout)
    modules = {}
    for target in package["targets"]:
        if target["type"] in ("test", "plugin", "macro", "binary"):
            continue
        path = os.path.normpath(target.get("path") or CHECK_IMPORTS.default_path(target))
        if path.split(os.sep)[0] != "Sources":
            continue
        declared = CHECK_IMPORTS.declared(target)
        found = source_imports(path)
        if found is None:
            modules[target["name"]] = (declared, set(), False)
        else:
            imported, exported = found
            modules[target["name"]] = (declared & imported, declared & exported, True)
    return modules


def cell(imports, exported, modules, position):
    """The imports cell that would be true: Glint's Swift modules in the table's order, then its C
    targets, then packages' products, each alphabetically."""
    def rank(name):
        if name not in modules:
            return (2, 0, name.lower())
        return (0, position.get(name, 0), name) if modules[name][2] else (1, 0, name.lower())
    names = sorted(imports, key=rank)
    return ", ".join(f"`{name}`" + (REEXPORTED if name in exported else "") for name in names) or "none"


def check_row(row, modules, position, problems):
    label = ", ".join(row.members)
    members = [member for member in row.members if member in modules]
    if not members:
        return  # no such module: check_coverage says so
    imports = set().union(*(modules[member][0] for member in members)) - set(row.members)
    exported = set().union(*(modules[member][1] for member in members)) - set(row.members)
    if row.imports is None:
        problems.append(
            f"{DOCUMENT}:{row.line}: {label}: the imports cell '{row.cell}' is not `none` or backticked module names separated by ', ' "
            f"(each optionally followed by '{REEXPORTED}'); real: {cell(imports, exported, modules, position)}")
        return
    said = []
    extra, missing = sorted(row.imports - imports), sorted(imports - row.imports)
    if extra:
        said.append(f"says it imports {', '.join(extra)}, which it does not (not both declared in Package.swift and imported by its sources)")
    if missing:
        said.append(f"omits {', '.join(missing)}, which it imports (declared in Package.swift and imported by its sources)")
    wrong_exported = sorted((row.exported ^ exported) & imports & row.imports)
    if wrong_exported:
        said.append(f"is wrong about which imports are @_exported: {', '.join(wrong_exported)}")
    if said:
        problems.append(f"{DOCUMENT}:{row.line}: {label}: the table {'; '.join(said)}; real: {cell(imports, exported, modules, position)}")


def check_order(rows, position, problems):
    for index, row in enumerate(rows):
        below = sorted(name for name in row.imports or () if position.get(name, -1) > index)
        if below:
            problems.append(
                f"{DOCUMENT}:{row.line}: {', '.join(row.members)}: imports {', '.join(below)}, listed below it: "
                "a row must come below the modules it imports")


def check_coverage(rows, modules, problems):
    named = {}
    for row in rows:
        for member in row.members:
            if member not in modules:
                problems.append(f"{DOCUMENT}:{row.line}: {member}: the table names a module that is not a target under Sources/ in Package.swift")
            elif member in named:
                problems.append(f"{DOCUMENT}:{row.line}: {member}: the table names it again (first at line {named[member]})")
            else:
                named[member] = row.line
    for module in sorted(set(modules) - set(named)):
        problems.append(f"{DOCUMENT}: {module}: a target under Sources/ in Package.swift that no row of the module table names")


def main():
    os.chdir(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the package's root
    problems = []
    diagram, rows = parse_document(problems)
    modules = real_modules()
    position = {member: index for index, row in enumerate(rows) for member in row.members}
    for row in rows:
        check_row(row, modules, position, problems)
    check_order(rows, position, problems)
    check_coverage(rows, modules, problems)
    for module in sorted(name for name, (_, _, swift) in modules.items() if swift):
        if not re.search(rf"(?<![\w.]){re.escape(module)}(?![\w])", diagram):
            problems.append(f"{DOCUMENT}: {module}: the diagram above the module table does not show it")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
