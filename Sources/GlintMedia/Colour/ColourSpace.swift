import Foundation

/// An RGB colour space: the meaning of a picture's code values.
///
/// A space is either defined by primaries and a transfer curve (sRGB, Display P3, a video
/// stream's H.273 tags, Glint's working space) or by an ICC profile embedded in a still.
/// LittleCMS turns either into a profile and converts between them (``ColourConverter``).
///
/// ## The working space
/// Glint edits colour in ``working``: **linear light with BT.2020 primaries and a D65 white**.
/// It holds every colour of the sources Glint reads (sRGB and Display P3 stills, BT.709, P3 and
/// BT.2020 movies) without negative values, and linear light makes exposure and white balance
/// the physical gains they stand for. A still and a movie frame of the same scene therefore get
/// the same change whatever their own spaces.
public struct ColourSpace: Sendable, Hashable, CustomStringConvertible {
    /// How code values map to linear light.
    public enum Transfer: Sendable, Hashable {
        /// The sRGB curve (IEC 61966-2-1), also used by Display P3.
        case srgb
        /// Code values are linear light.
        case linear
        /// A pure power law, `linear = code ^ gamma`.
        case gamma(Double)
    }

    enum Definition: Sendable, Hashable {
        case rgb(ColourPrimaries, Transfer)
        case icc([UInt8])
    }

    let definition: Definition
    /// A short human-readable name ("sRGB", "Display P3", or the ICC profile's description).
    public let name: String

    /// Creates a space from primaries and a transfer curve.
    public init(primaries: ColourPrimaries, transfer: Transfer, name: String) {
        definition = .rgb(primaries, transfer)
        self.name = name
    }

    /// sRGB (IEC 61966-2-1): what a still without an ICC profile is.
    public static let sRGB = ColourSpace(primaries: .bt709, transfer: .srgb, name: "sRGB IEC61966-2.1")
    /// Display P3: P3 primaries, D65 white, the sRGB curve.
    public static let displayP3 = ColourSpace(primaries: .displayP3, transfer: .srgb, name: "Display P3")
    /// Glint's working space: linear light, BT.2020 primaries, D65 white.
    public static let working = ColourSpace(primaries: .bt2020, transfer: .linear, name: "Linear BT.2020 (Glint working space)")

    /// The space an embedded ICC profile describes.
    /// - Throws: ``MediaError`` `.corrupt` when LittleCMS cannot read the profile,
    ///   `.unsupported` when it is not a profile for RGB data.
    public init(iccProfile bytes: [UInt8]) throws {
        let profile = try LCMSProfile(iccBytes: bytes)
        definition = .icc(bytes)
        name = profile.profileDescription ?? "embedded ICC profile"
    }

    /// The space of a video stream, from its H.273 colour tags (the VUI or the `colr` box).
    ///
    /// Primaries are taken as tagged (unspecified means BT.709). BT.709 code values (and
    /// BT.601, BT.2020 SDR and unspecified ones) are read **display-referred with the sRGB
    /// curve**, exactly like an sRGB still: iPhones encode a Live Photo's still and movie to look
    /// the same side by side, and Apple's players and browsers show them so. Gamma 2.2 and 2.8
    /// and linear tags are honoured.
    /// - Throws: ``MediaError`` `.unsupported` for HDR transfers (PQ, HLG), whose colour edits
    ///   Glint does not support.
    public init(video: VideoColourInfo) throws {
        let transfer: Transfer
        switch video.transfer.rawValue {
        case 4: transfer = .gamma(2.2)
        case 5: transfer = .gamma(2.8)
        case 8: transfer = .linear
        case 16, 18:
            throw MediaError(.unsupported, "the movie is HDR (\(video.transfer == .pq ? "PQ" : "HLG") transfer): colour edits of HDR video are not supported")
        default: transfer = .srgb
        }
        let primaries = ColourPrimaries(video: video.primaries)
        let name =
            switch primaries {
            case .displayP3: "Display P3"
            case .bt2020: "BT.2020"
            case .bt709: "sRGB IEC61966-2.1"
            default: "video primaries \(video.primaries.rawValue)"
            }
        self.init(primaries: primaries, transfer: transfer, name: name)
    }

    /// The primaries of a space defined by them; `nil` for an ICC profile.
    public var primaries: ColourPrimaries? {
        if case .rgb(let primaries, _) = definition { return primaries }
        return nil
    }

    /// The transfer curve of a space defined by primaries; `nil` for an ICC profile.
    public var transfer: Transfer? {
        if case .rgb(_, let transfer) = definition { return transfer }
        return nil
    }

    /// Whether the space comes from an embedded ICC profile.
    public var isICCProfile: Bool {
        if case .icc = definition { return true }
        return false
    }

    public var description: String { name }

    /// An ICC profile for the space, to embed in a still: the embedded bytes for a profile-defined
    /// space, a new profile (version 4, display class, named ``name``) otherwise.
    /// - Throws: ``MediaError`` `.encodingFailed` when LittleCMS cannot build or save it.
    public func iccProfile() throws -> [UInt8] {
        switch definition {
        case .icc(let bytes): return bytes
        case .rgb:
            // LittleCMS stamps a new profile with the current time; a fixed date makes the bytes
            // (and the MD5 profile identifier, computed again) the same on every run.
            var bytes = try makeProfile().serialized()
            let date: [UInt16] = [2025, 1, 1, 0, 0, 0]
            for (i, value) in date.enumerated() {
                bytes[24 + 2 * i] = UInt8(value >> 8)
                bytes[25 + 2 * i] = UInt8(value & 0xFF)
            }
            return try LCMSProfile(iccBytes: bytes).serialized()
        }
    }

    /// Opens the space as a LittleCMS profile.
    func makeProfile() throws -> LCMSProfile {
        switch definition {
        case .icc(let bytes): return try LCMSProfile(iccBytes: bytes)
        case .rgb(let primaries, let transfer): return try LCMSProfile(primaries: primaries, transfer: transfer, description: name)
        }
    }

    public static func == (lhs: ColourSpace, rhs: ColourSpace) -> Bool { lhs.definition == rhs.definition }
    public func hash(into hasher: inout Hasher) { hasher.combine(definition) }
}

extension ColourSpace {
    /// A space's colours in linear light, and the way back to its 8-bit code values.
    struct LinearForm {
        /// The same primaries (or colorants) with linear tone curves; for a profile LittleCMS
        /// converts to with a look-up table, the space itself.
        var space: ColourSpace
        /// For each channel, the 255 linear values at which code value `c` becomes `c + 1`
        /// (the curve at `c + 0.5`), so converting back rounds in code values.
        var thresholds: [[Double]]
    }

    /// The space's linear form (see ``LinearForm``).
    func linearForm() throws -> LinearForm {
        let codes = (0..<255).map { (Double($0) + 0.5) / 255 }
        switch definition {
        case .rgb(let primaries, let transfer):
            let curve: (Double) -> Double =
                switch transfer {
                case .srgb: TransferCurve.decode
                case .linear: { $0 }
                case .gamma(let gamma): { pow($0, gamma) }
                }
            let thresholds = codes.map(curve)
            return LinearForm(
                space: ColourSpace(primaries: primaries, transfer: .linear, name: "\(name) (linear)"),
                thresholds: [thresholds, thresholds, thresholds])
        case .icc:
            let profile = try makeProfile()
            guard profile.isMatrixShaperForOutput else { return LinearForm(space: self, thresholds: [codes, codes, codes]) }
            let thresholds = try (0..<3).map { channel in
                try codes.map { code in
                    guard let value = profile.curve(channel: channel, at: code) else {
                        throw MediaError(.corrupt, "the ICC profile has no tone curve for channel \(channel)")
                    }
                    return value
                }
            }
            let linear = try profile.linearised()
            return LinearForm(space: ColourSpace(definition: .icc(linear), name: "\(name) (linear)"), thresholds: thresholds)
        }
    }

    init(definition: Definition, name: String) {
        self.definition = definition
        self.name = name
    }
}
