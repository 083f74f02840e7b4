"""Helpers for Benchmarks/library.sh (no third-party modules).

  samsung-jpeg STILL MP4 OUT   a Samsung Galaxy Motion Photo JPEG: STILL, then a SEF trailer whose
                               MotionPhoto_Data block holds MP4, after the camera's usual blocks
                               (ExifTool's Samsung Trailer table; docs/motion-photo-layouts.md)
  check-motion JSON            from `exiftool -j -r -ee -MotionPhotoVideo -EmbeddedVideoFile -EmbeddedVideo`:
                               how many files hold a video exiftool finds
  check-pairs JSON             from `exiftool -j -r -ContentIdentifier -MediaGroupUUID`: how many
                               stills have a movie with the same identifier (the still's Apple
                               MakerNote 0x11, which exiftool calls MediaGroupUUID, and the movie's
                               Keys:ContentIdentifier: what Apple Photos pairs by)
"""
import datetime
import json
import os
import shutil
import struct
import sys


def block(kind, name, data):
    return struct.pack("<HH", 0, kind) + struct.pack("<I", len(name)) + name + data


def samsung_trailer(blocks):
    body, starts = b"", []
    for kind, name, data in blocks:
        starts.append(len(body))
        body += block(kind, name, data)
    directory = b"SEFH" + struct.pack("<II", 107, len(blocks))
    for (kind, name, data), start in zip(blocks, starts):
        directory += struct.pack("<HH", 0, kind) + struct.pack("<II", len(body) - start, 8 + len(name) + len(data))
    return body + directory + struct.pack("<I", len(directory)) + b"SEFT"


def samsung_jpeg(still, mp4, out):
    blocks = [
        (0x0A01, b"Image_UTC_Data", b"1678258865058"),
        (0x0AA1, b"MCC_Data", b"404"),
        (0x0C61, b"Camera_Capture_Mode_Info", b"1"),
        (0x0A30, b"MotionPhoto_Data", open(mp4, "rb").read()),
    ]
    with open(out, "wb") as f:
        f.write(open(still, "rb").read() + samsung_trailer(blocks))


def check_motion(path):
    files = json.load(open(path)) if open(path).read(1) else []
    found = [f for f in files if any(tag in f for tag in ("MotionPhotoVideo", "EmbeddedVideoFile", "EmbeddedVideo"))]
    containers = {}
    for f in found:
        kind = "HEIC" if f["SourceFile"].lower().endswith(".heic") else "JPEG"
        containers[kind] = containers.get(kind, 0) + 1
    made = ", ".join(f"{n} {kind}" for kind, n in sorted(containers.items()))
    print(f"{len(found)} of {len(files)} stills hold a video exiftool finds (MotionPhotoVideo, EmbeddedVideoFile or EmbeddedVideo): {made}")


def check_pairs(path):
    files = json.load(open(path)) if open(path).read(1) else []
    ids = {}
    for f in files:
        ident = f.get("ContentIdentifier") or f.get("MediaGroupUUID")
        if ident:
            kind = "movie" if f["SourceFile"].lower().endswith((".mov", ".mp4")) else "still"
            ids.setdefault(str(ident).upper(), set()).add(kind)
    stills = sum(1 for f in files if not f["SourceFile"].lower().endswith((".mov", ".mp4")))
    pairs = sum(1 for kinds in ids.values() if kinds == {"still", "movie"})
    print(f"{pairs} of {stills} stills have a movie with the same ContentIdentifier (exiftool)")


def sidecar(i):
    return {"title": f"IMG_{i}.jpg", "photoTakenTime": {"timestamp": str(1685577600 + 3600 * i)},
            "geoData": {"latitude": 48.0 + i / 1000, "longitude": 2.0, "altitude": 35.0}}


def takeout(src, dest, n, album):
    year, trip = os.path.join(dest, "Photos from 2023"), os.path.join(dest, "Trip")
    os.makedirs(year), os.makedirs(trip)
    for i in range(1, int(n) + 1):
        for folder in [year] + ([trip] if i <= int(album) else []):
            shutil.copy(os.path.join(src, f"IMG_{i}.jpg"), folder)
            json.dump(sidecar(i), open(os.path.join(folder, f"IMG_{i}.jpg.supplemental-metadata.json"), "w"))


def check_dates(path):
    files = json.load(open(path)) if open(path).read(1) else []
    good = 0
    for f in files:
        name = os.path.basename(f["SourceFile"])
        if not name.startswith("IMG_"):
            continue
        i = int(name[4:].split(".")[0].split("(")[0])
        want = datetime.datetime.fromtimestamp(1685577600 + 3600 * i, datetime.timezone.utc).strftime("%Y:%m:%d %H:%M:%S")
        if f.get("DateTimeOriginal") == want and abs(float(f.get("GPSLatitude", 0)) - (48.0 + i / 1000)) < 1e-4:
            good += 1
    print(f"{good} of {len(files)} outputs carry their sidecar's date and place (exiftool)")


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    {"samsung-jpeg": samsung_jpeg, "check-motion": check_motion, "check-pairs": check_pairs, "takeout": takeout,
     "check-dates": check_dates}[command](*args)
