import Foundation
import GlintLivePhoto
import GlintMedia
import GlintTestSupport
import Testing

/// Colour-managed views of edited pairs and `.cube` files made for tests.
enum ColourFixtures {
    /// The colour space of a still file (JPEG or HEIC: its ICC profile, `nclx`, or sRGB).
    static func stillSpace(_ path: String) throws -> ColourSpace {
        try StillImageReader.read(path: path).colourSpace()
    }

    /// The colour space a movie file's colour tags describe.
    static func movieSpace(_ path: String) throws -> ColourSpace {
        try ColourSpace(video: try VideoFileReader(path: path).stream.colourInfo)
    }

    /// Mean CIEDE2000 between the edited still and the edited frame at the still time, each read in
    /// its own colour space, at the frame's displayed size (halved: the measure is of colour).
    static func stillToFrameDifference(still: String, movie: String) throws -> Double {
        let time = try #require(try QuickTimeMovie(path: movie).stillImageTime)
        let full = try DisplayedPicture.movieFrame(path: movie, at: time).image
        let (width, height) = (max(16, full.width / 2), max(16, full.height / 2))
        let frame = try ImageScaler().scale(full, to: width, height: height)
        let picture = try DisplayedPicture.still(path: still, width: width, height: height)
        return try ColourDifference.meanCIEDE2000(picture, in: stillSpace(still), frame, in: movieSpace(movie))
    }

    /// Writes a `.cube` file of `size` points per axis whose entries are `transform(r, g, b)`.
    static func writeCube(
        to url: URL, size: Int = 17, title: String = "test",
        _ transform: (Double, Double, Double) -> (Double, Double, Double)
    ) throws {
        var text = "# made by the tests\nTITLE \"\(title)\"\nLUT_3D_SIZE \(size)\n"
        for b in 0..<size {
            for g in 0..<size {
                for r in 0..<size {
                    let s = Double(size - 1)
                    let (x, y, z) = transform(Double(r) / s, Double(g) / s, Double(b) / s)
                    text += String(format: "%.6f %.6f %.6f\n", x, y, z)
                }
            }
        }
        try Data(text.utf8).write(to: url)
    }

    /// A film-like look: an S-curve on each channel, warmer shadows, cooler highlights.
    static func filmLook(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        func curve(_ v: Double) -> Double { v * v * (3 - 2 * v) }
        return (min(1, curve(r) * 0.95 + 0.04), curve(g) * 0.97 + 0.02, min(1, curve(b) * 0.9 + 0.06))
    }
}
