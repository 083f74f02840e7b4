import Foundation
import GlintQueue

#if canImport(Glibc)
    import Glibc
#endif

/// The password of a PostgreSQL store given outside its URL, as libpq takes it, so that no
/// password needs to be on a command line (where `ps` shows it to every user): `$PGPASSWORD`, else
/// the first matching line of the password file (`$PGPASSFILE`, else `~/.pgpass`). A URL that has a
/// password (from `--store`, or `$GLINT_STORE` in the environment) keeps it.
///
/// The password file is libpq's: lines `hostname:port:database:username:password`, `*` matching
/// anything, `\:` and `\\` for a colon and a backslash, `#` starting a comment. It must be
/// owner-only (0600 or less): one that its group or others may read is refused with an error
/// (libpq ignores it with a warning; an error says at once why the password was not found).
enum PostgresPassword {
    /// The variable holding the password.
    static let passwordVariable = "PGPASSWORD"
    /// The variable naming the password file.
    static let fileVariable = "PGPASSFILE"

    /// `url` with a password when it has none and `environment` gives one; else `url` as it is.
    /// - Throws: `JobQueueError(.invalidStoreLocation)` when the password file is readable by others
    ///   or cannot be read.
    static func completing(_ url: String, environment: [String: String]) throws(JobQueueError) -> String {
        guard var components = URLComponents(string: url), components.percentEncodedPassword?.isEmpty != false, let host = components.host else {
            return url
        }
        let user = components.percentEncodedUser?.removingPercentEncoding ?? "postgres"
        let path = components.percentEncodedPath.removingPercentEncoding ?? ""
        let database = path.hasPrefix("/") ? String(path.dropFirst()) : path
        let key = [host, String(components.port ?? 5432), database.isEmpty ? user : database, user]
        let fromFile = environment.setting(passwordVariable) == nil ? try fromFile(matching: key, environment: environment) : nil
        guard let password = environment.setting(passwordVariable) ?? fromFile else { return url }
        if components.percentEncodedUser == nil { components.percentEncodedUser = user }
        components.percentEncodedPassword = password.addingPercentEncoding(withAllowedCharacters: asciiAlphanumerics)
        return components.string ?? url
    }

    /// What is left unencoded of a password put in a URL (everything else is percent-encoded).
    private static let asciiAlphanumerics = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    /// The password of the first line of the password file that matches `key` (host, port,
    /// database, user); nil when there is no file or no line matches.
    private static func fromFile(matching key: [String], environment: [String: String]) throws(JobQueueError) -> String? {
        guard let path = environment.setting(fileVariable) ?? environment.setting("HOME").map({ $0 + "/.pgpass" }) else { return nil }
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw JobQueueError(.invalidStoreLocation, "password file \(path): not a plain file") }
        guard status.st_mode & 0o077 == 0 else {
            throw JobQueueError(
                .invalidStoreLocation,
                "password file \(path): its group or others may read it (mode \(String(status.st_mode & 0o777, radix: 8))); make it 0600 (chmod 600 \(path))")
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw JobQueueError(.invalidStoreLocation, "password file \(path): cannot read it")
        }
        return password(in: text, matching: key)
    }

    /// The password of the first line of a password file's `text` that matches `key`.
    static func password(in text: String, matching key: [String]) -> String? {
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = self.fields(of: line)
            guard fields.count == 5 else { continue }
            if zip(fields.prefix(4), key).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    /// The fields of a line split at `:`, with `\:` and `\\` unescaped.
    private static func fields(of line: Substring) -> [String] {
        var fields: [String] = []
        var field = ""
        var escaped = false
        for character in line {
            if escaped {
                field.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":", fields.count < 4 {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field)
        return fields
    }
}
