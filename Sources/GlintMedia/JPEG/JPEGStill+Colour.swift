extension JPEGStill {
    /// The colour space of the still's pixels: its embedded ICC profile, or sRGB when it has
    /// none.
    /// - Throws: ``MediaError`` naming the still when the profile's chunks are damaged, LittleCMS
    ///   cannot read it, or it is not a profile for RGB data.
    public func colourSpace() throws -> ColourSpace {
        try MediaError.naming(path) {
            guard let profile = try file.iccProfile() else { return .sRGB }
            return try ColourSpace(iccProfile: profile)
        }
    }
}
