import FuzzSupport
import GlintProbe

/// The submission probe (`MediaProbe`), as `glint serve` runs it on every uploaded input before
/// a job is accepted: the input is a file, probed by path; what it returns is read whole and
/// held to its invariants (a probe that succeeds names a format and sizes that make sense).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSubmissionProbe(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let path = FuzzFile.shared().write(UnsafeRawBufferPointer(start: start, count: count))
    let head = Array(UnsafeRawBufferPointer(start: start, count: min(count, 32)))
    FuzzUse.keep(MediaProbe.format(ofHead: head))
    guard let probe = try? MediaProbe.probe(path: path) else { return 0 }
    FuzzUse.use(probe)
    precondition(probe.width.map { $0 > 0 } ?? true, "a probed width is positive")
    precondition(probe.height.map { $0 > 0 } ?? true, "a probed height is positive")
    if let duration = probe.duration {
        precondition(duration.isFinite && duration >= 0, "a probed duration is finite and not negative: \(duration)")
    }
    FuzzUse.keep(probe.isMotionPhoto)
    return 0
}
