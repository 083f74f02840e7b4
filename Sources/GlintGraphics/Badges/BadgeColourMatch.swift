import GlintMedia

/// Converts badge artwork, drawn in sRGB, into the colour space of the photo it goes on (a
/// Display P3 iPhone still, say) with LittleCMS, so that the badge looks on the photo as it was
/// designed; alpha is untouched. sRGB photos get the artwork as it is.
enum BadgeColourMatch {
    /// `artwork` with its colours converted from sRGB to `space`.
    static func convert(_ artwork: RGBAImage, to space: ColourSpace) throws -> RGBAImage {
        guard space != .sRGB else { return artwork }
        // Convert each distinct colour once (artwork has few).
        var distinct: [UInt32: Int] = [:]
        var colours: [Float] = []
        let count = artwork.width * artwork.height
        for p in 0..<count where artwork.pixels[p * 4 + 3] > 0 {
            let key = UInt32(artwork.pixels[p * 4]) << 16 | UInt32(artwork.pixels[p * 4 + 1]) << 8 | UInt32(artwork.pixels[p * 4 + 2])
            if distinct[key] == nil {
                distinct[key] = colours.count / 3
                colours += [Float(artwork.pixels[p * 4]) / 255, Float(artwork.pixels[p * 4 + 1]) / 255, Float(artwork.pixels[p * 4 + 2]) / 255]
            }
        }
        guard !colours.isEmpty else { return artwork }
        let converted = try ColourConverter(from: .sRGB, to: space).convert(colours)
        var output = artwork
        for p in 0..<count where artwork.pixels[p * 4 + 3] > 0 {
            let key = UInt32(artwork.pixels[p * 4]) << 16 | UInt32(artwork.pixels[p * 4 + 1]) << 8 | UInt32(artwork.pixels[p * 4 + 2])
            let i = distinct[key]! * 3
            for c in 0..<3 {
                output.pixels[p * 4 + c] = UInt8(min(255, max(0, (converted[i + c] * 255).rounded())))
            }
        }
        return output
    }
}
