import ArgumentParser
import Foundation

/// One setting of `glint serve` or `glint worker` as the command line resolved it: the flag's
/// value when the flag was given, else the environment variable's, else the configuration type's
/// default; `source` names where it came from, for error messages.
struct ResolvedSetting<Value> {
    var value: Value
    /// `--concurrency`, `GLINT_CONCURRENCY`, or "the default".
    var source: String

    /// Resolves a setting: `flag` (given as `--name`), else `environment[variable]` parsed by
    /// `parse`, else `defaultValue`. An empty variable counts as unset.
    /// - Throws: `ValidationError` naming the variable when its value does not parse.
    init(
        flag: Value?, name: String, variable: String, environment: [String: String], default defaultValue: Value,
        parse: (String) -> Value?
    ) throws {
        if let flag {
            (value, source) = (flag, name)
        } else if let text = environment.setting(variable) {
            guard let parsed = parse(text) else { throw ValidationError("\(variable)=\(text): not a valid value for \(name)") }
            (value, source) = (parsed, variable)
        } else {
            (value, source) = (defaultValue, "the default")
        }
    }

    /// `check` the value, or a `ValidationError` "<source> <requirement>" (e.g.
    /// "GLINT_CONCURRENCY must be at least 1").
    func require(_ requirement: String, _ check: (Value) -> Bool) throws {
        guard check(value) else { throw ValidationError("\(source) \(requirement)") }
    }
}

extension [String: String] {
    /// The value of the environment variable `name`, nil when it is unset or empty (an empty
    /// variable counts as unset, as everywhere in Glint).
    func setting(_ name: String) -> String? {
        guard let value = self[name], !value.isEmpty else { return nil }
        return value
    }
}

extension ResolvedSetting where Value: LosslessStringConvertible {
    /// Resolves a setting whose environment variable is parsed as the flag's value is.
    init(flag: Value?, name: String, variable: String, environment: [String: String], default defaultValue: Value) throws {
        try self.init(flag: flag, name: name, variable: variable, environment: environment, default: defaultValue) { Value($0) }
    }
}

extension Duration {
    /// The duration in seconds, as a `Double` (for help texts and flags given in seconds).
    var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// Formats a number of seconds or days for a help text: `30`, `0.5`.
func helpNumber(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
}
