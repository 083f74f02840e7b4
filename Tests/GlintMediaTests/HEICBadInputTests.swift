import Foundation
import GlintMedia
import GlintTestSupport
import Testing

/// Damaged and hostile HEIC files: one typed error naming the file, never a crash or a hang.
@Suite("HEIC: bad input", .suiteTimeLimit)
struct HEICBadInputTests {
    /// Reads and decodes `path` the way an edit does, and returns the one error it gives.
    static func failure(reading path: String) -> MediaError? {
        do {
            let still = try StillImageReader.read(path: path)
            _ = try still.decode(regionWidth: still.width, regionHeight: still.height, minimumWidth: still.width, minimumHeight: still.height)
            return nil
        } catch let error as MediaError {
            return error
        } catch {
            Issue.record("not a MediaError: \(error)")
            return nil
        }
    }

    static func smallHEIC() throws -> [UInt8] {
        try HEICEncoder.encode(HEICTestFiles.ramp(), metadata: .init(exif: .minimal()), settings: .init(preset: "ultrafast"))
    }

    @Test("an empty .heic is 'empty'")
    func empty() throws {
        let directory = try TemporaryDirectory("glint-heic")
        defer { directory.remove() }
        let path = try HEICTestFiles.write([], named: "empty.heic", in: directory.url)
        let error = try #require(Self.failure(reading: path))
        #expect(error.kind == .empty && error.file == path, "\(error)")
        #expect(throws: MediaError(.empty, file: path, "file is empty")) { try HEICStill(path: path) }
    }

    @Test("garbage named .heic is not a still")
    func garbage() throws {
        let directory = try TemporaryDirectory("glint-heic")
        defer { directory.remove() }
        var generator = SeededRandomGenerator(seed: 7)
        let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let path = try HEICTestFiles.write(noise, named: "noise.heic", in: directory.url)
        let error = try #require(Self.failure(reading: path))
        #expect(error.kind == .unsupported && error.file == path, "\(error)")
        #expect(error.description.contains("not a JPEG, HEIC or PNG still"), "\(error)")
    }

    @Test("a HEIF ftyp followed by garbage is corrupt")
    func garbageAfterHeader() throws {
        let directory = try TemporaryDirectory("glint-heic")
        defer { directory.remove() }
        let head = try Self.smallHEIC().prefix(24)
        var generator = SeededRandomGenerator(seed: 11)
        let path = try HEICTestFiles.write(
            Array(head) + (0..<2000).map { _ in UInt8.random(in: 0...255, using: &generator) },
            named: "broken.heic", in: directory.url)
        let error = try #require(Self.failure(reading: path))
        #expect([.corrupt, .truncated].contains(error.kind) && error.file == path, "\(error)")
        #expect(error.description.contains("HEIF"), "\(error)")
    }

    @Test("truncated HEICs give one clear error", arguments: [0.1, 0.5, 0.9])
    func truncated(fraction: Double) throws {
        let directory = try TemporaryDirectory("glint-heic")
        defer { directory.remove() }
        let whole = SharedFixtures.contains(SharedFixtures.Name.heicStill) ? try SharedFixtures.bytes(SharedFixtures.Name.heicStill) : try Self.smallHEIC()
        let path = try HEICTestFiles.write(Array(whole.prefix(Int(Double(whole.count) * fraction))), named: "cut.heic", in: directory.url)
        let error = try #require(Self.failure(reading: path), "a HEIC cut to \(fraction) of its size was read without error")
        #expect([.corrupt, .truncated].contains(error.kind) && error.file == path, "\(error)")
        #expect(!error.problem.isEmpty)
    }

    @Test("huge claimed dimensions are refused before decoding", arguments: [(20_000, 20_000), (65_535, 65_535), (70_000, 16)])
    func hugeDimensions(width: Int, height: Int) throws {
        let directory = try TemporaryDirectory("glint-heic")
        defer { directory.remove() }
        let bytes = try HEICTestFiles.withImageSize(try Self.smallHEIC(), width: UInt32(width), height: UInt32(height))
        let path = try HEICTestFiles.write(bytes, named: "huge.heic", in: directory.url)
        do {
            _ = try HEICStill(path: path)
            Issue.record("a HEIC claiming \(width)x\(height) was accepted")
        } catch let error as MediaError {
            #expect(error.kind == .tooLarge && error.file == path, "\(error)")
        }
    }

    @Test("dimensions within tighter limits are refused, naming the limit")
    func customLimits() throws {
        let directory = try TemporaryDirectory("glint-heic")
        defer { directory.remove() }
        let path = try HEICTestFiles.write(try Self.smallHEIC(), named: "small.heic", in: directory.url)
        let limits = ImageLimits(maxWidth: 64, maxHeight: 64, maxPixelCount: 4096)
        #expect(throws: MediaError.self) { try HEICStill(path: path, limits: limits) }
        let still = try HEICStill(path: path)
        #expect(throws: MediaError.self) { try still.decode(limits: limits) }
    }
}
