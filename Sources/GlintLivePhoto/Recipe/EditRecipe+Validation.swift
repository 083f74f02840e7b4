import GlintMedia

extension EditRecipe {
    /// Checks every value's range. Checks that need the files (the LUT's contents, the trim
    /// against the movie's length) are made when the edit is prepared, before any work.
    /// - Throws: ``RecipeError`` naming the first bad key.
    public func validate() throws {
        func check(_ value: Double?, _ name: String, _ range: ClosedRange<Double>) throws {
            guard let value else { return }
            guard value.isFinite, range.contains(value) else {
                throw RecipeError("\"\(name)\" must be between \(range.lowerBound) and \(range.upperBound), got \(value)")
            }
        }
        try check(exposure, "exposure", -10...10)
        for (value, name) in [
            (contrast, "contrast"), (brightness, "brightness"), (highlights, "highlights"),
            (shadows, "shadows"), (saturation, "saturation"), (vibrance, "vibrance"),
            (warmth, "warmth"), (tint, "tint"), (vignette, "vignette"),
        ] {
            try check(value, name, -1...1)
        }
        try check(lutIntensity, "lutIntensity", 0...1)
        if let lut, lut.isEmpty { throw RecipeError("\"lut\" must name a .cube file") }
        if lutIntensity != nil && lut == nil { throw RecipeError("\"lutIntensity\" needs a \"lut\"") }
        try check(straighten, "straighten", -45...45)
        if let rotate, rotate % 90 != 0 {
            throw RecipeError("\"rotate\" must be a multiple of 90 degrees, got \(rotate)")
        }
        if let maxDimension, !(16...65500).contains(maxDimension) {
            throw RecipeError("\"maxDimension\" must be between 16 and 65500, got \(maxDimension)")
        }
        try crop?.validate()
        try trim?.validate()
        try check(keyPhoto, "keyPhoto", 0...3600)
        try check(volume, "volume", 0...4)
    }
}

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

extension TimeRange {
    /// Checks that the range is finite, starts at 0 or later and keeps something.
    /// - Throws: ``RecipeError`` naming the trim.
    public func validate() throws {
        for (value, name) in [(start, "trim.start"), (end, "trim.end")] {
            if let value, !(value.isFinite && value >= 0) {
                throw RecipeError("\"\(name)\" must be a number of seconds, 0 or more, got \(value)")
            }
        }
        if let start, let end, end <= start {
            throw RecipeError("\"trim\" removes everything: end (\(end) s) must be after start (\(start) s)")
        }
    }
}
