/// An error that names the file it concerns and says what is wrong with it in one line.
///
/// ``MediaError`` and the errors of the modules above GlintMedia (badges, rings) share this shape:
/// callers read the ``GlintError`` code, print ``description``, and attach a path with
/// ``naming(_:)`` where a lower layer did not know it.
public protocol FileProblem: GlintError {
    /// The path of the file concerned, if any.
    var file: String? { get set }
    /// A one-line explanation, without the file name.
    var problem: String { get }
}

extension FileProblem {
    /// `"path: problem"`, or just the problem when no file is known.
    public var description: String {
        if let file { return "\(file): \(problem)" }
        return problem
    }

    /// Returns this error naming `file`, unless it already names one.
    public func naming(_ file: String) -> Self {
        var copy = self
        if copy.file == nil { copy.file = file }
        return copy
    }

    /// Runs `body`, attaching `file` to any ``FileProblem`` it throws that names no file.
    public static func naming<T>(_ file: String?, _ body: () throws -> T) throws -> T {
        guard let file else { return try body() }
        do {
            return try body()
        } catch let error as any FileProblem {
            throw error.naming(file)
        }
    }
}
