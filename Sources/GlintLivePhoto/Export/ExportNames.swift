import Foundation
import GlintMedia

/// The names of the files an export writes, in one place: each exporter names its output here,
/// and a library run (``LibraryPlan``) asks the same functions before any work, to refuse two
/// items that would write the same file and to skip items whose outputs are already there.
public enum ExportNames {
    /// The files an export of `stillPath` + `moviePath` as `format` writes, in the order the
    /// exporter records them.
    public static func files(stillPath: String, moviePath: String, format: ExportFormat, options: ExportOptions) -> [String] {
        if let effect = EffectExporter.effect(for: format, options: options), let target = format.effectFormat(for: effect) {
            return [effectFile(stillPath: stillPath, effect: effect, format: target)]
        }
        switch format {
        case .pair: return [fileName(stillPath), fileName(moviePath)]
        case .still: return [fileName(stillPath)]
        case .motionPhoto: return [motionPhoto(stillPath: stillPath, container: options.motionPhotoContainer)]
        case .mp4: return [mp4(moviePath: moviePath)]
        case .gif, .webp: return []  // Always an effect (Live), named above.
        }
    }

    /// The file name of `path`: a pair's halves and a still keep their names.
    public static func fileName(_ path: String) -> String {
        (path as NSString).lastPathComponent
    }

    /// `<still base>.MP.jpg` or `<still base>.MP.heic`.
    static func motionPhoto(stillPath: String, container: MotionContainer) -> String {
        ExportJob.baseName(stillPath) + ".MP." + container.format.fileExtension
    }

    /// `<movie base>.mp4`.
    static func mp4(moviePath: String) -> String {
        ExportJob.baseName(moviePath) + ".mp4"
    }

    /// `<still base>[-effect].<ext>`: `IMG_1-loop.gif`, `IMG_1.webp` (Live), `IMG_1-long-exposure.jpg`.
    static func effectFile(stillPath: String, effect: Effect, format: EffectFormat) -> String {
        let suffix: String
        switch effect {
        case .live: suffix = ""
        case .loop: suffix = "-loop"
        case .bounce: suffix = "-bounce"
        case .longExposure: suffix = "-long-exposure"
        }
        return ExportJob.baseName(stillPath) + suffix + "." + format.fileExtensions[0]
    }
}
