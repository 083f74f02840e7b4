/// What a still says about its HDR gain map, for `glint inspect` (``HDRGainMapProbe``).
public struct HDRGainMapReport: Sendable, Codable, Equatable {
    /// A way of carrying a gain map; a file may carry several at once (Ultra HDR with ISO 21496-1).
    public enum Form: String, Sendable, Codable {
        /// Apple's: a HEIC auxiliary image `urn:com:apple:photo:2020:aux:hdrgainmap`, or a JPEG's
        /// MPF image, with `HDRGainMap` XMP and MakerNote headroom.
        case apple
        /// Google's Ultra HDR: an MPF gain map JPEG with `hdrgm` XMP.
        case ultraHDR
        /// ISO 21496-1 metadata (JPEG APP2, or a HEIF `tmap` item).
        case iso21496
    }

    /// Where the headroom was read.
    public enum HeadroomSource: String, Sendable, Codable {
        /// Apple MakerNote tags 0x0021 and 0x0030 (version 1 maps).
        case makerNote
        /// `HDRGainMap:HDRGainMapHeadroom` (Apple version 2 maps).
        case xmp
        /// `hdrgm:HDRCapacityMax`.
        case hdrgm
        /// The ISO 21496-1 alternate rendition's headroom.
        case iso21496
    }

    /// Every form found, the one edits keep first.
    public var forms: [Form]
    /// The map image's stored size and channel count, when it could be read.
    public var mapWidth: Int?
    public var mapHeight: Int?
    public var mapChannels: Int?
    /// Apple's `HDRGainMapVersion` as `major.minor` (65536 is `1.0`).
    public var appleVersion: String?
    /// The most the map brightens (linear; 1 is none) and where that was read.
    public var headroom: Double?
    public var headroomSource: HeadroomSource?
    /// The `hdrgm` parameters of an Ultra HDR map.
    public var ultraHDR: GainMapParameters?
    /// The `hdrgm:Version` of an Ultra HDR map.
    public var ultraHDRVersion: String?
    /// The ISO 21496-1 parameters.
    public var iso21496: GainMapParameters?
    /// What is wrong with a map that is present but malformed; it is reported, never fatal.
    public var warnings: [String]

    public init(forms: [Form] = [], warnings: [String] = []) {
        self.forms = forms
        self.warnings = warnings
    }

    /// The form an edit keeps: Apple, else Ultra HDR, else ISO 21496-1.
    public var primaryForm: Form? { forms.first }
}
