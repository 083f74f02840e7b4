import CHeif

/// libheif, initialised once per process.
///
/// `heif_init` registers the built-in decoder (libde265) and encoder (x265) plugins. It is
/// reference-counted and thread-safe; Glint calls it once, through ``ensureInitialised()``,
/// before its first use of libheif and never deinitialises, so plugins stay registered for the
/// life of the process.
enum HEIFLibrary {
    private static let initialisation: Void = {
        _ = heif_init(nil)
    }()

    /// Loads and initialises libheif on first call; later calls do nothing.
    /// - Throws: ``MediaError`` `.unsupported` when libheif cannot be loaded (``MediaLibraries``).
    static func ensureInitialised() throws {
        try MediaLibraries.requireHeif()
        _ = initialisation
    }

    /// Throws the ``MediaError`` for `error` unless it reports success.
    /// - Parameters:
    ///   - error: What libheif returned.
    ///   - action: What was being done, completing "cannot ..." (e.g. "read the HEIF structure").
    static func check(_ error: heif_error, _ action: @autoclosure () -> String) throws {
        guard error.code != heif_error_Ok else { return }
        throw MediaError(heif: error, action: action())
    }
}
