#!/usr/bin/env python3
"""The API process never parses upload bytes with a C library (issue 24, part 4).

`glint serve` probes every submitted input (format, dimensions, duration) with GlintProbe's
bounds-checked Swift parsers; anything that needs a C library (Exempi, libheif, FFmpeg, libjpeg,
libpng) runs in a runner. This keeps it so. Reads `swift package dump-package` and the sources,
prints one line per problem and exits 1 when:

- GlintProbe depends, directly or through another target, on anything but GlintCore (so on no C
  target: a system library or a target without Swift sources);
- a Swift file of GlintProbe imports anything but GlintCore and the toolchain's modules, or names
  `dlopen`, `dlsym`, `@_silgen_name` or `@_extern` (ways around the module boundary);
- a file of the submission check (SUBMISSION_PATH: the input limits, the probe pool, the job and
  blob routes) imports a module that links a C library for media (GlintMedia, GlintLivePhoto,
  GlintGraphics) or a C target;
- a Swift file of GlintServer imports GlintMedia, GlintGraphics or a C target.
"""
import importlib.util
import json
import os
import re
import subprocess
import sys

PROBE = "GlintProbe"
PROBE_MAY_DEPEND_ON = {"GlintCore"}
MEDIA_MODULES = {"GlintMedia", "GlintLivePhoto", "GlintGraphics"}
SUBMISSION_PATH = [
    "Sources/GlintJobs/Limits",
    "Sources/GlintServer/Probe",
    "Sources/GlintServer/Routes/JobsRoutes.swift",
    "Sources/GlintServer/Routes/BlobsRoutes.swift",
]
SERVER = "Sources/GlintServer"
SERVER_MAY_NOT_IMPORT = {"GlintMedia", "GlintGraphics"}
AROUND_THE_BOUNDARY = re.compile(r"\bdlopen\b|\bdlsym\b|@_silgen_name|@_extern")


def load_check_imports():
    """Scripts/check-imports.py as a module (its name has a dash): its IMPORT pattern and TOOLCHAIN."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-imports.py")
    sys.dont_write_bytecode = True
    spec = importlib.util.spec_from_file_location("check_imports", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CHECK_IMPORTS = load_check_imports()


def swift_files(path):
    """The Swift files at `path` (a file or a folder), sorted."""
    if os.path.isfile(path):
        return [path]
    found = []
    for root, _, files in os.walk(path):
        found += [os.path.join(root, name) for name in files if name.endswith(".swift")]
    return sorted(found)


def imports(file):
    with open(file, encoding="utf-8") as source:
        return set(CHECK_IMPORTS.IMPORT.findall(source.read()))


def c_targets(package):
    """System libraries and targets without a Swift source."""
    names = set()
    for target in package["targets"]:
        if target["type"] == "system":
            names.add(target["name"])
        elif target["type"] == "regular":
            path = target.get("path") or os.path.join("Sources", target["name"])
            if not swift_files(path):
                names.add(target["name"])
    return names


def closure(package, name):
    """Every target `name` depends on, directly or not."""
    targets = {target["name"]: target for target in package["targets"]}
    seen, todo = set(), [name]
    while todo:
        target = targets.get(todo.pop())
        for dependency in CHECK_IMPORTS.declared(target) if target else []:
            if dependency not in seen:
                seen.add(dependency)
                todo.append(dependency)
    return seen


def main():
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True, capture_output=True, text=True).stdout)
    c_modules = c_targets(package)
    problems = []
    for dependency in sorted(closure(package, PROBE) - PROBE_MAY_DEPEND_ON):
        kind = "a C target" if dependency in c_modules else "not GlintCore"
        problems.append(f"Package.swift: {PROBE} depends on {dependency} ({kind}): the submission probe must link no C library")
    for file in swift_files(os.path.join("Sources", PROBE)):
        for module in sorted(imports(file) - PROBE_MAY_DEPEND_ON - CHECK_IMPORTS.TOOLCHAIN):
            problems.append(f"{file}: imports {module}: {PROBE} imports GlintCore and the toolchain's modules only")
        with open(file, encoding="utf-8") as source:
            if AROUND_THE_BOUNDARY.search(source.read()):
                problems.append(f"{file}: names dlopen, dlsym, @_silgen_name or @_extern: {PROBE} calls no C library")
    for path in SUBMISSION_PATH:
        for file in swift_files(path):
            for module in sorted(imports(file) & (MEDIA_MODULES | c_modules)):
                problems.append(f"{file}: imports {module}: the submission check reads uploads with {PROBE} alone")
    for file in swift_files(SERVER):
        for module in sorted(imports(file) & (SERVER_MAY_NOT_IMPORT | c_modules)):
            problems.append(f"{file}: imports {module}: glint serve parses no upload with a media library (queue a job: runners do)")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
