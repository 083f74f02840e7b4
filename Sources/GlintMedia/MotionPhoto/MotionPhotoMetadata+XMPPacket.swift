/// The Motion Photo properties read from, and written into, an XMP packet through Exempi (in a
/// runner: the API process reads them with the bounded scan, `MotionPhotoXMPScan`).
extension MotionPhotoMetadata {
    /// Reads the properties from `packet`.
    public init(_ packet: XMPPacket) {
        let camera = XMPNamespace.googleCamera
        self.init()
        motionPhoto = packet.integer(camera, "MotionPhoto")
        version = packet.integer(camera, "MotionPhotoVersion")
        presentationTimestampUs = packet.integer(camera, "MotionPhotoPresentationTimestampUs")
        microVideo = packet.integer(camera, "MicroVideo")
        microVideoOffset = packet.integer(camera, "MicroVideoOffset")
        microVideoPresentationTimestampUs = packet.integer(camera, "MicroVideoPresentationTimestampUs")
        let count = packet.count(.container, "Directory")
        directory = (0..<min(count, Self.directoryLimit)).map { index in
            let item = "Directory[\(index + 1)]/Container:Item/Item:"
            return ContainerItem(
                mime: packet.string(.container, item + "Mime"), semantic: packet.string(.container, item + "Semantic"),
                length: packet.integer(.container, item + "Length"), padding: packet.integer(.container, item + "Padding"))
        }
    }

    /// Writes a Motion Photo v1 description into `packet`: the `GCamera` flags and timestamp and
    /// a two-item directory (primary, then the MP4), replacing any earlier directory and the
    /// legacy `MicroVideo` properties. Other properties are left as they are.
    /// - Parameters:
    ///   - packet: The packet to edit (the still's own XMP, or an empty one).
    ///   - videoLength: The MP4's exact size in bytes.
    ///   - presentationTimestampUs: The still's time in the video, in microseconds.
    ///   - primaryMime: `image/jpeg` or `image/heic`.
    ///   - primaryPadding: 0 for JPEG; 8 for HEIC (the `mpvd` box header before the MP4).
    public static func write(
        into packet: XMPPacket, videoLength: Int64, presentationTimestampUs: Int64,
        primaryMime: String = "image/jpeg", primaryPadding: Int64 = 0
    ) throws {
        let camera = XMPNamespace.googleCamera
        for legacy in ["MicroVideo", "MicroVideoVersion", "MicroVideoOffset", "MicroVideoPresentationTimestampUs"] {
            packet.remove(camera, legacy)
        }
        try packet.set(camera, "MotionPhoto", "1")
        try packet.set(camera, "MotionPhotoVersion", "1")
        try packet.set(camera, "MotionPhotoPresentationTimestampUs", String(presentationTimestampUs))
        try writeDirectory(
            [
                ContainerItem(mime: primaryMime, semantic: "Primary", length: 0, padding: primaryPadding),
                ContainerItem(mime: "video/mp4", semantic: ContainerItem.motionPhotoSemantic, length: videoLength, padding: 0),
            ], into: packet)
    }

    /// Replaces `packet`'s `Container:Directory` with `items`, in order (each item's fields that
    /// are set).
    static func writeDirectory(_ items: [ContainerItem], into packet: XMPPacket) throws {
        packet.remove(.container, "Directory")
        try packet.setOrderedArray(.container, "Directory")
        for (index, entry) in items.enumerated() {
            let item = "Directory[\(index + 1)]/Container:Item/Item:"
            if let mime = entry.mime { try packet.set(.container, item + "Mime", mime) }
            if let semantic = entry.semantic { try packet.set(.container, item + "Semantic", semantic) }
            if let length = entry.length { try packet.set(.container, item + "Length", String(length)) }
            if let padding = entry.padding { try packet.set(.container, item + "Padding", String(padding)) }
        }
    }

    /// Removes every Motion Photo property from `packet` (Motion Photo v1, the legacy MicroVideo
    /// ones, and the container directory, whose items no longer follow the image), for a still
    /// whose video has been taken out. A gain map listed in the directory goes with it, so its
    /// `hdrgm:Version` goes too.
    public static func remove(from packet: XMPPacket) {
        let camera = XMPNamespace.googleCamera
        for name in [
            "MotionPhoto", "MotionPhotoVersion", "MotionPhotoPresentationTimestampUs", "MicroVideo", "MicroVideoVersion", "MicroVideoOffset",
            "MicroVideoPresentationTimestampUs",
        ] {
            packet.remove(camera, name)
        }
        if packet.has(.container, "Directory") {
            if MotionPhotoMetadata(packet).hasGainMap { packet.remove(.hdrGainMap, "Version") }
            packet.remove(.container, "Directory")
        }
    }
}
