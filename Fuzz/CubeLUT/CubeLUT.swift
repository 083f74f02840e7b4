import FuzzSupport

@testable import GlintMedia

/// An Adobe `.cube` LUT, as an edit reads the `lut` input of a `livephoto.edit` job or the
/// recipe's `lut` file (``CubeLUT/init(path:)``: the file read whole, checked as UTF-8 text, then
/// parsed), and applied as the edit applies it: through ``ColourAdjustment`` (the colour stage
/// bakes every colour of its cube through it) on a few working-space colours, and looked up
/// directly at the corners and middle of the table's domain. The last byte is the LUT intensity.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCubeLUT(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzedBytes(start, count)
    let intensity = Double(input.integer(in: 0...255)) / 255
    let path = FuzzFile.shared(suffix: ".cube").write(input.rest())
    let lut: CubeLUT
    do {
        lut = try CubeLUT(path: path)
    } catch {
        precondition(error is MediaError, "a .cube file failed with \(type(of: error)), not a MediaError")
        FuzzUse.keep((error as? MediaError)?.description)
        return 0
    }
    FuzzUse.keep(lut.title)
    precondition((2...CubeLUT.maximumSize).contains(lut.size), "LUT_3D_SIZE \(lut.size) outside 2...\(CubeLUT.maximumSize)")
    precondition(lut.table.count == lut.size * lut.size * lut.size * 3, "a table of \(lut.table.count) values for size \(lut.size)")
    precondition(lut.table.allSatisfy(\.isFinite), "a table value is not finite")
    for axis in 0..<3 {
        precondition(lut.domainMin[axis].isFinite && lut.domainMax[axis].isFinite, "the domain is not finite")
        precondition(lut.domainMin[axis] < lut.domainMax[axis], "the domain is empty on axis \(axis)")
    }
    lookUpDomain(lut)
    var colours: [Float] = [0, 0, 0, 1, 1, 1, 0.18, 0.18, 0.18, 1, 0, 0, 0, 0.5, 1, -0.1, 1.2, 0.3, 4, 6, 8, 0.999, 0.001, 0.5]
    ColourAdjustment(lut: lut, lutIntensity: intensity).apply(toWorking: &colours)
    FuzzUse.keep(colours)
    return 0
}

/// Looks the table up at its domain's corners, middle and just outside it.
func lookUpDomain(_ lut: CubeLUT) {
    let low = lut.domainMin
    let high = lut.domainMax
    let middle = low + (high - low) / 2
    for point in [low, high, middle, SIMD3(low.x, high.y, middle.z), SIMD3(high.x, low.y, high.z), low - 1, high + 1] {
        let value = lut.lookup(point)
        FuzzUse.keep(value)
    }
    FuzzUse.keep(lut.lookup(SIMD3(0.25, 0.5, 0.75)))
}
