import Foundation
import GlintMedia

/// The file name extension a job input is staged with, recognised from its first bytes: the Glint
/// libraries name their outputs after their inputs and pick formats from them.
public enum MediaInputNaming {
    /// The usual extension of the file's format; `cube` for an input named `lut`; nil when unknown.
    @Sendable public static func fileExtension(of file: URL, name: String) -> String? {
        let head: [UInt8]
        if let handle = try? FileHandle(forReadingFrom: file) {
            head = [UInt8]((try? handle.read(upToCount: 16)) ?? Data())
            try? handle.close()
        } else {
            head = []
        }
        if let ext = fileExtension(sniffing: head) { return ext }
        if name == "lut" { return "cube" }
        return nil
    }

    /// The extension of the format whose file starts with `head`, if Glint reads it.
    static func fileExtension(sniffing head: [UInt8]) -> String? {
        if let still = StillFormat(sniffing: head) { return still.fileExtension }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if head.starts(with: Array("GIF8".utf8)) { return "gif" }
        if head.count >= 12, head[0..<4].elementsEqual("RIFF".utf8), head[8..<12].elementsEqual("WEBP".utf8) { return "webp" }
        if head.count >= 12, head[4..<8].elementsEqual("ftyp".utf8) {
            return head[8..<12].elementsEqual("qt  ".utf8) ? "mov" : "mp4"
        }
        if head.count >= 8, ["moov", "mdat", "wide", "free", "skip"].contains(String(decoding: head[4..<8], as: UTF8.self)) {
            return "mov"
        }
        return nil
    }
}
