extension HEIFMetadataEditor {
    /// Removes the EXIF GPS directory and the XMP place properties, when present.
    /// - Returns: Whether anything was removed.
    @discardableResult
    public mutating func removeLocation() throws -> Bool {
        var removed = false
        if let tiff = try exif() {
            var metadata = try ExifMetadata(tiff: tiff)
            if metadata.hasGPS {
                metadata.removeGPS()
                try setExif(try metadata.serialized())
                removed = true
            }
        }
        if let xmp = try xmp() {
            let packet = try XMPPacket(parsing: xmp)
            if packet.hasLocation {
                packet.removeLocation()
                setXMP(try packet.serialized())
                removed = true
            }
        }
        return removed
    }
}
