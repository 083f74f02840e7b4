// swift-tools-version:5.9
import Foundation
import PackageDescription

// The libFuzzer harnesses: one executable per parser of untrusted bytes, each in a folder of
// its own (`Fuzz/<Name>/<Name>.swift`, its `fuzz.conf` and, where it helps, `<Name>.dict`).
// Built only by `Scripts/fuzz.sh` (`make fuzz`, `make fuzz-smoke`) with
// `--sanitize=fuzzer --sanitize=address -Xswiftc -enable-testing` into `.build-fuzz/`; the
// normal build and `make test` never see this package. docs/fuzzing.md says how to use it.
let harnesses: [(name: String, modules: [String])] = [
    ("JPEGSegments", ["GlintMedia"]),
    ("JPEGBadgeSplice", ["GlintMedia"]),
    ("EXIF", ["GlintMedia"]),
    ("MPF", ["GlintMedia"]),
    ("MotionPhotoReader", ["GlintMedia"]),
    ("QuickTimeMovie", ["GlintMedia", "GlintLivePhoto"]),
    ("QuickTimeSampleTable", ["GlintMedia"]),
    ("QuickTimeSampleDescription", ["GlintMedia"]),
    ("QuickTimeMetadata", ["GlintMedia"]),
    ("HEIFMetadataEditor", ["GlintMedia"]),
    ("SubmissionProbe", ["GlintProbe"]),
    ("ISOBMFFBoxes", ["GlintProbe"]),
    ("HEIFItems", ["GlintProbe"]),
    ("MotionPhotoLocator", ["GlintProbe"]),
    ("PNGChunks", ["GlintGraphics", "GlintProbe"]),
    ("ByteRange", ["GlintServer"]),
    ("ShareToken", ["GlintServer"]),
    ("JobRequestJSON", ["GlintServer", "GlintJobs", "GlintQueue", "GlintCore"]),
    ("CallbackURL", ["GlintServer", "GlintCore"]),
    ("RequestHeaders", ["GlintServer", "GlintQueue"]),
    ("EditRecipe", ["GlintLivePhoto", "GlintMedia"]),
    ("CubeLUT", ["GlintMedia"]),
]

/// The files of a harness's folder that are not Swift sources (its options, dictionary, seeds).
func nonSources(of folder: String) -> [String] {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { !$0.hasSuffix(".swift") }.sorted()
}

let package = Package(
    name: "GlintFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Glint", path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "GlintCore", package: "Glint")],
            path: "FuzzSupport"
        )
    ]
        + harnesses.map { harness in
            .executableTarget(
                name: harness.name,
                dependencies: ["FuzzSupport"] + harness.modules.map { .product(name: $0, package: "Glint") },
                path: harness.name,
                exclude: nonSources(of: harness.name)
            )
        }
)
