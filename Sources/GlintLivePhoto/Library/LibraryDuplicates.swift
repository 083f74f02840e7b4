import Crypto
import Foundation
import GlintMedia

/// A file with the same bytes as one found before it: Google Takeout puts a photo in its year's
/// folder and again in each album's, and a library run converts it once.
public struct LibraryDuplicate: Sendable, Codable, Equatable {
    /// The copy left out.
    public var path: String
    /// The file converted in its place (found first).
    public var sameAs: String
}

/// Finds the files whose bytes equal an earlier file's, reading as little as it can (as fdupes and
/// rmlint do): only files of a size another file has are read; of those, the first 16 KiB are
/// hashed, and only files whose size and beginning both repeat are hashed whole (SHA-256, read in
/// blocks, `jobs` at a time). Photos of one camera and size differ in their EXIF, at the start.
enum LibraryDuplicates {
    /// How much of a file is hashed before it is hashed whole.
    static let headBytes: Int64 = 16 << 10

    /// For each file that repeats an earlier one, its index and the earlier one's.
    static func find(paths: [String], sizes: [Int64], jobs: Int) -> [Int: Int] {
        let sameSize = repeated(sizes.indices.filter { sizes[$0] > 0 }) { "\(sizes[$0])" }
        guard !sameSize.isEmpty else { return [:] }
        let heads = digests(of: sameSize.map { ($0, Partial()) }, paths: paths, upTo: headBytes, jobs: jobs)
        let sameStart = repeated(sameSize.filter { heads[$0] != nil }) { "\(sizes[$0]):\(heads[$0]!.hex)" }
        // The whole hash goes on from where the head's stopped: the head is not read again.
        let longer = sameStart.filter { sizes[$0] > headBytes }.map { ($0, heads[$0]!) }
        let wholes = digests(of: longer, paths: paths, upTo: nil, jobs: jobs)
        var first: [String: Int] = [:]
        var repeats: [Int: Int] = [:]
        for index in sameStart {
            guard let digest = sizes[index] > headBytes ? wholes[index] : heads[index] else { continue }
            let key = "\(sizes[index]):\(digest.hex)"
            if let earlier = first[key] {
                repeats[index] = earlier
            } else {
                first[key] = index
            }
        }
        return repeats
    }

    /// Those of `indices` (in their order) whose key another of them shares.
    private static func repeated(_ indices: [Int], key: (Int) -> String) -> [Int] {
        let keys = indices.map(key)
        var counts: [String: Int] = [:]
        for key in keys { counts[key, default: 0] += 1 }
        return zip(indices, keys).filter { counts[$0.1, default: 0] > 1 }.map(\.0)
    }

    /// A file hashed up to `read` bytes: the hash so far, and its digest in hex. (`SHA256` is a
    /// copy-on-write value that swift-crypto does not mark `Sendable`; a copy handed to another
    /// thread is copied before it is changed there.)
    struct Partial: @unchecked Sendable {
        var hash = SHA256()
        var read: Int64 = 0
        var hex = ""
    }

    /// The files at `indices`, each hashed on from its `Partial` to its first `limit` bytes (or
    /// whole), `jobs` at a time, by index; a file that cannot be read has none.
    private static func digests(of indices: [(Int, Partial)], paths: [String], upTo limit: Int64?, jobs: Int) -> [Int: Partial] {
        guard !indices.isEmpty else { return [:] }
        let digests = ConcurrentItems.map(indices, jobs: jobs, progress: nil) { digest(paths[$0.0], from: $0.1, upTo: limit) }
        var byIndex: [Int: Partial] = [:]
        for ((index, _), digest) in zip(indices, digests) { byIndex[index] = digest }
        return byIndex
    }

    /// `partial` hashed on with the file at `path` to its first `limit` bytes (or whole), or nil
    /// when it cannot be read.
    private static func digest(_ path: String, from partial: Partial, upTo limit: Int64?) -> Partial? {
        guard let file = try? RandomAccessFile(path: path) else { return nil }
        let end = min(file.size, limit ?? file.size)
        var partial = partial
        while partial.read < end {
            let count = Int(min(end - partial.read, 1 << 20))
            guard let block = try? file.read(at: partial.read, count: count) else { return nil }
            partial.hash.update(data: block)
            partial.read += Int64(count)
        }
        partial.hex = LowercaseHex.string(partial.hash.finalize())
        return partial
    }
}
