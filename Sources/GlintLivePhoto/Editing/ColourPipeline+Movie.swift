import GlintMedia

extension ColourPipeline {
    /// What the colour part of an edit does to a movie.
    public struct MovieColour: Sendable {
        /// The change to every frame, `nil` when frames keep their colours.
        public var stage: ColourStage?
        /// The colour tags to encode with: the source's, with the output space's primaries when
        /// the recipe names one.
        public var colourInfo: VideoColourInfo
        /// The `colr` boxes for the new sample entry (the source's, rewritten when the recipe names
        /// an output space).
        public var colourBoxes: [Box]
    }

    /// The colour plan for a movie whose stream carries `stream` tags and whose sample entry is
    /// `entry`. The stream's tags come first; where they are unspecified, the entry's `colr`
    /// box fills them in.
    /// - Throws: ``MediaError`` `.unsupported` for HDR movies when the recipe changes colour.
    public func movieColour(stream: VideoColourInfo, entry: VisualSampleEntry) throws -> MovieColour {
        let sourceBoxes = entry.extensions.filter { $0.type == "colr" }
        guard !isIdentity else { return MovieColour(stage: nil, colourInfo: stream, colourBoxes: sourceBoxes) }
        let tags = stream.fillingUnspecified(from: entry)
        let described = sourceBoxes.lazy.compactMap(ColourInformationBox.init).first
        let space = try ColourSpace(video: tags)
        let stage = try stage(for: space)
        // A named output space is tagged even when the pixels need no conversion.
        guard outputColorSpace != .source, let primaries = outputSpace(for: space).primaries?.videoPrimaries else {
            return MovieColour(stage: stage, colourInfo: stream, colourBoxes: sourceBoxes)
        }
        var info = stream
        info.primaries = primaries
        if info.transfer == .unspecified { info.transfer = tags.transfer == .unspecified ? .bt709 : tags.transfer }
        if info.matrix == .unspecified { info.matrix = tags.matrix == .unspecified ? .bt709 : tags.matrix }
        var box = described ?? ColourInformationBox(primaries: primaries, transfer: info.transfer, matrix: info.matrix)
        box.primaries = primaries
        box.transfer = info.transfer
        box.matrix = info.matrix
        return MovieColour(stage: stage, colourInfo: info, colourBoxes: [box.box])
    }
}
