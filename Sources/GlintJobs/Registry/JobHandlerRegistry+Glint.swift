import GlintQueue

extension JobHandlerRegistry {
    /// Every handler Glint ships: `livephoto.edit`, `livephoto.export`, `rings.render`,
    /// `badge.apply`, and `queue.noop` (for tests and benchmarks), with inputs staged under the
    /// extension of their format.
    ///
    /// A new job kind is one handler file (its ``JobKind`` constant, parameters and `run`) and one
    /// line here. These handlers check no ``InputLimits`` (a runner process runs them for a worker
    /// that has checked already); ``glint(inputLimits:testKinds:)`` gives handlers that do.
    public static var glint: JobHandlerRegistry { glint(inputLimits: nil, testKinds: true) }

    /// Every handler Glint ships, the media kinds refusing (as a permanent `input-too-large`
    /// failure, before any decoding) a job whose inputs are over `inputLimits`, when given.
    /// - Parameter testKinds: Whether `queue.noop` is there too (`glint serve` and `glint worker`
    ///   serve it only with `--enable-test-kinds`).
    public static func glint(inputLimits: InputLimits?, testKinds: Bool = false) -> JobHandlerRegistry {
        var registry = JobHandlerRegistry()
        registry.register(LivePhotoEditJobHandler(), limitingInputsTo: inputLimits)
        registry.register(LivePhotoExportJobHandler(), limitingInputsTo: inputLimits)
        registry.register(RingsRenderJobHandler())
        registry.register(BadgeApplyJobHandler(), limitingInputsTo: inputLimits)
        registry.register(ShareRenditionsJobHandler(), limitingInputsTo: inputLimits)
        if testKinds { registry.register(NoopJobHandler()) }
        registry.inputFileExtension = MediaInputNaming.fileExtension(of:name:)
        return registry
    }
}
