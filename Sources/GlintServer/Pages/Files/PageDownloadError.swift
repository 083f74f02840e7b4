/// A download the share page offers could not be made (the page answers 500 with a small page;
/// the detail is logged, never shown).
struct PageDownloadError: Error, CustomStringConvertible {
    /// Which download: `live photo zip`, `motion photo`.
    var download: String
    /// What went wrong, for the log.
    var problem: String

    var description: String { "could not make the \(download): \(problem)" }
}
