import ArgumentParser
import GlintLivePhoto

/// `--effect loop`, `bounce`, `live`, `longExposure` (or `long-exposure`).
extension Effect: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(name: argument)
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
