extension HEIFMetadataEditor {
    /// Where the Motion Photo's boxes (`mpvd`, `sefd`) lie, from the first's start to the last's
    /// end; nil without them.
    public var motionPhotoRegion: Range<Int>? {
        guard let first = motionPhotoBoxes.first, let last = motionPhotoBoxes.last else { return nil }
        return first.range.lowerBound..<last.range.upperBound
    }

    /// The file with the edits applied and the Motion Photo's boxes (its `mpvd` video and
    /// Samsung's `sefd` trailer) put back at its end byte for byte, in their order. That is what
    /// giving a HEIC Motion Photo new metadata writes: the video is a whole MP4 of its own, and the
    /// Samsung trailer's block offsets count back from its own end, so neither changes when what
    /// comes before them moves. The one absolute offset, a Samsung `mpv2` record's (at
    /// `videoRecord`, counted from ``motionPhotoRegion``'s start), is set to the MP4's new place.
    /// Without those boxes, ``serialized()``.
    /// - Throws: ``MediaError`` `.unsupported` when the boxes are not side by side (moving them
    ///   together would change the distances the trailer counts), an item's data lies in them, or
    ///   the box they would follow declares no size (it runs to the end of the file);
    ///   `.tooLarge` when the MP4 would start past 4 GiB; and what ``serialized()`` throws.
    public func serializedKeepingMotionPhoto(videoRecord: Int? = nil) throws -> [UInt8] {
        guard let region = motionPhotoRegion else { return try serialized() }
        guard motionPhotoBoxes.reduce(0, { $0 + $1.range.count }) == region.count else {
            throw MediaError(.unsupported, "the HEIF file's Motion Photo boxes (mpvd, sefd) are not side by side")
        }
        // A box that declares no size runs to the end of the file: the boxes put after it would be its.
        guard !boxes.contains(where: { $0.range.upperBound == bytes.count && bytes[$0.range.prefix(4)].allSatisfy { $0 == 0 } }) else {
            throw MediaError(.unsupported, "a box of the HEIF file runs to its end, so the Motion Photo's boxes cannot follow it")
        }
        let intoMotionPhoto = locations.locations.contains { location in
            location.constructionMethod == 0
                && location.extents.contains { Int(clamping: $0.offset) < region.upperBound && Self.end(of: $0) > region.lowerBound }
        }
        guard !intoMotionPhoto else {
            throw MediaError(.unsupported, "an item of the HEIF file has its data inside the Motion Photo's mpvd or sefd box")
        }
        var output = try serialized()
        let start = output.count
        output += bytes[region]
        if let videoRecord, let video = motionPhotoBoxes.first(where: { $0.type == "mpvd" }) {
            try Self.pointRecord(at: start + videoRecord, in: &output, to: start + video.range.lowerBound - region.lowerBound + video.header)
        }
        return output
    }

    /// Sets the offset of the `mpv2` record at `position` in `output` to `videoStart` (left alone
    /// when no such record is there).
    private static func pointRecord(at position: Int, in output: inout [UInt8], to videoStart: Int) throws {
        guard position >= 0, position + 12 <= output.count, output[position..<(position + 4)].elementsEqual(SamsungTrailer.videoRecordTag.utf8) else {
            return
        }
        guard let offset = UInt32(exactly: videoStart) else {
            throw MediaError(.tooLarge, "a Samsung mpv2 record holds 32-bit offsets: the Motion Photo is over 4 GiB")
        }
        for (index, shift) in [24, 16, 8, 0].enumerated() { output[position + 4 + index] = UInt8(truncatingIfNeeded: offset >> UInt32(shift)) }
    }
}
