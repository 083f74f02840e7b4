#!/usr/bin/env python3
"""The peer of `glint rings` in Benchmarks/rings-vs-pycairo.sh: the same three arcs drawn with
pycairo (solid colours, round caps, on black, over 15% tracks) and written to PNG.

Usage: rings_pycairo.py SIZE ITERATIONS OUT.png MOVE EXERCISE STAND

Prints one line, "pycairo_ms_per_image <ms>", the mean time of ITERATIONS renders (each one
draws and writes the PNG file), measured inside the script with time.perf_counter so Python's
start-up and the import of cairo are excluded. The geometry follows the spec's formulas with the
same default margin as glint (7.5% of the side), so both draw the same pixels' worth of rings.
"""
import math
import sys
import time

import cairo

# Label colours (solid, as pycairo gets no angular gradient) and the spec's tail colours.
RINGS = [(0xFA, 0x11, 0x4F), (0xA6, 0xFF, 0x00), (0x00, 0xFF, 0xF6)]


def geometry(size, scale=1.0):
    margin = 0.075 * size
    diameter = size - 2 * margin
    thickness = diameter * 11 / 104
    clamp = min(max((diameter / scale - 29) / 114, 0), 1)
    gap = diameter * (0.0432692 - 0.0288462 * clamp)
    radii = []
    d = diameter
    for _ in range(3):
        radii.append(d / 2 - thickness / 2)
        d -= 2 * thickness + 2 * gap
    return thickness, radii


def render(size, progress, path):
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, size, size)
    cr = cairo.Context(surface)
    cr.set_source_rgb(0, 0, 0)
    cr.paint()
    thickness, radii = geometry(size)
    cr.set_line_width(thickness)
    cr.set_line_cap(cairo.LINE_CAP_ROUND)
    c = size / 2
    for (r, g, b), radius, p in zip(RINGS, radii, progress):
        cr.set_source_rgb(0.15 * r / 255, 0.15 * g / 255, 0.15 * b / 255)
        cr.arc(c, c, radius, 0, 2 * math.pi)
        cr.stroke()
        start = -math.pi / 2
        end = start + 2 * math.pi * p - math.atan(thickness / (2 * radius))
        cr.set_source_rgb(r / 255, g / 255, b / 255)
        cr.arc(c, c, radius, start, max(end, start))
        cr.stroke()
    surface.write_to_png(path)


def main():
    size, iterations, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    progress = [float(v) for v in sys.argv[4:7]]
    render(size, progress, path)  # warm-up
    start = time.perf_counter()
    for _ in range(iterations):
        render(size, progress, path)
    elapsed = time.perf_counter() - start
    print(f"pycairo_ms_per_image {elapsed / iterations * 1000:.3f}")


if __name__ == "__main__":
    main()
