import Foundation

extension EditRecipe {
    /// Parses and validates a JSON recipe.
    /// - Parameter baseDirectory: Where relative paths in the recipe (``lut``) are resolved; `nil`
    ///   leaves them as written (relative to the working directory).
    /// - Throws: ``RecipeError``.
    public static func parse(json: Data, baseDirectory: String? = nil) throws -> EditRecipe {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: json)
        } catch {
            throw RecipeError("the recipe is not valid JSON")
        }
        guard let dictionary = object as? [String: Any] else { throw RecipeError("the recipe must be a JSON object") }
        try checkKeys(of: dictionary, allowed: keys, prefix: "")
        try checkKeys(of: dictionary["crop"], allowed: ["x", "y", "width", "height"], prefix: "crop.")
        try checkKeys(of: dictionary["trim"], allowed: ["start", "end"], prefix: "trim.")
        var recipe: EditRecipe
        do {
            recipe = try JSONDecoder().decode(EditRecipe.self, from: json)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw RecipeError("\"\(path(context.codingPath))\" has the wrong type")
        } catch let DecodingError.keyNotFound(key, context) {
            throw RecipeError("\"\(path(context.codingPath + [key]))\" is missing")
        } catch let DecodingError.dataCorrupted(context) {
            let key = path(context.codingPath)
            throw RecipeError("\"\(key)\" has a value that is not allowed\(allowedValues(key))")
        } catch {
            throw RecipeError("the recipe could not be read: \(error)")
        }
        if let lut = recipe.lut, let baseDirectory, !lut.isEmpty, !lut.hasPrefix("/") {
            recipe.lut = URL(fileURLWithPath: baseDirectory).appendingPathComponent(lut).path
        }
        try recipe.validate()
        return recipe
    }

    private static func checkKeys(of value: Any?, allowed: Set<String>, prefix: String) throws {
        guard let dictionary = value as? [String: Any] else { return }
        if let unknown = dictionary.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw RecipeError("unknown key \"\(prefix)\(unknown)\" (known keys: \(allowed.sorted().joined(separator: ", ")))")
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.map(\.stringValue).joined(separator: ".")
    }

    private static func allowedValues(_ key: String) -> String {
        switch key {
        case "flip": ": use \(Flip.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or "))"
        case "outputColorSpace": ": use \(OutputColourSpace.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))"
        case "hdr": ": use \(HDRMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or "))"
        default: ""
        }
    }
}
