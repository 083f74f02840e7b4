extension ExifMetadata {
    /// The orientation (IFD0 tag 0x0112), or `nil` when absent or not a value from 1 to 8.
    /// Setting writes a SHORT; setting `nil` removes the tag.
    public var orientation: Orientation? {
        get {
            guard let value = ifd0[ExifTag.orientation]?.integers(byteOrder: byteOrder)?.first,
                let raw = UInt16(exactly: value)
            else { return nil }
            return Orientation(rawValue: raw)
        }
        set {
            if let newValue {
                ifd0.set(.short(tag: ExifTag.orientation, [newValue.rawValue], byteOrder: byteOrder))
            } else {
                ifd0.remove(ExifTag.orientation)
            }
        }
    }

    /// Whether the block has a GPS IFD.
    public var hasGPS: Bool { gps != nil }

    /// Removes the GPS IFD (and so every location tag).
    public mutating func removeGPS() {
        gps = nil
    }

    /// The pixel dimensions: Exif `PixelXDimension`/`PixelYDimension` (0xA002/0xA003), or IFD0
    /// `ImageWidth`/`ImageLength` when the Exif pair is absent.
    public var pixelDimensions: (width: Int, height: Int)? {
        func pair(_ directory: TIFFDirectory?, _ x: UInt16, _ y: UInt16) -> (width: Int, height: Int)? {
            guard let width = directory?[x]?.integers(byteOrder: byteOrder)?.first,
                let height = directory?[y]?.integers(byteOrder: byteOrder)?.first
            else { return nil }
            return (Int(width), Int(height))
        }
        return pair(exif, ExifTag.pixelXDimension, ExifTag.pixelYDimension)
            ?? pair(ifd0, ExifTag.imageWidth, ExifTag.imageLength)
    }

    /// Records new pixel dimensions (after a crop or resize).
    ///
    /// Sets Exif `PixelXDimension`/`PixelYDimension`, creating the Exif IFD if needed, and IFD0
    /// `ImageWidth`/`ImageLength` when those are present. An existing SHORT stays SHORT when the
    /// value fits; otherwise, and for new entries, the value is a LONG.
    /// - Throws: ``MediaError`` `.invalidArgument` unless both values are in 1...4294967295.
    public mutating func setPixelDimensions(width: Int, height: Int) throws {
        guard let w = UInt32(exactly: width), let h = UInt32(exactly: height), w > 0, h > 0 else {
            throw MediaError(.invalidArgument, "pixel dimensions \(width)x\(height) are not positive 32-bit values")
        }
        var exif = self.exif ?? TIFFDirectory()
        exif.set(dimension(ExifTag.pixelXDimension, w, replacing: exif[ExifTag.pixelXDimension]))
        exif.set(dimension(ExifTag.pixelYDimension, h, replacing: exif[ExifTag.pixelYDimension]))
        self.exif = exif
        if let old = ifd0[ExifTag.imageWidth] { ifd0.set(dimension(ExifTag.imageWidth, w, replacing: old)) }
        if let old = ifd0[ExifTag.imageLength] { ifd0.set(dimension(ExifTag.imageLength, h, replacing: old)) }
    }

    /// A SHORT entry when `old` is a SHORT and `value` fits, else a LONG.
    private func dimension(_ tag: UInt16, _ value: UInt32, replacing old: TIFFEntry?) -> TIFFEntry {
        if old?.type == .short, let short = UInt16(exactly: value) {
            return .short(tag: tag, [short], byteOrder: byteOrder)
        }
        return .long(tag: tag, [value], byteOrder: byteOrder)
    }

    /// The thumbnail JPEG's bytes (from IFD1), if any.
    ///
    /// Setting bytes replaces the thumbnail, creating IFD1 (JPEG compression, 72 dpi) when there
    /// is none; setting `nil` removes IFD1 entirely.
    public var thumbnail: [UInt8]? {
        get { ifd1 == nil ? nil : thumbnailBytes }
        set {
            guard let newValue else {
                ifd1 = nil
                thumbnailBytes = nil
                return
            }
            thumbnailBytes = newValue
            if ifd1 == nil {
                ifd1 = TIFFDirectory(entries: [
                    .short(tag: ExifTag.compression, [6], byteOrder: byteOrder),
                    .rational(tag: ExifTag.xResolution, 72, 1, byteOrder: byteOrder),
                    .rational(tag: ExifTag.yResolution, 72, 1, byteOrder: byteOrder),
                    .short(tag: ExifTag.resolutionUnit, [2], byteOrder: byteOrder),
                ])
            }
        }
    }
}
