import Foundation
import GlintMedia

/// An edit applied alike to a Live Photo's still and to every frame of its movie.
///
/// Decoded from JSON; every key is optional and an absent key changes nothing. Unknown keys and
/// out-of-range values are refused with a ``RecipeError`` naming the key, so a typo never
/// silently produces an unedited photo.
///
/// ```json
/// {"exposure": 0.5, "contrast": 0.2, "saturation": -0.1,
///  "crop": {"x": 0.1, "y": 0.1, "width": 0.8, "height": 0.8}, "rotate": 90, "maxDimension": 2048}
/// ```
public struct EditRecipe: Sendable, Equatable, Codable {
    /// Exposure change in stops (EV), -10...10: each stop doubles the linear light.
    public var exposure: Double?
    /// Contrast change, -1...1 (0 keeps it; -1 flattens to mid grey; 1 doubles the slope).
    public var contrast: Double?
    /// Saturation change, -1...1 (0 keeps it; -1 removes colour; 1 doubles it).
    public var saturation: Double?
    /// The region to keep, in normalised display coordinates (after EXIF orientation or the movie
    /// matrix, before ``rotate``).
    public var crop: NormalizedRect?
    /// Clockwise rotation in degrees, a multiple of 90.
    public var rotate: Int?
    /// Longest side of the output, in pixels (16...65500); outputs are never enlarged.
    public var maxDimension: Int?

    /// The keys a recipe may have.
    public static let keys: Set<String> = ["exposure", "contrast", "saturation", "crop", "rotate", "maxDimension"]

    /// Creates a recipe.
    public init(exposure: Double? = nil, contrast: Double? = nil, saturation: Double? = nil,
                crop: NormalizedRect? = nil, rotate: Int? = nil, maxDimension: Int? = nil) {
        self.exposure = exposure
        self.contrast = contrast
        self.saturation = saturation
        self.crop = crop
        self.rotate = rotate
        self.maxDimension = maxDimension
    }

    /// Parses and validates a JSON recipe.
    /// - Throws: ``RecipeError``.
    public static func parse(json: Data) throws -> EditRecipe {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: json)
        } catch {
            throw RecipeError("the recipe is not valid JSON")
        }
        guard let dictionary = object as? [String: Any] else { throw RecipeError("the recipe must be a JSON object") }
        if let unknown = dictionary.keys.sorted().first(where: { !keys.contains($0) }) {
            throw RecipeError("unknown key \"\(unknown)\" (known keys: \(keys.sorted().joined(separator: ", ")))")
        }
        if let crop = dictionary["crop"] as? [String: Any],
           let unknown = crop.keys.sorted().first(where: { !["x", "y", "width", "height"].contains($0) }) {
            throw RecipeError("unknown key \"crop.\(unknown)\" (a crop has x, y, width and height)")
        }
        let recipe: EditRecipe
        do {
            recipe = try JSONDecoder().decode(EditRecipe.self, from: json)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw RecipeError("\"\(key)\" has the wrong type")
        } catch let DecodingError.keyNotFound(key, context) {
            let path = (context.codingPath.map(\.stringValue) + [key.stringValue]).joined(separator: ".")
            throw RecipeError("\"\(path)\" is missing")
        } catch {
            throw RecipeError("the recipe could not be read: \(error)")
        }
        try recipe.validate()
        return recipe
    }

    /// Checks every value's range.
    /// - Throws: ``RecipeError`` naming the first bad key.
    public func validate() throws {
        func check(_ value: Double?, _ name: String, _ range: ClosedRange<Double>) throws {
            guard let value else { return }
            guard value.isFinite, range.contains(value) else {
                throw RecipeError("\"\(name)\" must be between \(range.lowerBound) and \(range.upperBound), got \(value)")
            }
        }
        try check(exposure, "exposure", -10...10)
        try check(contrast, "contrast", -1...1)
        try check(saturation, "saturation", -1...1)
        if let rotate, rotate % 90 != 0 {
            throw RecipeError("\"rotate\" must be a multiple of 90 degrees, got \(rotate)")
        }
        if let maxDimension, !(16...65500).contains(maxDimension) {
            throw RecipeError("\"maxDimension\" must be between 16 and 65500, got \(maxDimension)")
        }
        try crop?.validate()
    }

    /// Whether the recipe changes colour (as opposed to only geometry).
    public var changesColour: Bool {
        (exposure ?? 0) != 0 || (contrast ?? 0) != 0 || (saturation ?? 0) != 0
    }
}

/// A rectangle in normalised coordinates: (0, 0) is the top-left corner, (1, 1) the bottom-right.
public typealias NormalizedRect = Rect

extension Rect {
    /// Checks that the rectangle is non-empty and inside the unit square.
    /// - Throws: ``RecipeError`` naming the crop.
    public func validate() throws {
        let tolerance = 1e-9
        guard [x, y, width, height].allSatisfy(\.isFinite) else { throw RecipeError("\"crop\" values must be numbers") }
        guard width > 0, height > 0 else { throw RecipeError("\"crop\" width and height must be greater than 0") }
        guard x >= 0, y >= 0, x + width <= 1 + tolerance, y + height <= 1 + tolerance else {
            throw RecipeError("\"crop\" must lie inside the image: x + width and y + height at most 1, x and y at least 0")
        }
    }
}

/// A recipe that cannot be applied: unknown key, wrong type or out-of-range value.
public struct RecipeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, naming the key.
    public var problem: String
    public init(_ problem: String) { self.problem = problem }
    public var description: String { "recipe: \(problem)" }
}
