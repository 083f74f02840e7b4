public import GlintLivePhoto
import GlintMedia

extension LivePhotoExport {
    /// What a library run (`glint export` of folders) does to each item: the item exported into
    /// `folder` as this export asks (a plain photo as a still, with no badge: it is no Live Photo).
    public var libraryConverter: LibraryRun.Converter {
        LibraryRun.Converter(
            names: { [format, options] item in LibraryConversion.exportNames(item, format: format, options: options) },
            convert: { item, folder in try self.convert(item, into: folder) }, removesLocation: options.stripLocation)
    }

    /// Exports `item` into `folder`.
    func convert(_ item: LibraryItem, into folder: String) throws -> LibraryRun.Converted {
        var export = self
        export.options.outputDirectory = folder
        let item = try LibraryConversion.joined(item, in: folder)
        export.inputs = item.inputs
        let results: [ExportResult]
        switch item.content {
        case .photo(let path):
            // A photo copied as it is gets its sidecar's facts as it is copied (one read, one write).
            export.options.captureFacts = item.sidecar?.facts
            results = [try Exporter.export(photoPath: path, options: export.options)]
        case .livePhoto(let pair):
            results = try export.run([.livePhoto(pair)]).exports
        case .motionPhoto(let path, let photo):
            results = try export.run([.motionPhoto(path: path, read: photo)]).exports
        case .splitMotionPhoto(let still, _, _):
            throw MediaError(.unsupported, file: still, "a split Motion Photo is put back together before it is exported")
        }
        let files = results.flatMap(\.files)
        let filled = Dictionary(files.compactMap { file in file.captureFacts.map { (file.path, $0) } }, uniquingKeysWith: { a, _ in a })
        return LibraryRun.Converted(files: files.map(\.path), notes: results.flatMap(\.notes), filled: filled)
    }
}
