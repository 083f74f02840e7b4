import Foundation
import GlintTestSupport
import Testing

/// What the built `glint` executable links and exports, read with `readelf`: the libraries Glint
/// opens on first use must appear in neither list.
enum GlintDynamicLinking {
    /// Expects that `glint` needs no library whose name contains one of `libraries`, and exports or
    /// imports no symbol that starts with one of `symbolPrefixes`.
    static func expectNotLinked(libraries: [String], symbolPrefixes: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let glint = try #require(GlintProcess.executable, "the glint executable was not found", sourceLocation: sourceLocation)
        let readelf = try #require(ExternalTool.find("readelf"), "readelf (binutils) is not installed", sourceLocation: sourceLocation)
        let dynamic = try ExternalTool.run(readelf, ["--dynamic", "--wide", glint.path])
        try #require(dynamic.succeeded, "\(dynamic.summary)", sourceLocation: sourceLocation)
        let needed = dynamic.stdoutText.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        #expect(!needed.isEmpty, "readelf listed no NEEDED entries: \(dynamic.stdoutText)", sourceLocation: sourceLocation)
        for library in libraries {
            #expect(!needed.contains { $0.contains(library) }, "glint still links \(library)", sourceLocation: sourceLocation)
        }
        let symbols = try ExternalTool.run(readelf, ["--dyn-syms", "--wide", glint.path])
        try #require(symbols.succeeded, "\(symbols.summary)", sourceLocation: sourceLocation)
        let exported = symbols.stdoutText.split(separator: "\n").compactMap { $0.split(separator: " ").last }
            .filter { symbol in symbolPrefixes.contains { symbol.hasPrefix($0) } }
        #expect(exported.isEmpty, "glint exports or imports \(symbolPrefixes) symbols: \(exported.prefix(5))", sourceLocation: sourceLocation)
    }
}
