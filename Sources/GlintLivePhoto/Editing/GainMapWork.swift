import GlintMedia

/// The gain map's part of one still's edit, run beside the picture's on threads of its own
/// (``StageThread``): started before the picture is decoded (the map read and turned, its
/// recomputation prepared), given the picture once turned (scaled to the map's size before the
/// colour change) and once edited (the map recomputed while the picture is encoded), finished
/// with the encoded picture (the map attached). Used by ``StillEditor`` from one thread; every
/// stage started is joined, by ``finish(_:exif:still:heic:)`` or ``cancel()``.
final class GainMapWork {
    /// Why there is no map to carry, when the still has one (dropped, lost).
    let report: HDREditReport?
    /// Whether the map needs the picture before its colour change (``pictureTurned(_:)``).
    let needsTurnedPicture: Bool
    private var preparing: StageThread<GainMapEditor.Prepared>?
    private var prepared: GainMapEditor.Prepared?
    /// The picture before the colour change, at the map's size.
    private var source: RGBImage?
    private var recomputing: StageThread<GainMap>?

    /// Starts reading and turning `still`'s map, when it has one to carry.
    init(
        _ still: any StillImage, recipe: EditRecipe, fromFrame: Bool, picture: EditGeometry, stage: ColourStage?,
        adjustment: ColourAdjustment, limits: ImageLimits
    ) {
        let (found, report) = GainMapEditor.find(still, recipe: recipe, fromFrame: fromFrame)
        self.report = report
        needsTurnedPicture = found != nil && stage != nil
        preparing = found.map { found in
            StageThread(name: "gain map") {
                GainMapEditor.prepare(still, found: found, recipe: recipe, picture: picture, stage: stage, adjustment: adjustment, limits: limits)
            }
        }
    }

    /// The picture is turned, its colour not yet changed: it is kept at the map's size.
    func pictureTurned(_ geometric: RGBImage) throws {
        try join()
        guard let map = prepared?.map, prepared?.recompute != nil else { return }
        source = geometric.areaScaled(width: map.image.width, height: map.image.height)
    }

    /// The picture is edited: the map's recomputation starts (for a colour change), while the
    /// picture is encoded.
    func pictureEdited(_ edited: RGBImage) throws {
        try join()
        guard let map = prepared?.map, let recompute = prepared?.recompute, let source else { return }
        recomputing = StageThread(name: "gain map colour") {
            recompute.recompute(map, source: source, edited: edited.areaScaled(width: map.image.width, height: map.image.height))
        }
    }

    /// `bytes` (the encoded picture, `exif` its EXIF) with the map attached, and what became of the map.
    func finish(_ bytes: [UInt8], exif: ExifMetadata?, still: any StillImage, heic: HEICEncoder.Settings) throws -> ([UInt8], HDREditReport?) {
        let recomputed = try recomputing?.join()
        let wasRecomputed = recomputing != nil
        recomputing = nil
        guard let prepared else { return (bytes, report) }
        guard let editor = prepared.editor, let map = recomputed ?? prepared.map else {
            // The map could not be read after all: what claims it goes.
            return (try GainMapClaims.removed(fromStill: bytes, isHEIC: still is HEICStill), prepared.report ?? report)
        }
        return try editor.attach(
            map, to: bytes, still: still, recomputed: wasRecomputed, exif: editor.headroomExif(exif, for: map), heic: heic)
    }

    /// Joins whatever still runs (after an error elsewhere).
    func cancel() {
        _ = try? preparing?.join()
        _ = try? recomputing?.join()
        preparing = nil
        recomputing = nil
    }

    /// Waits for the map to be read and turned.
    private func join() throws {
        guard let preparing else { return }
        self.preparing = nil
        prepared = try preparing.join()
    }
}
