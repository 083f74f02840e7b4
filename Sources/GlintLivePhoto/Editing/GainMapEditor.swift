import Foundation
import GlintMedia

/// Carries a still's HDR gain map through an edit (``StillEditor``), in the input's own form:
/// the picture's geometry applied to the map at the map's resolution, the map recomputed for a
/// colour edit (``GainMapRecompute``), the headroom metadata brought up to date, and the map
/// written back as the input had it (``GainMapJPEGWriter``, ``HEIFGainMapWriter``).
///
/// The map's work runs beside the picture's, on threads of its own (``StageThread``): reading
/// and turning the map while the picture is decoded, recomputing it while the picture is
/// encoded. The headroom the recomputed map needs goes into the EXIF as the map is attached.
struct GainMapEditor: Sendable {
    let found: HDRGainMapProbe.Found
    let form: HDRGainMapReport.Form

    /// What ``prepare(_:found:recipe:picture:limits:)`` made: the map with the edit's
    /// geometry applied and its editor, or the report of why there is none to carry (nil and
    /// nil for a still without a map).
    struct Prepared: Sendable {
        var editor: GainMapEditor?
        var map: GainMap?
        var report: HDREditReport?
        /// The recomputation for the edit's colour change, when it changes colour.
        var recompute: GainMapRecompute?
    }

    /// `still`'s map when there is one to carry, or the report of why it is not carried (both
    /// nil for a still without a map). Reads the file's headers only.
    static func find(_ still: any StillImage, recipe: EditRecipe, fromFrame: Bool) -> (HDRGainMapProbe.Found?, HDREditReport?) {
        guard still is JPEGStill || still is HEICStill, let file = try? RandomAccessFile(path: still.path),
            let found = HDRGainMapInspection.found(still, file: file)
        else { return (nil, nil) }
        let forms = found.report.forms
        if recipe.hdr == .drop { return (nil, HDREditReport(outcome: .dropped, forms: forms, note: "dropped as asked (SDR only)")) }
        if fromFrame { return (nil, HDREditReport(outcome: .lost, forms: forms, note: "the key photo is a movie frame, which has no gain map")) }
        if still is HEICStill, found.heifMapItem == nil, forms.contains(.iso21496) {
            return (nil, HDREditReport(outcome: .lost, forms: forms, note: "a HEIF's ISO 21496-1 tmap gain map is read, not yet written"))
        }
        guard found.report.primaryForm != nil, found.jpegMap != nil || found.heifMapItem != nil else {
            // Metadata that announces a map the file does not hold (or holds damaged): it goes.
            let problem = found.report.warnings.joined(separator: "; ")
            return (
                nil, HDREditReport(outcome: .lost, forms: forms, note: "the input's gain map is missing or damaged" + (problem.isEmpty ? "" : ": " + problem))
            )
        }
        return (found, nil)
    }

    /// Reads the map `found` in `still`, applies the edit's geometry to it, and prepares its
    /// recomputation for the colour change `stage` (when there is one).
    static func prepare(
        _ still: any StillImage, found: HDRGainMapProbe.Found, recipe: EditRecipe, picture: EditGeometry, stage: ColourStage?,
        adjustment: ColourAdjustment, limits: ImageLimits
    ) -> Prepared {
        do {
            let map = try GainMapReader.read(still, found: found, limits: limits)
            if stage != nil, case .logarithmic(let parameters) = map.encoding, parameters.baseRenditionIsHDR {
                let note = "a map whose base picture is the HDR rendition is not recomputed for a colour change"
                return Prepared(report: HDREditReport(outcome: .lost, forms: found.report.forms, note: note))
            }
            let editor = GainMapEditor(found: found, form: found.report.primaryForm ?? .apple)
            let recompute = try stage.map { try GainMapRecompute(sourceSpace: $0.source, outputSpace: $0.output, adjustment: adjustment) }
            return Prepared(editor: editor, map: try editor.turned(map, still: still, recipe: recipe, picture: picture), recompute: recompute)
        } catch {
            return Prepared(report: HDREditReport(outcome: .lost, forms: found.report.forms, note: "the gain map cannot be read: \(error)"))
        }
    }

    /// The geometry of the map: the picture's, at the map's resolution (the crop, turn and
    /// straighten are in normalised coordinates; the output size is the picture's scaled as the
    /// map is to the picture).
    static func geometry(for still: any StillImage, map: RGBImage, recipe: EditRecipe, picture: EditGeometry) -> EditGeometry {
        let orientation = still.orientation
        let scaleX = Double(map.width) / Double(still.width)
        let scaleY = Double(map.height) / Double(still.height)
        let (displayScaleX, displayScaleY) = orientation.swapsDimensions ? (scaleY, scaleX) : (scaleX, scaleY)
        // The output's display axes are the picture's after the recipe's rotation.
        let turned = (recipe.rotate ?? 0) % 180 != 0
        let (outScaleX, outScaleY) = turned ? (displayScaleY, displayScaleX) : (displayScaleX, displayScaleY)
        var mapRecipe = recipe
        mapRecipe.maxDimension = nil
        // A HEIC's map is even-sized: libheif codes an odd size as a padded grid, not one image.
        let step = still is HEICStill ? 2.0 : 1.0
        func side(_ value: Double) -> Int { max(Int(step), Int((value / step).rounded() * step)) }
        let size = (width: side(Double(picture.displayWidth) * outScaleX), height: side(Double(picture.displayHeight) * outScaleY))
        return EditGeometry(recipe: mapRecipe, width: map.width, height: map.height, orientation: orientation, displaySize: size)
    }

    /// `map` with the edit's geometry applied.
    func turned(_ map: GainMap, still: any StillImage, recipe: EditRecipe, picture: EditGeometry) throws -> GainMap {
        let mapGeometry = Self.geometry(for: still, map: map.image, recipe: recipe, picture: picture)
        let processor = FrameProcessor(geometry: mapGeometry, colour: nil)
        var pixels = map.image
        try pixels.crop(to: processor.sourceRect.clipped(toWidth: pixels.width, height: pixels.height))
        pixels = pixels.areaScaled(width: mapGeometry.scaledWidth, height: mapGeometry.scaledHeight)
        var edited = map
        edited.image = processor.process(pixels)
        return edited
    }

    /// The EXIF with Apple's MakerNote headroom values for `map`, when they change; nil otherwise.
    func headroomExif(_ exif: ExifMetadata?, for map: GainMap) -> ExifMetadata? {
        guard case .apple(let headroom) = map.encoding, found.report.headroomSource == .makerNote, var metadata = exif,
            var note = metadata.makerNote?.apple, abs(headroom - (found.report.headroom ?? 0)) > 1e-6
        else { return nil }
        note.hdrHeadroomValues = AppleHDRHeadroom.makerNoteValues(headroom: headroom)
        metadata.makerNote = .apple(note)
        return metadata
    }

    /// `bytes` (the edited still, written without a map) with `map` written in (and `exif` in
    /// place of its EXIF, when given), and the report.
    func attach(_ map: GainMap, to bytes: [UInt8], still: any StillImage, recomputed: Bool, exif: ExifMetadata?, heic: HEICEncoder.Settings)
        throws -> ([UInt8], HDREditReport)
    {
        let report = found.report
        let appleVersion = report.appleVersion.flatMap(Self.versionValue) ?? 65536
        let output: [UInt8]
        if still is HEICStill {
            output = try HEIFGainMapWriter.attach(map, appleVersion: appleVersion, to: bytes, exif: exif, settings: heic)
        } else {
            let form = GainMapJPEGWriter.Form(kind: form, appleVersion: appleVersion, iso21496: report.forms.contains(.iso21496))
            output = try GainMapJPEGWriter.attach(map, form: form, to: bytes, exif: exif)
        }
        let written = still is HEICStill ? [HDRGainMapReport.Form.apple] : report.forms
        return (
            output,
            HDREditReport(
                outcome: recomputed ? .recomputed : .kept, forms: written, mapWidth: map.image.width, mapHeight: map.image.height,
                headroom: map.headroom)
        )
    }

    /// `1.0` as 65536.
    static func versionValue(_ text: String) -> Int? {
        let parts = text.split(separator: ".").compactMap { Int($0) }
        return parts.count == 2 ? parts[0] << 16 | parts[1] : nil
    }
}
