import CLCMS2

/// Converts floating-point colours from one ``ColourSpace`` to another (or to CIE L*a*b*) with
/// LittleCMS, relative colorimetric intent.
///
/// Values are interleaved triples (R, G, B), code values 0...1 in encoded spaces and linear
/// light in linear ones. Conversions run in floating point with LittleCMS's optimisations off,
/// so they are exact to float precision; out-of-gamut results are not clipped by matrix-shaper
/// conversions. Built once per picture and used on thousands of values at a time (a lookup
/// grid), never per pixel.
///
/// Not `Sendable`: use a converter from one task.
public final class ColourConverter {
    private let transform: cmsHTRANSFORM
    private let outputChannels = 3

    /// A converter between two RGB spaces.
    /// - Throws: ``MediaError`` when a profile cannot be opened or LittleCMS cannot link them.
    public init(from source: ColourSpace, to destination: ColourSpace) throws {
        let input = try source.makeProfile()
        let output = try destination.makeProfile()
        guard
            let transform = cmsCreateTransform(
                input.handle, clcms2_type_rgb_flt(), output.handle, clcms2_type_rgb_flt(),
                cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), clcms2_flags_float_exact())
        else {
            throw MediaError(.unsupported, "LittleCMS cannot convert from \(source.name) to \(destination.name)")
        }
        self.transform = transform
    }

    /// A converter from an RGB space to CIE L*a*b* with a D65 white (L 0...100), for measuring
    /// colour differences between pictures in different spaces.
    public init(toLabFrom source: ColourSpace) throws {
        let input = try source.makeProfile()
        var d65 = cmsCIExyY(x: ColourPrimaries.Chromaticity.d65.x, y: ColourPrimaries.Chromaticity.d65.y, Y: 1)
        guard let lab = cmsCreateLab4Profile(&d65) else { throw MediaError(.encodingFailed, "LittleCMS could not build a Lab profile") }
        defer { cmsCloseProfile(lab) }
        guard
            let transform = cmsCreateTransform(
                input.handle, clcms2_type_rgb_flt(), lab, clcms2_type_lab_flt(),
                cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), clcms2_flags_float_exact())
        else {
            throw MediaError(.unsupported, "LittleCMS cannot convert \(source.name) to Lab")
        }
        self.transform = transform
    }

    deinit { cmsDeleteTransform(transform) }

    /// Converts interleaved triples.
    /// - Precondition: `values.count` is a multiple of 3.
    public func convert(_ values: [Float]) -> [Float] {
        precondition(values.count % 3 == 0, "colours are triples")
        var output = [Float](repeating: 0, count: values.count / 3 * outputChannels)
        let count = values.count / 3
        guard count > 0 else { return output }
        values.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                cmsDoTransform(transform, input.baseAddress, out.baseAddress, cmsUInt32Number(count))
            }
        }
        return output
    }
}
