import Foundation
import GlintQueue
import Synchronization

/// ``JobRunnerSandbox/probe(executable:arguments:searchPath:)``, run once per runner command and
/// search path in a process:
/// options are resolved more than once (validated, then used), and bubblewrap's answer does not
/// change while the process lives.
enum SandboxProbe {
    private static let results = Mutex<[[String]: Result<JobRunnerSandbox, JobRunnerSandbox.Unavailable>]>([:])

    static func result(executable: URL, arguments: [String], searchPath: String) -> Result<JobRunnerSandbox, JobRunnerSandbox.Unavailable> {
        let key = [searchPath, executable.path] + arguments
        if let known = results.withLock({ $0[key] }) { return known }
        let result = Result { () throws(JobRunnerSandbox.Unavailable) in
            try JobRunnerSandbox.probe(executable: executable, arguments: arguments, searchPath: searchPath)
        }
        results.withLock { $0[key] = result }
        return result
    }
}
