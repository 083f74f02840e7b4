extension JPEGPatchCompositor {
    /// The bitstream splice, or nil when it does not apply to this file (the caller then takes
    /// the coefficient path).
    /// - Parameter required: Whether the caller asked for the splice: then a file it cannot handle
    ///   is an `.unsupported` error instead of nil.
    static func compositeBySplicing(
        _ parsed: JPEGFile, x: Int, y: Int, width: Int, height: Int, required: Bool,
        edit: (inout RGBImage, Int, Int) throws -> Void
    ) throws -> JPEGPatchResult? {
        if required { throw MediaError(.unsupported, "the bitstream splice is not available yet") }
        return nil
    }
}
