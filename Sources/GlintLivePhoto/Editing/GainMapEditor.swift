import Foundation
import GlintMedia

/// Carries a still's HDR gain map through an edit (``StillEditor``), in the input's own form:
/// the picture's geometry applied to the map at the map's resolution, the map recomputed for a
/// colour edit (``GainMapRecompute``), the headroom metadata brought up to date, and the map
/// written back as the input had it (``GainMapJPEGWriter``, ``HEIFGainMapWriter``).
struct GainMapEditor {
    let found: HDRGainMapProbe.Found
    let map: GainMap
    let form: HDRGainMapReport.Form

    /// The map of `still`, or the report of why there is none to carry: nil and nil for a still
    /// without one; a report alone when it is dropped on purpose or cannot be read.
    static func load(_ still: any StillImage, recipe: EditRecipe, fromFrame: Bool, limits: ImageLimits) -> (GainMapEditor?, HDREditReport?) {
        guard still is JPEGStill || still is HEICStill, let file = try? RandomAccessFile(path: still.path),
            let found = HDRGainMapInspection.found(still, file: file), let form = found.report.primaryForm
        else { return (nil, nil) }
        let forms = found.report.forms
        if recipe.hdr == .drop { return (nil, HDREditReport(outcome: .dropped, forms: forms, note: "dropped as asked (SDR only)")) }
        if fromFrame { return (nil, HDREditReport(outcome: .lost, forms: forms, note: "the key photo is a movie frame, which has no gain map")) }
        do {
            return (GainMapEditor(found: found, map: try GainMapReader.read(still, found: found, limits: limits), form: form), nil)
        } catch {
            return (nil, HDREditReport(outcome: .lost, forms: forms, note: "the gain map cannot be read: \(error)"))
        }
    }

    /// The geometry of the map: the picture's, at the map's resolution (the crop, turn and
    /// straighten are in normalised coordinates; the output size is the picture's scaled as the
    /// map is to the picture).
    func geometry(for still: any StillImage, recipe: EditRecipe, picture: EditGeometry) -> EditGeometry {
        let orientation = still.orientation
        let (mapWidth, mapHeight) = (map.image.width, map.image.height)
        let scaleX = Double(mapWidth) / Double(still.width)
        let scaleY = Double(mapHeight) / Double(still.height)
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
        return EditGeometry(recipe: mapRecipe, width: mapWidth, height: mapHeight, orientation: orientation, displaySize: size)
    }

    /// The edited map: the geometry applied; with a colour change, recomputed from `geometric`
    /// (the picture after the geometry, before the colour change `stage`) and `edited` (after it:
    /// what is written), both scaled to the map's size.
    func edit(
        still: any StillImage, recipe: EditRecipe, picture: EditGeometry, geometric: RGBImage?, edited written: RGBImage,
        stage: ColourStage?, adjustment: ColourAdjustment
    ) throws -> GainMap {
        let mapGeometry = geometry(for: still, recipe: recipe, picture: picture)
        let processor = FrameProcessor(geometry: mapGeometry, colour: nil)
        var pixels = map.image
        try pixels.crop(to: processor.sourceRect.clipped(toWidth: pixels.width, height: pixels.height))
        if pixels.width != mapGeometry.scaledWidth || pixels.height != mapGeometry.scaledHeight {
            pixels = try ImageScaler().scale(pixels, to: mapGeometry.scaledWidth, height: mapGeometry.scaledHeight)
        }
        var edited = map
        edited.image = processor.process(pixels)
        guard let stage, let geometric else { return edited }
        let scaler = ImageScaler()
        let source = try scaler.scale(geometric, to: edited.image.width, height: edited.image.height)
        let output = try scaler.scale(written, to: edited.image.width, height: edited.image.height)
        return try GainMapRecompute.recompute(
            edited, source: source, edited: output, sourceSpace: stage.source, outputSpace: stage.output, adjustment: adjustment)
    }

    /// Brings the EXIF up to date with `map`'s headroom (Apple's MakerNote values).
    func updateHeadroom(_ exif: inout ExifMetadata?, for map: GainMap) {
        guard case .apple(let headroom) = map.encoding, found.report.headroomSource == .makerNote, var metadata = exif,
            var note = metadata.makerNote?.apple, abs(headroom - (found.report.headroom ?? 0)) > 1e-6
        else { return }
        note.hdrHeadroomValues = AppleHDRHeadroom.makerNoteValues(headroom: headroom)
        metadata.makerNote = .apple(note)
        exif = metadata
    }

    /// `bytes` (the edited still, written without a map) with `map` written in, and the report.
    func attach(_ map: GainMap, to bytes: [UInt8], still: any StillImage, recomputed: Bool) throws -> ([UInt8], HDREditReport) {
        let report = found.report
        let appleVersion = report.appleVersion.flatMap(Self.versionValue) ?? 65536
        let output: [UInt8]
        if still is HEICStill {
            output = try HEIFGainMapWriter.attach(map, appleVersion: appleVersion, to: bytes)
        } else {
            let form = GainMapJPEGWriter.Form(kind: form, appleVersion: appleVersion, iso21496: report.forms.contains(.iso21496))
            output = try GainMapJPEGWriter.attach(map, form: form, to: bytes)
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
