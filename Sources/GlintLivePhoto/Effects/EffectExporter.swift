import Foundation
import GlintMedia

/// The export of a Live Photo effect (``ExportOptions/effect``) or of its motion as a GIF or
/// WebP: ``EffectRenderer`` writing `<still base>[-effect].<ext>` into the export's folder.
enum EffectExporter {
    /// What writes an export: the options' effect, if any, or else the format's own
    /// ``ExportFormat/writer`` (an effect itself for GIF and WebP).
    static func writer(for format: ExportFormat, options: ExportOptions) -> ExportFormat.Writer {
        options.effect.map { .effect($0) } ?? format.writer
    }

    /// The effect an export writes, if it writes one: the options' effect, or Live for GIF and WebP.
    static func effect(for format: ExportFormat, options: ExportOptions) -> Effect? {
        switch writer(for: format, options: options) {
        case .effect(let effect): effect
        case .exporter: nil
        }
    }

    /// Refuses an effect with a format it cannot be written as, before any work.
    static func validate(format: ExportFormat, options: ExportOptions) throws {
        guard let effect = effect(for: format, options: options) else { return }
        guard let target = format.effectFormat(for: effect), effect.formats.contains(target) else {
            throw MediaError(.invalidArgument, "the \(effect.rawValue) effect is exported as \(allowedFormats(for: effect)), not \(format.rawValue)")
        }
        try options.effectOptions.validate()
    }

    /// The export formats `effect` can be written as, in words: `mp4, gif or webp`.
    static func allowedFormats(for effect: Effect) -> String {
        let names = ExportFormat.allCases.filter { format in
            format.effectFormat(for: effect).map(effect.formats.contains) ?? false
        }.map(\.rawValue)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// Renders the effect into the job's folder and records the file.
    static func export(
        _ job: ExportJob, effect: Effect, format: ExportFormat,
        progress: (Double, String) -> Void
    ) throws -> EffectResult {
        guard let target = format.effectFormat(for: effect) else {
            throw MediaError(.invalidArgument, "the \(effect.rawValue) effect cannot be exported as \(format.rawValue)")
        }
        let output = try job.outputPath(named: ExportNames.effectFile(stillPath: job.stillPath, effect: effect, format: target))
        var options = job.options.effectOptions
        options.encoding = job.options.encoding
        options.jpegQuality = job.options.jpegQuality
        options.stripLocation = job.options.stripLocation
        options.logger = job.options.logger
        let result = try EffectRenderer.render(
            still: job.stillPath, movie: job.moviePath, recipe: job.options.recipe ?? EditRecipe(),
            effect: effect, format: target, destination: output, options: options,
            progress: progress)
        let kind: ExportedFileKind
        switch target {
        case .mp4: kind = .mp4
        case .gif: kind = .gif
        case .webp: kind = .webp
        case .jpeg: kind = .still
        }
        try job.record(output, kind: kind)
        job.notes += result.notes
        return result
    }
}
