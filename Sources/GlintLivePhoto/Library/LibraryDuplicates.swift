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

/// Finds the files whose bytes equal an earlier file's: files of equal size are hashed (SHA-256,
/// read in blocks, `jobs` at a time); a file of a size no other has is never read.
enum LibraryDuplicates {
    /// For each file that repeats an earlier one, its index and the earlier one's.
    static func find(paths: [String], sizes: [Int64], jobs: Int) -> [Int: Int] {
        var bySize: [Int64: [Int]] = [:]
        for (index, size) in sizes.enumerated() where size > 0 { bySize[size, default: []].append(index) }
        let candidates = bySize.values.filter { $0.count > 1 }.flatMap { $0 }.sorted()
        guard !candidates.isEmpty else { return [:] }
        let digests = ConcurrentItems.map(candidates, jobs: jobs, progress: nil) { digest(paths[$0]) }
        var first: [String: Int] = [:]
        var repeats: [Int: Int] = [:]
        for (index, digest) in zip(candidates, digests) {
            guard let digest else { continue }
            let key = "\(sizes[index]):\(digest)"
            if let earlier = first[key] {
                repeats[index] = earlier
            } else {
                first[key] = index
            }
        }
        return repeats
    }

    /// The SHA-256 of the file at `path` in hex, or nil when it cannot be read.
    private static func digest(_ path: String) -> String? {
        guard let file = try? RandomAccessFile(path: path) else { return nil }
        var hash = SHA256()
        var offset: Int64 = 0
        while offset < file.size {
            let count = Int(min(file.size - offset, 1 << 20))
            guard let block = try? file.read(at: offset, count: count) else { return nil }
            hash.update(data: block)
            offset += Int64(count)
        }
        return LowercaseHex.string(hash.finalize())
    }
}
