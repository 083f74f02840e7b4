// swift-tools-version:5.9
import Foundation
import PackageDescription

// The libFuzzer harnesses: one executable per parser of untrusted bytes, each in a folder of
// its own (`Fuzz/<Name>/<Name>.swift`, its `fuzz.conf` and, where it helps, `<Name>.dict`).
// Built only by `Scripts/fuzz.sh` (`make fuzz`, `make fuzz-smoke`) with
// `--sanitize=fuzzer --sanitize=address -Xswiftc -enable-testing` into `.build-fuzz/`; the
// normal build and `make test` never see this package. docs/fuzzing.md says how to use it.
struct Harness {
    var name: String
    /// Glint's libraries it calls.
    var modules: [String]
    /// This package's helpers beyond `FuzzSupport`.
    var helpers: [String] = []
}

let harnesses: [Harness] = [
    Harness(name: "JPEGSegments", modules: ["GlintMedia"]),
    Harness(name: "JPEGBadgeSplice", modules: ["GlintMedia"]),
    Harness(name: "EXIF", modules: ["GlintMedia"]),
    Harness(name: "MPF", modules: ["GlintMedia"]),
    Harness(name: "MotionPhotoReader", modules: ["GlintMedia"]),
    Harness(name: "QuickTimeMovie", modules: ["GlintMedia", "GlintLivePhoto"], helpers: ["FuzzMedia"]),
    Harness(name: "QuickTimeSampleTable", modules: ["GlintMedia"], helpers: ["FuzzMedia"]),
    Harness(name: "QuickTimeSampleDescription", modules: ["GlintMedia"]),
    Harness(name: "QuickTimeMetadata", modules: ["GlintMedia"]),
    Harness(name: "HEIFMetadataEditor", modules: ["GlintMedia"]),
    Harness(name: "SubmissionProbe", modules: ["GlintProbe"]),
    Harness(name: "ISOBMFFBoxes", modules: ["GlintProbe"]),
    Harness(name: "HEIFItems", modules: ["GlintProbe"]),
    Harness(name: "MotionPhotoLocator", modules: ["GlintProbe"]),
    Harness(name: "PNGChunks", modules: ["GlintGraphics", "GlintMedia", "GlintProbe"]),
    Harness(name: "ByteRange", modules: ["GlintServer"]),
    Harness(name: "ShareToken", modules: ["GlintServer"]),
    Harness(name: "JobRequestJSON", modules: ["GlintServer", "GlintJobs", "GlintQueue", "GlintCore"]),
    Harness(name: "CallbackURL", modules: ["GlintServer", "GlintCore"]),
    Harness(name: "RequestHeaders", modules: ["GlintServer", "GlintQueue"]),
    Harness(name: "EditRecipe", modules: ["GlintLivePhoto", "GlintMedia"]),
    Harness(name: "CubeLUT", modules: ["GlintMedia"]),
    Harness(name: "AnimationMetadata", modules: ["GlintMedia"]),
    Harness(name: "HDRGainMap", modules: ["GlintProbe"]),
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
        ),
        .target(
            name: "FuzzMedia",
            dependencies: ["FuzzSupport", .product(name: "GlintMedia", package: "Glint")],
            path: "FuzzMedia"
        ),
    ]
        + harnesses.map { harness in
            .executableTarget(
                name: harness.name,
                dependencies: (["FuzzSupport"] + harness.helpers).map { .target(name: $0) }
                    + harness.modules.map { .product(name: $0, package: "Glint") },
                path: harness.name,
                exclude: nonSources(of: harness.name)
            )
        }
)
