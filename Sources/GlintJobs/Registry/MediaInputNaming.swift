import Foundation
import GlintMedia

/// The file name extension a job input is staged with, recognised from its first bytes: the Glint
/// libraries name their outputs after their inputs and pick formats from them.
public enum MediaInputNaming {
    /// The usual extension of the file's format; `cube` for an input named `lut`; nil when unknown.
    @Sendable public static func fileExtension(of file: URL, name: String) -> String? {
        let head: [UInt8]
        if let handle = try? FileHandle(forReadingFrom: file) {
            head = [UInt8]((try? handle.read(upToCount: MediaFileType.headLength)) ?? Data())
            try? handle.close()
        } else {
            head = []
        }
        if let ext = fileExtension(sniffing: head) { return ext }
        if name == "lut" { return "cube" }
        return nil
    }

    /// The extension of the format whose file starts with `head`, if Glint reads it
    /// (``MediaFileType``).
    static func fileExtension(sniffing head: [UInt8]) -> String? {
        switch MediaFileType(sniffing: head) {
        case let type? where type != .zip && type != .json: type.fileExtension
        default: nil
        }
    }
}
