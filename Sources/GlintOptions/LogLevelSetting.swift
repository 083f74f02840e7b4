import Foundation
import Logging

/// The level of the log lines every `glint` command writes to standard error: `$GLINT_LOG_LEVEL`
/// (`trace`, `debug`, `info`, `notice`, `warning`, `error` or `critical`), else ``defaultLevel``,
/// so that normal runs print nothing but their results. There is no flag: the level is needed
/// before the command line is parsed. A value that is not a level counts as unset.
public enum LogLevelSetting {
    /// The environment variable naming the level.
    public static let variable = "GLINT_LOG_LEVEL"
    /// The level when the variable names none.
    public static let defaultLevel: Logger.Level = .warning

    /// The level `environment` names, else ``defaultLevel``.
    public static func level(environment: [String: String] = ProcessInfo.processInfo.environment) -> Logger.Level {
        environment[variable].flatMap(Logger.Level.init(rawValue:)) ?? defaultLevel
    }
}
