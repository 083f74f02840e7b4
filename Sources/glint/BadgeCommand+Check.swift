import ArgumentParser
import Foundation
import GlintGraphics
import GlintMedia

extension BadgeCommand {
    /// `--check`: measures the badge in every image; exit status 1 when any is missing or short
    /// of clear space.
    func runCheck(_ specification: BadgeSpecification) throws {
        var reports: [BadgeCheckReport] = []
        for image in images {
            reports.append(try BadgeDetector.check(path: image, specification: specification))
        }
        if json {
            CommandOutput.printJSON(reports)
        } else {
            for report in reports {
                for badge in report.badges {
                    let sides = badge.clearSpace.map { "\($0.side) \($0.distance) px" }.joined(separator: ", ")
                    print(
                        "\(report.file)  \(badge.kind) in the \(badge.corner) corner, \(badge.rect) (height \(badge.rect.height) px, "
                            + "score \(String(format: "%.3f", badge.score))); clear space \(sides): "
                            + (badge.passes ? "ok" : "UNDER 10% (\(badge.requiredClearSpace) px needed)"))
                }
                for problem in report.problems { print("\(report.file)  \(problem)") }
            }
        }
        if let failed = reports.first(where: { !$0.passes }) {
            CommandOutput.printError("glint: \(failed.file): \(failed.problems.first ?? "badge check failed")")
            throw ExitCode(1)
        }
    }
}
