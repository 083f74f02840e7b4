import Foundation
import GlintMedia
import GlintTestSupport
import Synchronization
import Testing

@testable import GlintLivePhoto

@Suite("Frame pipeline", .suiteTimeLimit)
struct FramePipelineTests {
    /// A generated movie (20 frames of 480x360 unless told otherwise) and its reader.
    static func movie(in directory: TemporaryDirectory, configure: (inout SyntheticLivePhoto.Options) -> Void = { _ in })
        throws -> (path: String, options: SyntheticLivePhoto.Options)
    {
        var options = SyntheticLivePhoto.Options()
        configure(&options)
        let (_, movie) = try PairFixtures.synthetic(in: directory.url) { $0 = options }
        return (movie, options)
    }

    /// The presentation times of a movie's frames, as its decoder gives them.
    static func frameTimes(_ path: String) throws -> [Int64] {
        let reader = try VideoFileReader(path: path)
        var times: [Int64] = []
        while let frame = try reader.nextFrame() { times.append(try #require(frame.pts)) }
        return times
    }

    /// The edit of a recipe for a movie's frames, as ``MovieEditor`` sets it up.
    static func editor(for path: String, recipe: EditRecipe) throws -> (MovieFrameEditor, EditGeometry) {
        let reader = try VideoFileReader(path: path)
        let geometry = EditGeometry(
            recipe: recipe, width: reader.stream.width, height: reader.stream.height,
            orientation: .up, alignment: 2)
        let stage = try ColourPipeline(recipe: recipe).stage(for: try ColourSpace(video: reader.stream.colourInfo))
        let processor = FrameProcessor(geometry: geometry, colour: stage)
        var colour = reader.stream.colourInfo
        if colour.matrix == .unspecified { colour.matrix = .bt709 }
        if colour.range == .unspecified { colour.range = .limited }
        return (MovieFrameEditor(processor: processor, stream: reader.stream, outputColour: colour), geometry)
    }

    @Test func everyFrameComesOutInOrderWithItsTime() throws {
        let directory = try TemporaryDirectory("glint-pipeline")
        defer { directory.remove() }
        let (path, options) = try Self.movie(in: directory)
        let recipe = try EditRecipe.parse(json: Data(#"{"exposure":0.3,"crop":{"x":0.1,"y":0.2,"width":0.6,"height":0.5}}"#.utf8))
        let (editor, geometry) = try Self.editor(for: path, recipe: recipe)
        var seen: [(Int64, Int, Int)] = []
        let count = try FramePipeline.run(reader: try VideoFileReader(path: path), editor: editor) { frame, time in
            seen.append((time, frame.width, frame.height))
        }
        #expect(count == options.frameCount)
        #expect(seen.map(\.0) == (try Self.frameTimes(path)))
        #expect(seen.allSatisfy { $0.1 == geometry.outputWidth && $0.2 == geometry.outputHeight })
    }

    @Test func selectionSkipsRetimesAndStops() throws {
        let directory = try TemporaryDirectory("glint-pipeline")
        defer { directory.remove() }
        let (path, _) = try Self.movie(in: directory)
        let times = try Self.frameTimes(path)
        let (editor, _) = try Self.editor(for: path, recipe: EditRecipe())
        let first = times[2]
        let last = times[12]
        var seen: [Int64] = []
        _ = try FramePipeline.run(
            reader: try VideoFileReader(path: path), editor: editor,
            select: { pts in
                pts < first ? .skip : pts > last ? .stop : .keep(pts - first)
            },
            encode: { _, time in seen.append(time) })
        #expect(seen == times[2...12].map { $0 - first })
    }

    @Test func anEncoderFailureStopsEveryStage() throws {
        struct EncoderFailure: Error {}
        let directory = try TemporaryDirectory("glint-pipeline")
        defer { directory.remove() }
        let (path, _) = try Self.movie(in: directory) { $0.frameCount = 30 }
        var encoded = 0
        #expect(throws: EncoderFailure.self) {
            let (editor, _) = try Self.editor(for: path, recipe: EditRecipe())
            _ = try FramePipeline.run(reader: try VideoFileReader(path: path), editor: editor) { _, _ in
                encoded += 1
                if encoded == 3 { throw EncoderFailure() }
            }
        }
        #expect(encoded == 3, "no frame reaches the encoder after it failed")
    }

    @Test func aHoldPausesDecodingUntilItsLatchOpens() throws {
        let directory = try TemporaryDirectory("glint-pipeline")
        defer { directory.remove() }
        let (path, options) = try Self.movie(in: directory)
        let (editor, _) = try Self.editor(for: path, recipe: EditRecipe())
        let latch = Latch()
        let opened = Latch()
        let decodedAfterOpening = Mutex<[Bool]>([])
        var encoded = 0
        let count = try FramePipeline.run(
            reader: try VideoFileReader(path: path), editor: editor,
            select: { pts in
                // Whether the latch had been opened when this frame was decoded.
                let wasOpen = opened.isOpenWithoutWaiting
                decodedAfterOpening.withLock { $0.append(wasOpen) }
                return .keep(pts)
            }, hold: FrameHold(frames: 3, latch: latch),
            encode: { _, _ in
                encoded += 1
                if encoded == 3 {
                    opened.open()
                    latch.open()
                }
            })
        #expect(count == options.frameCount)
        let flags = decodedAfterOpening.withLock { $0 }
        #expect(flags.prefix(3).allSatisfy { !$0 }, "the first three frames flow before the latch opens")
        #expect(flags.dropFirst(3).allSatisfy { $0 }, "no further frame is decoded until it opens")
    }

    /// Frames edited on their YUV planes look like the same frames edited through RGB (the
    /// processor's own path), for crops, scales, turns and colour changes.
    @Test(arguments: [
        #"{"exposure":0.5,"contrast":0.1,"saturation":0.2,"crop":{"x":0.1,"y":0.1,"width":0.8,"height":0.8}}"#,
        #"{"exposure":-0.7,"rotate":90}"#,
        #"{"saturation":-0.5,"maxDimension":200,"rotate":180}"#,
        #"{"crop":{"x":0.25,"y":0,"width":0.5,"height":1}}"#,
    ])
    func yuvPlanesAndRGBGiveTheSamePictures(recipeJSON: String) throws {
        let directory = try TemporaryDirectory("glint-pipeline")
        defer { directory.remove() }
        let (path, _) = try Self.movie(in: directory) {
            $0.frameCount = 3
            $0.stillFrameIndex = 1
            $0.codec = "hevc"
        }
        let recipe = try EditRecipe.parse(json: Data(recipeJSON.utf8))
        let (editor, geometry) = try Self.editor(for: path, recipe: recipe)
        let processor = editor.processor
        let reader = try VideoFileReader(path: path)
        let converter = FrameConverter()
        var compared = 0
        while let frame = try reader.nextFrame() {
            let planes = try converter.rgbImage(from: try editor.edit(frame, reusing: nil))
            let scaled = try converter.rgbImage(
                from: frame, crop: processor.sourceRect,
                width: geometry.scaledWidth, height: geometry.scaledHeight)
            let rgb = processor.process(scaled)
            #expect(planes.width == rgb.width && planes.height == rgb.height)
            let difference = ColourDifference.meanCIEDE2000(planes, rgb)
            #expect(difference < 1, "mean CIEDE2000 \(difference)")
            compared += 1
        }
        #expect(compared == 3)
    }
}
