extension HEICStill: StillImage {
    public var format: StillFormat { .heic }

    public var nclxProfile: NCLXColourProfile? { colourProfile.nclx }

    /// Decodes at full size: HEVC has no cheap reduced-scale decode (the denominator is always 1).
    public func decode(
        regionWidth: Int, regionHeight: Int, minimumWidth: Int, minimumHeight: Int,
        limits: ImageLimits
    ) throws -> (image: RGBImage, denominator: Int) {
        (try decode(limits: limits), 1)
    }

    /// Encodes a HEIC with this still's XMP and colour profile (ICC and/or `nclx`; with
    /// `encoding.colourSpace` set, its ICC profile and primaries instead). Pixels are
    /// stored as displayed: when `exif` has an orientation other than 1 (never the case for an
    /// edit of a HEIC, whose orientation is `.up`), the pixels are turned upright and the tag set
    /// to 1, so HEIF readers, which ignore the tag, and EXIF readers agree.
    public func encodeEdited(_ image: RGBImage, exif: ExifMetadata?, encoding: StillEncoding) throws -> [UInt8] {
        try MediaError.naming(path) {
            var exif = exif
            let orientation = exif?.orientation ?? .up
            if exif?.orientation != nil { exif?.orientation = .up }
            let upright = orientation == .up ? image : image.transformed(by: orientation)
            if orientation.swapsDimensions, var metadata = exif {
                try metadata.setPixelDimensions(width: upright.width, height: upright.height)
                exif = metadata
            }
            var colour = colourProfile
            if let space = encoding.colourSpace {
                colour = HEICColourProfile(
                    icc: try space.iccProfile(),
                    nclx: colourProfile.nclx.map { nclx in
                        var described = nclx
                        if let primaries = space.primaries?.videoPrimaries { described.primaries = UInt16(primaries.rawValue) }
                        return described
                    })
            }
            let metadata = HEICEncoder.Metadata(exif: exif, xmp: xmpPacket, colourProfile: colour)
            return try HEICEncoder.encode(upright, metadata: metadata, settings: encoding.heic)
        }
    }
}
