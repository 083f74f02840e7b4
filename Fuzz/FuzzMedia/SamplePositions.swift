import FuzzSupport
import GlintMedia

/// Each sample's file offset, walking `chunks` once as the exporters do (`MovieToMP4`,
/// `TimedSampleTrackTrimmer.copy`, `QuickTimeMovie.sampleData`); checks that the chunks hold
/// every sample of `table` once, in order.
public func samplePositions(_ table: SampleTable, chunks: [SampleTable.Chunk]) -> [Int64] {
    var positions = [Int64](repeating: 0, count: table.sampleCount)
    var expected = 0
    for chunk in chunks {
        precondition(chunk.firstSample == expected && chunk.sampleCount >= 0, "chunks hold consecutive samples")
        expected += chunk.sampleCount
        var position = Int64(chunk.offset)
        for index in chunk.firstSample..<(chunk.firstSample + chunk.sampleCount) {
            positions[index] = position
            position += Int64(table.size(ofSample: index))
        }
    }
    precondition(expected == table.sampleCount, "chunks hold \(expected) of \(table.sampleCount) samples")
    return positions
}
