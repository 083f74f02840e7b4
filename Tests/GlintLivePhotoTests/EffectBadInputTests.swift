import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

@Suite("Effect bad inputs", .suiteTimeLimit)
struct EffectBadInputTests {
    /// Renders and expects a ``MediaError`` of `kind`, with nothing left in `directory` but
    /// `keep` (no output, no temporary file).
    func expectFailure(
        _ kind: MediaError.Kind, mentioning words: String, in directory: TemporaryDirectory, keep: [String],
        still: String? = nil, movie: String, effect: Effect = .bounce, format: EffectFormat = .gif,
        destination: String, recipe: EditRecipe = EditRecipe(), options: EffectOptions = EffectOptions(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let error = #expect(throws: MediaError.self, sourceLocation: sourceLocation) {
            _ = try EffectRenderer.render(
                still: still, movie: movie, recipe: recipe, effect: effect, format: format,
                destination: destination, options: options)
        }
        #expect(error?.kind == kind, "\(String(describing: error))", sourceLocation: sourceLocation)
        #expect(error?.description.contains(words) == true, "\(String(describing: error))", sourceLocation: sourceLocation)
        #expect(AnimationProbe.contents(of: directory.path) == keep.sorted(), sourceLocation: sourceLocation)
    }

    @Test func refusesBadRequests() throws {
        let directory = try TemporaryDirectory("glint-effects-bad")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.frameCount = 4
            $0.stillFrameIndex = 1
        }
        let keep = ["pair.jpg", "pair.mov"]
        // An effect in a format it has no meaning in.
        expectFailure(
            .invalidArgument, mentioning: "longExposure cannot be written as gif", in: directory, keep: keep,
            movie: movie, effect: .longExposure, format: .gif, destination: directory.file("x.gif").path)
        expectFailure(
            .invalidArgument, mentioning: "bounce cannot be written as jpeg", in: directory, keep: keep,
            movie: movie, effect: .bounce, format: .jpeg, destination: directory.file("x.jpg").path)
        // A name that says another format, a folder, the input itself.
        expectFailure(
            .invalidArgument, mentioning: "ends in .webp", in: directory, keep: keep,
            movie: movie, destination: directory.file("x.webp").path)
        expectFailure(
            .invalidArgument, mentioning: "is a folder", in: directory, keep: keep,
            movie: movie, destination: directory.path)
        expectFailure(
            .invalidArgument, mentioning: "overwrite the input", in: directory, keep: keep,
            still: still, movie: movie, effect: .longExposure, format: .jpeg, destination: still)
        // Settings out of range.
        var options = EffectOptions()
        options.crossFadeDuration = 0
        expectFailure(
            .invalidArgument, mentioning: "cross-fade", in: directory, keep: keep,
            movie: movie, effect: .loop, destination: directory.file("x.gif").path, options: options)
        options = EffectOptions()
        options.maxDimension = 4
        expectFailure(
            .invalidArgument, mentioning: "maxDimension", in: directory, keep: keep,
            movie: movie, destination: directory.file("x.gif").path, options: options)
        // A trim that leaves nothing.
        let trimError = #expect(throws: RecipeError.self) {
            _ = try EffectRenderer.render(
                still: nil, movie: movie, recipe: EditRecipe(trim: TimeRange(start: 5, end: 6)), effect: .loop,
                format: .gif, destination: directory.file("x.gif").path)
        }
        #expect(trimError?.problem.contains("\"trim\" keeps no frame") == true, "\(String(describing: trimError))")
        #expect(AnimationProbe.contents(of: directory.path) == keep)
        let recipeError = #expect(throws: RecipeError.self) {
            _ = try EffectRenderer.render(
                still: nil, movie: movie, recipe: EditRecipe(exposure: 99), effect: .loop, format: .gif,
                destination: directory.file("x.gif").path)
        }
        #expect(recipeError?.problem.contains("exposure") == true)
    }

    @Test func refusesBadFiles() throws {
        let directory = try TemporaryDirectory("glint-effects-bad")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.frameCount = 4
            $0.stillFrameIndex = 1
        }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: movie)))
        let garbage = directory.file("garbage.mov").path
        try Data(SeededRandomGenerator(seed: 3).bytesArray(4096)).write(to: URL(fileURLWithPath: garbage))
        let truncated = directory.file("truncated.mov").path
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: truncated))
        let empty = directory.file("empty.mov").path
        try Data().write(to: URL(fileURLWithPath: empty))
        let keep = ["empty.mov", "garbage.mov", "pair.jpg", "pair.mov", "truncated.mov"]

        expectFailure(
            .notFound, mentioning: "missing.mov", in: directory, keep: keep,
            movie: directory.file("missing.mov").path, destination: directory.file("x.gif").path)
        expectFailure(
            .unsupported, mentioning: "garbage.mov: not a QuickTime", in: directory, keep: keep,
            movie: garbage, destination: directory.file("x.gif").path)
        expectFailure(
            .empty, mentioning: "empty.mov", in: directory, keep: keep,
            movie: empty, destination: directory.file("x.gif").path)
        // The generated movie keeps its moov at the end: half the file has none.
        expectFailure(
            .truncated, mentioning: "truncated.mov: box 'mdat'", in: directory, keep: keep,
            movie: truncated, format: .webp, destination: directory.file("x.webp").path)
        // A JPEG given as the movie, a movie given as the still.
        expectFailure(
            .unsupported, mentioning: "pair.jpg: not a QuickTime", in: directory, keep: keep,
            movie: still, destination: directory.file("x.gif").path)
        expectFailure(
            .unsupported, mentioning: "pair.mov: not a JPEG", in: directory, keep: keep, still: movie,
            movie: movie, destination: directory.file("x.gif").path)
    }

    @Test func refusesTwoDifferentLivePhotos() throws {
        let directory = try TemporaryDirectory("glint-effects-bad")
        defer { directory.remove() }
        let (still, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.frameCount = 4
            $0.stillFrameIndex = 1
            $0.movieIdentifier = ContentIdentifier("11111111-2222-3333-4444-555555555555")
        }
        expectFailure(
            .invalidArgument, mentioning: "two different Live Photos", in: directory, keep: ["pair.jpg", "pair.mov"],
            still: still, movie: movie, destination: directory.file("x.gif").path)
    }

    /// A failure while frames are being written (here, too few frames for a bounce, found only
    /// after decoding) leaves neither the output nor a temporary file.
    @Test func failureMidwayLeavesNothing() throws {
        let directory = try TemporaryDirectory("glint-effects-bad")
        defer { directory.remove() }
        let (_, movie) = try PairFixtures.synthetic(in: directory.url) {
            $0.frameCount = 1
            $0.stillFrameIndex = 0
        }
        for format in [EffectFormat.gif, .webp] {
            expectFailure(
                .invalidArgument, mentioning: "at least 2", in: directory, keep: ["pair.jpg", "pair.mov"],
                movie: movie, format: format, destination: directory.file("x.\(format.rawValue)").path)
        }
    }
}

extension SeededRandomGenerator {
    /// `count` random bytes from a fresh copy of the generator.
    func bytesArray(_ count: Int) -> [UInt8] {
        var copy = self
        return copy.bytes(count)
    }
}
