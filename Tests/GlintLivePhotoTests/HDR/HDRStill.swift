import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// A still with its gain map read back, as the HDR tests measure it: the map (through libjpeg or
/// libheif), the SDR picture and both renditions at the map's size.
struct HDRStill {
    let still: any StillImage
    let report: HDRGainMapReport
    let map: GainMap
    /// The SDR picture, decoded whole.
    let picture: RGBImage
    /// The SDR picture scaled to the map's size.
    let sdr: RGBImage
    let space: ColourSpace

    init(path: String) throws {
        let file = try RandomAccessFile(path: path)
        still = try StillImageReader.read(file: file)
        let found = try #require(HDRGainMapInspection.found(still, file: file), "\(path) has a gain map")
        report = found.report
        map = try GainMapReader.read(still, found: found)
        picture = try still.decode(
            regionWidth: still.width, regionHeight: still.height, minimumWidth: still.width, minimumHeight: still.height, limits: .default
        ).image
        sdr = try ImageScaler().scale(picture, to: map.image.width, height: map.image.height)
        space = try still.colourSpace()
    }

    init(bytes: [UInt8], name: String, in directory: TemporaryDirectory) throws {
        let path = directory.file(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try self.init(path: path)
    }

    /// The HDR rendition (working space, SDR white 1) at the map's size.
    func rendition() throws -> [SIMD3<Float>] { try HDRRendition.render(sdr, space: space, map: map) }

    /// The best rendition a grey map could give this SDR picture for `target`: each pixel's SDR
    /// light scaled by the exact luminance ratio.
    func idealRendition(of target: [SIMD3<Float>]) throws -> [SIMD3<Float>] {
        let flat = GainMap(image: map.image, channels: 1, encoding: .apple(headroom: 1))
        let weights = SIMD3<Float>(0.2627, 0.6780, 0.0593)
        return zip(target, try HDRRendition.render(sdr, space: space, map: flat)).map { t, s in
            s * ((t * weights).sum() / max((s * weights).sum(), 1e-6))
        }
    }

    /// The map's gain at each of its pixels (the first channel's).
    var gains: [Float] {
        let table = map.gainTables[0]
        return stride(from: 0, to: map.image.pixels.count, by: 3).map { table[Int(map.image.pixels[$0])] }
    }

    /// Pixels whose SDR value clips in no channel (neither 0...3 nor 252...255).
    var unclipped: [Bool] {
        (0..<(sdr.width * sdr.height)).map { i in (0..<3).allSatisfy { (4...251).contains(sdr.pixels[i * 3 + $0]) } }
    }

    /// The mean absolute difference of two maps' first channel, after `transform` is applied to
    /// this map (crop, turn) and it is scaled to `other`'s size.
    static func meanDifference(_ image: RGBImage, _ other: RGBImage) throws -> Double {
        let scaled =
            image.width == other.width && image.height == other.height
            ? image : try ImageScaler().scale(image, to: other.width, height: other.height)
        var total = 0
        for i in stride(from: 0, to: scaled.pixels.count, by: 3) { total += abs(Int(scaled.pixels[i]) - Int(other.pixels[i])) }
        return Double(total) / Double(scaled.pixels.count / 3)
    }
}
