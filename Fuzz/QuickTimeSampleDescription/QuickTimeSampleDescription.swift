import Foundation
import FuzzSupport

@testable import GlintMedia

/// A track's sample descriptions: the input is the payload of an `stsd` box. Its entries are
/// split as `MovieTrack` splits them (`SampleDescription.entries`) and each is read every way
/// Glint reads one: as a video entry (`avc1`/`hvc1`: size, extension boxes, clean aperture,
/// `colr` colour tags, the `avcC`/`hvcC` records), as a sound entry (versions 0, 1, 2), as an
/// LPCM layout (`LPCMFormat`, its name and frame size) and as a `mebx` entry's keys. The
/// `stsd` Glint writes back from the entries must split into the same entries.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuickTimeSampleDescription(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let stsd = Box("stsd", payload: Array(UnsafeRawBufferPointer(start: start, count: count)))
    let entries: [SampleDescription]
    do {
        entries = try SampleDescription.entries(of: stsd)
    } catch {
        FuzzUse.note(error)
        return 0
    }
    precondition((try? SampleDescription.entries(of: SampleDescription.makeBox(entries))) == entries, "an stsd written again splits the same")
    for entry in entries {
        readVisual(entry)
        readSound(entry)
        if let keys = try? MetadataSampleEntry(entry) {
            FuzzUse.use(keys.keys)
            FuzzUse.keep(keys.keys.values.contains(StillImageTimeTrack.key))
        }
    }
    return 0
}

/// A video sample entry, as the decoders, the inspector and the exporters read it.
private func readVisual(_ entry: SampleDescription) {
    guard let visual = try? VisualSampleEntry(entry) else { return }
    FuzzUse.use(visual)
    if let aperture = visual.cleanAperture {
        precondition(aperture.width > 0 && aperture.width <= Double(visual.width), "a clean aperture lies within the coded width")
        precondition(aperture.height > 0 && aperture.height <= Double(visual.height), "a clean aperture lies within the coded height")
    }
    let unspecified = VideoColourInfo(range: .unspecified, primaries: .unspecified, transfer: .unspecified, matrix: .unspecified)
    FuzzUse.use(unspecified.fillingUnspecified(from: visual))
    for box in visual.extensions {
        if let colour = ColourInformationBox(box) {
            FuzzUse.use(colour.colourInfo)
            precondition(ColourInformationBox(colour.box) == colour, "a colr box written again reads the same")
        }
        if box.type == "avcC", let record = try? AVCDecoderConfigurationRecord(parsing: box.payload) {
            FuzzUse.use(record)
            FuzzUse.keep(record.serialized)
        }
        if box.type == "hvcC", let record = try? HEVCDecoderConfigurationRecord(parsing: box.payload) {
            FuzzUse.use(record)
            FuzzUse.keep(record.serialized)
        }
    }
    let rebuilt = VisualSampleEntry.make(
        format: entry.format, width: visual.width, height: visual.height, compressorName: "fuzz", extensions: visual.extensions)
    precondition((try? VisualSampleEntry(rebuilt))?.extensions == visual.extensions, "a video entry written again keeps its extensions")
}

/// A sound sample entry and its LPCM layout, as the inspector and the audio editor read them.
private func readSound(_ entry: SampleDescription) {
    guard let sound = try? SoundSampleEntry(entry) else { return }
    FuzzUse.use(sound)
    precondition(sound.sampleRate.isFinite && sound.sampleRate >= 0 && sound.channels >= 0, "a sound entry's rate and channels are possible")
    guard let format = try? LPCMFormat(entry) else { return }
    FuzzUse.use(format)
    precondition(format.channels > 0 && format.bytesPerFrame > 0, "an LPCM layout has whole frames")
    FuzzUse.keep(format.name)
}
