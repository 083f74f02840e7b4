/// A colour space's 8-bit code values as linear light in Glint's working space
/// (``ColourSpace/working``), per pixel without LittleCMS: a table per channel (code value to
/// the space's linear light) and the 3x3 matrix from that linear light to the working space.
/// Built with LittleCMS once per picture; exact for matrix-shaper spaces (sRGB, Display P3, the
/// ICC profiles phones write).
struct LinearLight: Sendable {
    /// For each channel, the linear value of each code value.
    let tables: [[Float]]
    /// Row-major 3x3: the space's linear RGB to working RGB.
    let toWorking: [Float]
    /// Row-major 3x3: working RGB to the space's linear RGB.
    let fromWorking: [Float]

    /// - Throws: ``MediaError`` `.unsupported` for a space whose linear light is no matrix away
    ///   from the working space (a look-up-table ICC profile), or when LittleCMS cannot convert.
    init(_ space: ColourSpace) throws {
        let form = try space.linearForm()
        let ramp = (0..<256).flatMap { code in [Float](repeating: Float(code) / 255, count: 3) }
        let linear = try ColourConverter(from: space, to: form.space).convert(ramp)
        tables = (0..<3).map { channel in (0..<256).map { linear[$0 * 3 + channel] } }
        let converter = try ColourConverter(from: form.space, to: .working)
        let columns = converter.convert([1, 0, 0, 0, 1, 0, 0, 0, 1])
        let matrix = (0..<9).map { columns[($0 % 3) * 3 + $0 / 3] }
        toWorking = matrix
        // A matrix only if a mixed colour converts as the matrix says.
        let probe: [Float] = [0.3, 0.6, 0.1]
        let expected = (0..<3).map { row in (0..<3).reduce(Float(0)) { $0 + matrix[row * 3 + $1] * probe[$1] } }
        guard zip(converter.convert(probe), expected).allSatisfy({ abs($0 - $1) < 1e-4 }) else {
            throw MediaError(.unsupported, "\(space.name) is not a matrix away from linear light")
        }
        fromWorking = Self.inverse(matrix)
    }

    /// The working-space value of a pixel's code values.
    @inline(__always) func working(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> SIMD3<Float> {
        multiply(toWorking, SIMD3(tables[0][Int(r)], tables[1][Int(g)], tables[2][Int(b)]))
    }

    @inline(__always) func multiply(_ m: [Float], _ v: SIMD3<Float>) -> SIMD3<Float> {
        SIMD3(m[0] * v.x + m[1] * v.y + m[2] * v.z, m[3] * v.x + m[4] * v.y + m[5] * v.z, m[6] * v.x + m[7] * v.y + m[8] * v.z)
    }

    static func inverse(_ m: [Float]) -> [Float] {
        ColourPrimaries.inverse(m.map(Double.init)).map(Float.init)
    }
}
