import FuzzSupport

@testable import GlintServer

/// `ByteRange`, as the share and download routes resolve a `Range` header against a file's size:
/// a partial range lies inside the file, first offset before last.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzByteRange(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzedBytes(start, count)
    let size = Int64(input.integer(in: 0...Int(Int64.max)))
    let header = input.bool() ? nil : input.restAsText()
    switch ByteRange(header: header, size: size) {
    case .whole, .unsatisfiable:
        break
    case .partial(let range):
        precondition(range.lowerBound >= 0 && range.upperBound < size, "\(range) lies outside a file of \(size) bytes")
    }
    return 0
}
