// A benchmark stand-in for `glint badge IMAGE.jpg --artwork BADGE.png` until that command lands:
// composites a PNG onto a JPEG through JPEGPatchCompositor and writes the result atomically.
// Not a user-facing tool (it is not part of the glint CLI).
//
//   JPEGPatchBench IMAGE.jpg BADGE.png X Y OUT.jpg [splice|coefficients]
//   JPEGPatchBench --start-only
import Foundation
import GlintMedia

let arguments = CommandLine.arguments
if arguments.count == 2 && arguments[1] == "--start-only" {
    exit(0)  // what starting the process costs: loading GlintMedia's libraries (FFmpeg, libheif...)
}
guard arguments.count == 6 || arguments.count == 7, let x = Int(arguments[3]), let y = Int(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: JPEGPatchBench IMAGE.jpg BADGE.png X Y OUT.jpg [splice|coefficients]\n".utf8))
    exit(2)
}
do {
    let method = arguments.count == 7 ? JPEGPatchMethod(rawValue: arguments[6]) : nil
    let jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: arguments[1])))
    let badge = try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: arguments[2]))), file: arguments[2])
    let result = try JPEGPatchCompositor.composite(jpeg, file: arguments[1], overlay: badge, x: x, y: y, method: method)
    try AtomicFileWriter.write(result.bytes, to: arguments[5])
    if ProcessInfo.processInfo.environment["JPEGPATCH_VERBOSE"] != nil {
        print("\(result.method.rawValue) \(result.blockBounds) \(result.changedBlockCount) blocks")
    }
} catch {
    FileHandle.standardError.write(Data("JPEGPatchBench: \(error)\n".utf8))
    exit(1)
}
