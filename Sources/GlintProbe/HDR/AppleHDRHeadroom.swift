#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The headroom of an Apple version 1 gain map, from the MakerNote's tags 0x0021 (`HDRHeadroom`)
/// and 0x0030 (`HDRGain`), as Apple's "Applying Apple HDR effect to your photos" derives it:
///
/// ```
/// if maker33 < 1: stops = maker48 <= 0.01 ? -20 maker48 + 1.8 : -0.101 maker48 + 1.601
/// else:           stops = maker48 <= 0.01 ? -70 maker48 + 3.0 : -0.303 maker48 + 2.303
/// headroom = 2^max(stops, 0)
/// ```
///
/// and the map's value `g` (after the Rec. 709 curve is undone) scales linear SDR by
/// `1 + (headroom - 1) g`.
public enum AppleHDRHeadroom {
    /// The MakerNote tags that carry the headroom.
    public static let headroomTag: UInt16 = 0x0021
    public static let gainTag: UInt16 = 0x0030
    /// The `auxC` type of Apple's gain map.
    public static let auxiliaryType = "urn:com:apple:photo:2020:aux:hdrgainmap"
    /// The largest headroom version 1 can state (3 stops).
    public static let maximum = 8.0

    /// The headroom the two MakerNote values state.
    public static func headroom(maker33: Double, maker48: Double) -> Double {
        let stops: Double
        if maker33 < 1 {
            stops = maker48 <= 0.01 ? -20 * maker48 + 1.8 : -0.101 * maker48 + 1.601
        } else {
            stops = maker48 <= 0.01 ? -70 * maker48 + 3.0 : -0.303 * maker48 + 2.303
        }
        return pow(2, max(stops, 0))
    }

    /// MakerNote values (0x0021, 0x0030) that state `headroom` (clamped to 1...``maximum``);
    /// ``headroom(maker33:maker48:)`` gives it back.
    public static func makerNoteValues(headroom: Double) -> (maker33: Double, maker48: Double) {
        let stops = log2(min(max(headroom, 1), maximum))
        if stops >= 2.3 { return (1, max(0, (3.0 - stops) / 70)) }
        return (1, (2.303 - stops) / 0.303)
    }
}
