extension StillImage {
    /// The colour space of the still's decoded pixels: its ICC profile, else its `nclx` code
    /// points (HEIC), else sRGB.
    /// - Throws: ``MediaError`` naming the still when LittleCMS cannot read the profile, it is
    ///   not a profile for RGB data, or the `nclx` describes HDR.
    public func colourSpace() throws -> ColourSpace {
        try MediaError.naming(path) {
            if let profile = iccProfile { return try ColourSpace(iccProfile: profile) }
            if let nclx = nclxProfile {
                return try ColourSpace(
                    video: VideoColourInfo(
                        range: nclx.fullRange ? .full : .limited, primaries: VideoColourPrimaries(rawValue: Int32(nclx.primaries)),
                        transfer: VideoTransferFunction(rawValue: Int32(nclx.transfer)), matrix: VideoColourMatrix(rawValue: Int32(nclx.matrix))))
            }
            return .sRGB
        }
    }
}
