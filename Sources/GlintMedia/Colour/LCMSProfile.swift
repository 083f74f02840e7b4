import CLCMS2
import Foundation

/// An open LittleCMS profile, closed when released.
///
/// Not `Sendable`: LittleCMS reads tags lazily, so a profile is used by one task at a time.
final class LCMSProfile {
    let handle: cmsHPROFILE

    /// Opens an embedded ICC profile.
    /// - Throws: ``MediaError`` `.corrupt` when it cannot be read, `.unsupported` when it is not
    ///   a profile for RGB data.
    init(iccBytes: [UInt8]) throws {
        guard !iccBytes.isEmpty,
            let handle = iccBytes.withUnsafeBytes({
                cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number(clamping: $0.count))
            })
        else {
            throw MediaError(.corrupt, "the ICC profile cannot be read")
        }
        self.handle = handle
        guard cmsGetColorSpace(handle) == cmsSigRgbData else {
            let signature = cmsGetColorSpace(handle).rawValue
            let name = String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: signature >> (24 - 8 * $0)) }, as: UTF8.self)
            throw MediaError(.unsupported, "the ICC profile is for \(name.trimmingCharacters(in: .whitespaces)) data, not RGB")
        }
    }

    /// Builds a matrix-shaper RGB profile (ICC version 4, display class).
    init(primaries: ColourPrimaries, transfer: ColourSpace.Transfer, description: String) throws {
        var white = cmsCIExyY(x: primaries.white.x, y: primaries.white.y, Y: 1)
        var triple = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: primaries.red.x, y: primaries.red.y, Y: 1),
            Green: cmsCIExyY(x: primaries.green.x, y: primaries.green.y, Y: 1),
            Blue: cmsCIExyY(x: primaries.blue.x, y: primaries.blue.y, Y: 1))
        let curve: OpaquePointer?
        switch transfer {
        case .srgb:
            let parameters: [cmsFloat64Number] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
            curve = cmsBuildParametricToneCurve(nil, 4, parameters)
        case .linear: curve = cmsBuildGamma(nil, 1)
        case .gamma(let gamma): curve = cmsBuildGamma(nil, gamma)
        }
        guard let curve else { throw MediaError(.encodingFailed, "LittleCMS could not build a tone curve") }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let handle = cmsCreateRGBProfile(&white, &triple, &curves) else {
            throw MediaError(.encodingFailed, "LittleCMS could not build the \(description) profile")
        }
        self.handle = handle
        setText(cmsSigProfileDescriptionTag, description)
        setText(cmsSigCopyrightTag, "No copyright, use freely")
    }

    deinit { cmsCloseProfile(handle) }

    /// The profile's description, when it has one.
    var profileDescription: String? {
        var buffer = [CChar](repeating: 0, count: 256)
        let count = cmsGetProfileInfoASCII(handle, cmsInfoDescription, "en", "US", &buffer, cmsUInt32Number(buffer.count))
        guard count > 1 else { return nil }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    /// The profile as ICC bytes, with its MD5 profile identifier set.
    func serialized() throws -> [UInt8] {
        cmsMD5computeID(handle)
        var size: cmsUInt32Number = 0
        guard cmsSaveProfileToMem(handle, nil, &size) != 0, size > 0 else {
            throw MediaError(.encodingFailed, "LittleCMS could not save an ICC profile")
        }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard bytes.withUnsafeMutableBytes({ cmsSaveProfileToMem(handle, $0.baseAddress, &size) }) != 0 else {
            throw MediaError(.encodingFailed, "LittleCMS could not save an ICC profile")
        }
        return Array(bytes.prefix(Int(size)))
    }

    private func setText(_ tag: cmsTagSignature, _ text: String) {
        guard let mlu = cmsMLUalloc(nil, 1) else { return }
        defer { cmsMLUfree(mlu) }
        cmsMLUsetASCII(mlu, "en", "US", text)
        cmsWriteTag(handle, tag, UnsafeRawPointer(mlu))
    }
}

extension LCMSProfile {
    /// Whether LittleCMS converts to this profile with its tone curves and matrix (rather than
    /// with a look-up table), so that replacing the curves gives its linear-light form.
    var isMatrixShaperForOutput: Bool {
        cmsIsMatrixShaper(handle) != 0
            && cmsIsCLUT(handle, cmsUInt32Number(INTENT_RELATIVE_COLORIMETRIC), cmsUInt32Number(LCMS_USED_AS_OUTPUT)) == 0
    }

    /// The tone curve of channel 0 (red), 1 (green) or 2 (blue) of a matrix-shaper profile at
    /// `code` (0...1): the linear light the code value stands for.
    func curve(channel: Int, at code: Double) -> Double? {
        let tags = [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag]
        guard let tag = cmsReadTag(handle, tags[channel]) else { return nil }
        return Double(cmsEvalToneCurveFloat(OpaquePointer(tag), Float(code)))
    }

    /// This matrix-shaper profile with linear tone curves, as ICC bytes.
    func linearised() throws -> [UInt8] {
        guard let linear = cmsBuildGamma(nil, 1) else { throw MediaError(.encodingFailed, "LittleCMS could not build a tone curve") }
        defer { cmsFreeToneCurve(linear) }
        for tag in [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag] {
            guard cmsWriteTag(handle, tag, UnsafeRawPointer(linear)) != 0 else {
                throw MediaError(.encodingFailed, "LittleCMS could not rewrite the profile's tone curves")
            }
        }
        return try serialized()
    }
}
