import Foundation
import FuzzMedia
import FuzzSupport

@testable import GlintLivePhoto
@testable import GlintMedia

/// A QuickTime movie, opened as Glint opens every `.mov` (`QuickTimeMovie(path:)`: the top-level
/// boxes, `moov`, `mvhd`, each `trak` with its `tkhd`, `mdhd`, `hdlr`, edit list, sample table
/// and sample descriptions, and `moov/meta`), then used as the inspector, the exporters and the
/// editors use it: every track's fields, display matrix, edit list, chunks and samples (each read
/// from the file), its sample entries (video with `colr`/`clap`, sound, LPCM layout, `mebx`
/// keys), the still-image time and content identifier, `MediaInspector.describe`, and
/// `MovieLocationRemover.write`, whose output must open again without a location.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuickTimeMovie(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let path = FuzzFile.shared(suffix: ".mov").write(UnsafeRawBufferPointer(start: start, count: count))
    let movie: QuickTimeMovie
    do {
        movie = try QuickTimeMovie(path: path)
    } catch {
        FuzzUse.note(error)
        return 0
    }
    checkTopLevelBoxes(movie)
    FuzzUse.use(movie.header)
    FuzzUse.keep((movie.duration, movie.majorBrand, movie.contentIdentifier, movie.stillImageTime))
    FuzzUse.keep((movie.videoTrack?.trackID, movie.audioTrack?.trackID, movie.stillImageTimeTrack?.trackID))
    for track in movie.tracks { walk(track, of: movie) }
    FuzzUse.use(movie.metadata.items.map { ($0.key, $0.stringValue) })
    FuzzUse.keep(try? MediaInspector.describe(movie))
    removeLocation(from: movie)
    return 0
}

/// The top-level boxes tile the file, as `TopLevelBox.scan` promises.
private func checkTopLevelBoxes(_ movie: QuickTimeMovie) {
    var end: Int64 = 0
    for box in movie.topLevelBoxes {
        precondition(box.offset == end && box.size >= Int64(box.headerSize), "top-level box \(box.type) at \(box.offset) does not follow the last")
        end += box.size
    }
    precondition(end == movie.file.size, "top-level boxes end at \(end) in a file of \(movie.file.size) bytes")
}

/// Reads every field of `track` and walks its chunks and samples.
private func walk(_ track: MovieTrack, of movie: QuickTimeMovie) {
    FuzzUse.use((track.trackID, track.handlerType, track.trackWidth, track.trackHeight, track.references))
    FuzzUse.use((track.matrix, track.matrix.orientation, track.mediaTimescale, track.mediaDuration, track.editList))
    FuzzUse.keep(track.presentationSeconds(ofMediaTime: 0, movieTimescale: movie.header.timescale))
    FuzzUse.keep(track.presentationSeconds(ofMediaTime: Int64(clamping: track.mediaDuration), movieTimescale: movie.header.timescale))
    for description in track.sampleDescriptions { walk(description) }
    FuzzUse.keep((track.carriesMetadataKey(StillImageTimeTrack.key), MovieLocationRemover.carriesLocation(track)))
    guard let ranges = try? track.chunkRanges(), let chunks = try? track.sampleTable.chunks() else { return }
    precondition(ranges.count == chunks.count, "track \(track.trackID): \(ranges.count) chunk ranges for \(chunks.count) chunks")
    for range in ranges {
        precondition(range.length >= 0 && range.offset <= UInt64(movie.file.size), "track \(track.trackID) has a chunk outside the file")
        precondition(Int64(range.offset) + range.length <= movie.file.size, "track \(track.trackID) has a chunk past the end of the file")
    }
    walkSamples(of: track, chunks: chunks, in: movie)
    if SoundSampleEntry.isLPCM(track.format ?? "    "), let reader = try? LPCMTrackReader(movie: movie, track: track) {
        FuzzUse.keep(try? reader.frameCount())
        var bytes = 0
        try? reader.forEachBlock(maxFrames: 4096) { bytes += $0.count }
        precondition(bytes % reader.format.bytesPerFrame == 0, "LPCM blocks of \(bytes) bytes are not whole frames")
    }
}

/// Each sample's place (as `QuickTimeMovie.sampleData` finds it), its times and sync flag; the
/// first and last samples of each chunk are read from the file.
private func walkSamples(of track: MovieTrack, chunks: [SampleTable.Chunk], in movie: QuickTimeMovie) {
    let table = track.sampleTable
    let decodeTimes = table.decodeTimes()
    let presentationTimes = table.presentationTimes()
    precondition(decodeTimes.count == table.sampleCount && presentationTimes.count == table.sampleCount, "a time for every sample")
    let sync = table.syncSamples.map { Set($0.map { Int($0) - 1 }) }
    let positions = samplePositions(table, chunks: chunks)
    for index in 0..<table.sampleCount {
        FuzzUse.keep((positions[index], decodeTimes[index], presentationTimes[index], sync?.contains(index) ?? true))
    }
    for chunk in chunks {
        for index in Set([chunk.firstSample, chunk.firstSample + chunk.sampleCount - 1]) where index >= chunk.firstSample {
            if let bytes = try? movie.sampleData(track, index: index) {
                precondition(bytes.count == Int(table.size(ofSample: index)), "sample \(index) read whole")
            }
        }
    }
    FuzzUse.keep(table.mediaDuration)
}

/// Reads a sample entry the ways Glint does: as video, sound, LPCM layout and `mebx` keys.
private func walk(_ description: SampleDescription) {
    if let entry = try? VisualSampleEntry(description) {
        FuzzUse.use(entry)
        FuzzUse.keep(entry.cleanAperture)
        for colour in entry.extensions.compactMap(ColourInformationBox.init) {
            FuzzUse.use(colour.colourInfo)
            precondition(ColourInformationBox(colour.box) == colour, "a colr box written again reads the same")
        }
        let unspecified = VideoColourInfo(range: .unspecified, primaries: .unspecified, transfer: .unspecified, matrix: .unspecified)
        FuzzUse.keep(unspecified.fillingUnspecified(from: entry))
    }
    FuzzUse.keep(try? SoundSampleEntry(description))
    if let format = try? LPCMFormat(description) {
        FuzzUse.keep((format.name, format.bytesPerFrame))
    }
    FuzzUse.keep(try? MetadataSampleEntry(description))
}

/// Writes the movie without its location (the share and export path); the copy must open again,
/// keep every track that carried no location, and carry no location.
private func removeLocation(from movie: QuickTimeMovie) {
    FuzzUse.keep(MovieLocationRemover.hasLocation(movie))
    let copy = FuzzFile.shared(suffix: ".stripped.mov").path
    do {
        try MovieLocationRemover.write(movie, to: copy)
    } catch {
        FuzzUse.note(error)
        return
    }
    do {
        let stripped = try QuickTimeMovie(path: copy)
        let kept = movie.tracks.filter { !MovieLocationRemover.carriesLocation($0) }
        precondition(stripped.tracks.count == kept.count, "the copy has \(stripped.tracks.count) tracks, not \(kept.count)")
        precondition(!MovieLocationRemover.hasLocation(stripped), "the copy without location still has one")
        precondition(stripped.contentIdentifier == movie.contentIdentifier, "the copy keeps the content identifier")
    } catch {
        preconditionFailure("the movie written without location does not open: \(error)")
    }
}
