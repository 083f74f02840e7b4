import GlintQueue

extension JobHandlerRegistry {
    /// Every handler Glint ships: `livephoto.edit`, `livephoto.export`, `rings.render`,
    /// `badge.apply`, and `queue.noop` (for tests and benchmarks), with inputs staged under the
    /// extension of their format.
    ///
    /// A new job kind is one handler file (its ``JobKind`` constant, parameters and `run`) and one
    /// line here.
    public static var glint: JobHandlerRegistry {
        var registry = JobHandlerRegistry()
        registry.register(LivePhotoEditJobHandler())
        registry.register(LivePhotoExportJobHandler())
        registry.register(RingsRenderJobHandler())
        registry.register(BadgeApplyJobHandler())
        registry.register(NoopJobHandler())
        registry.inputFileExtension = MediaInputNaming.fileExtension(of:name:)
        return registry
    }
}
