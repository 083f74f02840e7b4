extension JPEGPatchCompositor {
    /// What the splice came to.
    enum SpliceOutcome {
        /// The file was spliced.
        case spliced(JPEGPatchResult)
        /// The splice does not apply; when it found out after running the edit, the region as
        /// edited (the coefficient path then uses it instead of running the edit again).
        case notApplicable(edited: RGBImage?)
    }

    /// The bitstream splice.
    /// - Parameter required: Whether the caller asked for the splice: then a file it cannot handle
    ///   is an `.unsupported` error.
    static func compositeBySplicing(
        _ parsed: JPEGFile, x: Int, y: Int, width: Int, height: Int, required: Bool,
        edit: (inout RGBImage, Int, Int) throws -> Void
    ) throws -> SpliceOutcome {
        func refuse(_ refusal: JPEGSpliceRefusal, edited: RGBImage? = nil) throws -> SpliceOutcome {
            if required { throw MediaError(.unsupported, "the bitstream splice cannot patch this JPEG: \(refusal.reason)") }
            return .notApplicable(edited: edited)
        }
        var splicer: JPEGBitstreamSplicer
        switch JPEGBitstreamSplicer.make(parsed) {
        case .success(let made): splicer = made
        case .failure(let refusal): return try refuse(refusal)
        }
        try splicer.layout.validateForPatching()
        try checkRegion(x: x, y: y, width: width, height: height, in: splicer.layout)
        let bounds = splicer.layout.iMCUBounds(x: x, y: y, width: width, height: height)
        let blocks: [[Int16]]
        do { blocks = try splicer.decodeRegion(bounds) } catch { return try refuse(error) }
        var region = JPEGBlockRegion(layout: splicer.layout, bounds: bounds) { c, _ in blocks[c] }
        let edited = try editRegion(&region, edit: edit)
        let spliced: (bytes: [UInt8], imageEnd: Int)
        do { spliced = try splicer.write(region: region, changed: edited.changed) } catch {
            return try refuse(error, edited: edited.image)
        }
        let bytes = JPEGPatchAssembly.splicedFile(parsed, spliced: spliced.bytes, newImageEnd: spliced.imageEnd)
        return .spliced(
            JPEGPatchResult(
                bytes: bytes, method: .bitstreamSplice, blockBounds: tuple(bounds),
                changedBlockCount: edited.count))
    }
}
