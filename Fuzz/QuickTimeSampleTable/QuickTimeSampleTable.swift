import Foundation
import FuzzMedia
import FuzzSupport

@testable import GlintMedia

/// A track's sample table: the input is the payload of an `stbl` box (`stsd`, `stts`, `ctts`,
/// `stsc`, `stsz`, `stco`/`co64`, `stss`...), its last byte choosing the track's handler (video,
/// sound, timed metadata). The table is parsed as `MovieTrack` parses it, inside a track of
/// Glint's own making, and walked as the exporters, the trimmer and the retiming code walk it:
/// every chunk, every sample's place, size, decode and presentation time and sync flag, the
/// chunk ranges (with QuickTime's sound frames), the samples a cut keeps; the tables Glint writes
/// back (`TrackTiming.setSingleChunkSamples`, `StillImageTimeTrack.retime`) must parse again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuickTimeSampleTable(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzedBytes(start, count)
    let handler: FourCC = ["vide", "soun", "meta"][input.choice(3)]
    guard let stbl = try? Box("stbl", children: BoxParser.parseBoxes(input.rest()[...], context: "stbl", parentType: "mdia")) else { return 0 }
    let trak = SampleTableTrack.make(handler: handler, stbl: stbl)
    let track: MovieTrack
    do {
        track = try MovieTrack(trak)
    } catch {
        FuzzUse.note(error)
        return 0
    }
    let table = track.sampleTable
    FuzzUse.use(table)
    // `QuickTimeMovie` refuses a track whose chunks are not inside the file: here, a file of
    // `fileSize` bytes.
    guard let ranges = try? track.chunkRanges(),
        ranges.allSatisfy({ $0.offset <= UInt64(fileSize) && Int64($0.offset) + $0.length <= fileSize })
    else { return 0 }
    guard let chunks = try? table.chunks() else { preconditionFailure("chunk ranges but no chunks") }
    precondition(ranges.count == chunks.count, "\(ranges.count) chunk ranges for \(chunks.count) chunks")
    for (range, chunk) in zip(ranges, chunks) {
        precondition(range.offset == chunk.offset && range.length >= 0, "a chunk range starts at its chunk")
    }
    let positions = samplePositions(table, chunks: chunks)
    let times = walkTimes(table)
    FuzzUse.keep((positions.count, times.count))
    keptSamples(table, low: Int64(input.integer(in: -1000...100_000)), high: Int64(input.integer(in: 0...1_000_000)))
    rewrite(track, times: times)
    return 0
}

/// The size of the movie file the fuzzed table lies in (a movie of the size the fuzzer makes).
private let fileSize: Int64 = 1 << 20

/// Decode and presentation times and sync flags of every sample (as `MovieToMP4.copySamples`).
private func walkTimes(_ table: SampleTable) -> [Int64] {
    let decodeTimes = table.decodeTimes()
    let presentationTimes = table.presentationTimes()
    precondition(decodeTimes.count == table.sampleCount, "\(decodeTimes.count) decode times for \(table.sampleCount) samples")
    precondition(presentationTimes.count == table.sampleCount, "\(presentationTimes.count) presentation times for \(table.sampleCount) samples")
    for (earlier, later) in zip(decodeTimes, decodeTimes.dropFirst()) {
        precondition(earlier <= later, "decode times go back: \(earlier) then \(later)")
    }
    let sync = table.syncSamples.map { Set($0.map { Int($0) - 1 }) }
    for index in 0..<table.sampleCount { FuzzUse.keep((presentationTimes[index], sync?.contains(index) ?? true)) }
    FuzzUse.keep(table.mediaDuration)
    return decodeTimes
}

/// The samples shown between media times `low` and `high`, as `TimedSampleTrackTrimmer` picks them.
private func keptSamples(_ table: SampleTable, low: Int64, high: Int64) {
    let times = table.decodeTimes()
    var kept = 0
    for (index, time) in times.enumerated() {
        let next = index + 1 < times.count ? times[index + 1] : Int64(table.mediaDuration)
        if min(next, high) > max(time, low, 0) { kept += 1 }
    }
    FuzzUse.keep(kept)
}

/// The tables Glint writes for a cut track and a moved still time parse back.
private func rewrite(_ track: MovieTrack, times: [Int64]) {
    let table = track.sampleTable
    var trak = track.box
    let durations = zip(times, times.dropFirst().map { $0 } + [table.mediaDuration]).map { $1 - $0 }
    TrackTiming.setSingleChunkSamples(
        &trak, durations: SampleTable.runs(of: durations), uniformSize: table.uniformSampleSize == 0 ? nil : table.uniformSampleSize,
        sizes: table.sampleSizes, count: table.sampleCount, chunkOffset: 0,
        descriptionIndex: table.sampleToChunk.first?.sampleDescriptionIndex ?? 1)
    do {
        let cut = try MovieTrack(trak)
        precondition(cut.sampleTable.sampleCount == table.sampleCount, "a cut table keeps its \(table.sampleCount) samples")
        let chunks = try cut.sampleTable.chunks()
        precondition(chunks.count == 1, "a cut table has one chunk")
    } catch {
        preconditionFailure("a sample table Glint wrote does not parse: \(error)")
    }
    var moved = track.box
    if (try? StillImageTimeTrack.retime(&moved, track: track, stillTime: 600)) != nil {
        precondition((try? MovieTrack(moved))?.editList?.entries.count == 2, "a moved still time is two edits")
    }
}
