extension ColourDifference {
    /// The mean CIEDE2000 difference between two images of the same size whose code values are
    /// in the given colour spaces (converted to L*a*b* by LittleCMS), so pictures in different
    /// spaces are compared by the colours they show.
    /// - Parameter step: Compare every `step`-th pixel in each direction (1 compares all).
    /// - Throws: ``MediaError`` when a space cannot be converted.
    public static func meanCIEDE2000(
        _ x: RGBImage, in xSpace: ColourSpace, _ y: RGBImage, in ySpace: ColourSpace,
        step: Int = 1
    ) throws -> Double {
        precondition(x.width == y.width && x.height == y.height, "images must have the same size")
        func sampled(_ image: RGBImage) -> [Float] {
            var values: [Float] = []
            for row in stride(from: 0, to: image.height, by: step) {
                for column in stride(from: 0, to: image.width, by: step) {
                    let p = image[column, row]
                    values += [Float(p.r) / 255, Float(p.g) / 255, Float(p.b) / 255]
                }
            }
            return values
        }
        let a = try ColourConverter(toLabFrom: xSpace).convert(sampled(x))
        let b = try ColourConverter(toLabFrom: ySpace).convert(sampled(y))
        var total = 0.0
        for i in stride(from: 0, to: a.count, by: 3) {
            total += ciede2000(
                Lab(l: Double(a[i]), a: Double(a[i + 1]), b: Double(a[i + 2])),
                Lab(l: Double(b[i]), a: Double(b[i + 1]), b: Double(b[i + 2])))
        }
        return a.isEmpty ? 0 : total / Double(a.count / 3)
    }
}
