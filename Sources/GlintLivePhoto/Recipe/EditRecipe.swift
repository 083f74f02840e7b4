import Foundation
import GlintMedia

/// An edit applied alike to a Live Photo's still and to every frame of its movie.
///
/// Decoded from JSON; every key is optional and an absent key changes nothing. Unknown keys and
/// out-of-range values are refused with a ``RecipeError`` naming the key, so a typo never
/// silently produces an unedited photo.
///
/// ```json
/// {"exposure": 0.5, "contrast": 0.2, "highlights": -0.3, "warmth": 0.1, "lut": "film.cube",
///  "straighten": 2.5, "crop": {"x": 0.1, "y": 0.1, "width": 0.8, "height": 0.8}, "rotate": 90,
///  "trim": {"start": 0.3, "end": 2.1}, "keyPhoto": 1.2, "volume": 0.5}
/// ```
///
/// Colour keys act in linear light in one working space, so the still and the frames change
/// alike whatever their colour profiles. Geometry is applied in display orientation in this
/// order: flip, straighten, crop, rotate, maxDimension. Times are seconds on the movie's
/// presentation timeline (0 is the first frame shown).
public struct EditRecipe: Sendable, Equatable, Codable {
    // MARK: Colour

    /// Exposure change in stops (EV), -10...10: each stop doubles the linear light.
    public var exposure: Double?
    /// Contrast change, -1...1 (0 keeps it; -1 flattens to mid grey; 1 doubles the slope).
    public var contrast: Double?
    /// Brightness, -1...1: lifts (or lowers) the mid-tones while keeping black and white.
    public var brightness: Double?
    /// Highlights, -1...1: negative recovers bright areas, positive brightens them.
    public var highlights: Double?
    /// Shadows, -1...1: positive opens dark areas, negative deepens them.
    public var shadows: Double?
    /// Saturation change, -1...1 (0 keeps it; -1 removes colour; 1 doubles it).
    public var saturation: Double?
    /// Vibrance, -1...1: saturation weighted towards the less saturated colours.
    public var vibrance: Double?
    /// Warmth (colour temperature), -1...1: positive is warmer (more amber), negative cooler.
    public var warmth: Double?
    /// Tint, -1...1: positive towards magenta, negative towards green.
    public var tint: Double?
    /// Vignette, -1...1: positive darkens the corners, negative lightens them.
    public var vignette: Double?
    /// A 3D colour look-up table in Adobe `.cube` format; relative paths are resolved against
    /// the recipe file's folder (or the working directory for an inline recipe).
    public var lut: String?
    /// How much of the LUT's change to apply, 0...1 (default 1).
    public var lutIntensity: Double?
    /// The colour space of the outputs: keep the source's (default) or convert.
    public var outputColorSpace: OutputColourSpace?
    /// What becomes of a still's HDR gain map: kept in the input's form (default), or dropped
    /// for an SDR-only output (`--sdr`).
    public var hdr: HDRMode?

    // MARK: Geometry

    /// Mirrors the picture (in display orientation, before everything else).
    public var flip: Flip?
    /// Straightens by this many degrees clockwise, -45...45, cropping to the largest rectangle of
    /// the same aspect ratio with no empty corners.
    public var straighten: Double?
    /// The region to keep, in normalised display coordinates (after flip and straighten, before
    /// ``rotate``).
    public var crop: NormalizedRect?
    /// Clockwise rotation in degrees, a multiple of 90.
    public var rotate: Int?
    /// Longest side of the output, in pixels (16...65500); outputs are never enlarged.
    public var maxDimension: Int?

    // MARK: Time and sound

    /// The part of the motion to keep.
    public var trim: TimeRange?
    /// Makes the frame shown at this time (seconds) the new still.
    public var keyPhoto: Double?
    /// Audio gain, 0...4 (1 keeps it; 0 is silence, as is ``mute``).
    public var volume: Double?
    /// Silences the audio (the track stays, so players behave as before).
    public var mute: Bool?

    /// The keys a recipe may have.
    public static let keys: Set<String> = [
        "exposure", "contrast", "brightness", "highlights", "shadows", "saturation", "vibrance", "warmth", "tint",
        "vignette", "lut", "lutIntensity", "outputColorSpace", "hdr",
        "flip", "straighten", "crop", "rotate", "maxDimension",
        "trim", "keyPhoto", "volume", "mute",
    ]

    /// Creates a recipe.
    public init(
        exposure: Double? = nil, contrast: Double? = nil, brightness: Double? = nil,
        highlights: Double? = nil, shadows: Double? = nil, saturation: Double? = nil,
        vibrance: Double? = nil, warmth: Double? = nil, tint: Double? = nil, vignette: Double? = nil,
        lut: String? = nil, lutIntensity: Double? = nil, outputColorSpace: OutputColourSpace? = nil, hdr: HDRMode? = nil,
        flip: Flip? = nil, straighten: Double? = nil, crop: NormalizedRect? = nil, rotate: Int? = nil,
        maxDimension: Int? = nil, trim: TimeRange? = nil, keyPhoto: Double? = nil,
        volume: Double? = nil, mute: Bool? = nil
    ) {
        self.exposure = exposure
        self.contrast = contrast
        self.brightness = brightness
        self.highlights = highlights
        self.shadows = shadows
        self.saturation = saturation
        self.vibrance = vibrance
        self.warmth = warmth
        self.tint = tint
        self.vignette = vignette
        self.lut = lut
        self.lutIntensity = lutIntensity
        self.outputColorSpace = outputColorSpace
        self.hdr = hdr
        self.flip = flip
        self.straighten = straighten
        self.crop = crop
        self.rotate = rotate
        self.maxDimension = maxDimension
        self.trim = trim
        self.keyPhoto = keyPhoto
        self.volume = volume
        self.mute = mute
    }

    /// Whether the recipe changes colour (as opposed to only geometry, time or sound).
    public var changesColour: Bool {
        let values = [exposure, contrast, brightness, highlights, shadows, saturation, vibrance, warmth, tint, vignette]
        return values.contains { ($0 ?? 0) != 0 } || lut != nil
            || (outputColorSpace ?? .source) != .source
    }

    /// Whether the recipe changes the sound.
    public var changesAudio: Bool { mute == true || (volume ?? 1) != 1 }
}

/// A rectangle in normalised coordinates: (0, 0) is the top-left corner, (1, 1) the bottom-right.
public typealias NormalizedRect = Rect

/// A recipe that cannot be applied: unknown key, wrong type or out-of-range value.
public struct RecipeError: GlintError, Sendable, Equatable {
    /// What is wrong, naming the key.
    public var problem: String
    public init(_ problem: String) { self.problem = problem }
    public var description: String { "recipe: \(problem)" }
    public var code: ErrorCode { .badParameters }
    public var kindName: String { "invalidRecipe" }
}
