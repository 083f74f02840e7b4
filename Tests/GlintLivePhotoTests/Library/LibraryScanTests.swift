import Foundation
import GlintMedia
import GlintTestSupport
import Testing

@testable import GlintLivePhoto

/// A folder tree like a phone export: media by extension and by content, hidden files and
/// folders, a Takeout sidecar, links to a file and to a folder.
private struct LibraryTree {
    let directory: TemporaryDirectory
    var root: String { directory.path }

    init() throws {
        directory = try TemporaryDirectory("glint-library-scan")
        let sub = try directory.subdirectory("sub")
        let deeper = try directory.subdirectory("sub/deeper")
        let hidden = try directory.subdirectory(".hidden")
        try Data("not really a JPEG".utf8).write(to: directory.file("a.jpg"))
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16]).write(to: directory.file("no-extension"))
        try Data("{\"title\": \"a.jpg\"}".utf8).write(to: directory.file("a.jpg.json"))
        try Data("x".utf8).write(to: directory.file(".DS_Store"))
        try Data("x".utf8).write(to: hidden.appendingPathComponent("secret.jpg"))
        try Data("x".utf8).write(to: sub.appendingPathComponent("b.MOV"))
        try Data("x".utf8).write(to: deeper.appendingPathComponent("c.png"))
        try FileManager.default.createSymbolicLink(atPath: directory.file("link-to-a.jpg").path, withDestinationPath: directory.file("a.jpg").path)
        try FileManager.default.createSymbolicLink(atPath: directory.file("link-to-sub").path, withDestinationPath: sub.path)
    }
}

@Suite("Library scan: files and folders", .suiteTimeLimit)
struct LibraryScanTests {
    @Test("a folder gives its media files (by extension or content); hidden and other files are not taken")
    func folderWithoutRecursion() throws {
        let tree = try LibraryTree()
        defer { tree.directory.remove() }
        let scan = try LibraryScan.scan([tree.root])
        #expect(scan.hasFolders)
        // The link to a.jpg is the same file: taken once, under its first name.
        #expect(scan.entries.map(\.relativePath) == ["a.jpg", "no-extension"])
        #expect(scan.entries.map(\.path) == ["\(tree.root)/a.jpg", "\(tree.root)/no-extension"])
        #expect(scan.ignored == ["\(tree.root)/a.jpg.json"])
    }

    @Test("-r descends into sub-folders, keeps their relative paths, and does not follow a link to a folder")
    func recursiveScan() throws {
        let tree = try LibraryTree()
        defer { tree.directory.remove() }
        let scan = try LibraryScan.scan([tree.root], options: .init(recursive: true))
        #expect(scan.entries.map(\.relativePath) == ["a.jpg", "no-extension", "sub/b.MOV", "sub/deeper/c.png"])
        #expect(scan.entries.last?.path == "\(tree.root)/sub/deeper/c.png")
        #expect(scan.ignored == ["\(tree.root)/a.jpg.json", "\(tree.root)/link-to-sub"])
    }

    @Test("a file named on its own is taken whatever it holds, under its name; named twice, once")
    func filesNamedAlone() throws {
        let tree = try LibraryTree()
        defer { tree.directory.remove() }
        let json = "\(tree.root)/a.jpg.json"
        let missing = "\(tree.root)/missing.jpg"
        let scan = try LibraryScan.scan([json, missing, json, "\(tree.root)/sub/b.MOV"])
        #expect(!scan.hasFolders)
        #expect(
            scan.entries == [
                .init(path: json, relativePath: "a.jpg.json"), .init(path: missing, relativePath: "missing.jpg"),
                .init(path: "\(tree.root)/sub/b.MOV", relativePath: "b.MOV"),
            ])
        // The same file through a folder and by name: once.
        let both = try LibraryScan.scan([tree.root, "\(tree.root)/a.jpg"])
        #expect(both.entries.map(\.relativePath) == ["a.jpg", "no-extension"])
    }

    @Test("a hard link is a file of its own (an album folder of links gets its outputs); a path spelled twice is one")
    func hardLinks() throws {
        let tree = try LibraryTree()
        defer { tree.directory.remove() }
        #expect(link("\(tree.root)/a.jpg", "\(tree.root)/sub/a-again.jpg") == 0)
        let scan = try LibraryScan.scan([tree.root, "\(tree.root)/sub/../a.jpg"], options: .init(recursive: true))
        #expect(scan.entries.map(\.relativePath) == ["a.jpg", "no-extension", "sub/a-again.jpg", "sub/b.MOV", "sub/deeper/c.png"])
    }

    @Test("past the depth or file caps, a typed error naming the folder")
    func caps() throws {
        let tree = try LibraryTree()
        defer { tree.directory.remove() }
        #expect(throws: MediaError.self) { try LibraryScan.scan([tree.root], options: .init(recursive: true, maxDepth: 1)) }
        do {
            _ = try LibraryScan.scan([tree.root], options: .init(recursive: true, maxEntries: 3))
            Issue.record("a fourth file was taken past maxEntries 3")
        } catch let error as MediaError {
            #expect(error.kind == .tooLarge)
            #expect(error.problem.contains("more than 3 files"), "\(error)")
            #expect(error.file != nil)
        }
        // Without -r, depth does not matter.
        #expect(try LibraryScan.scan([tree.root], options: .init(maxDepth: 0)).entries.count == 2)
    }
}

@Suite("Concurrent items", .suiteTimeLimit)
struct ConcurrentItemsTests {
    /// Values threads share in these tests.
    final class Shared: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int] = []
        private var running = 0
        private var most = 0

        func append(_ value: Int) { lock.withLock { values.append(value) } }
        var all: [Int] { lock.withLock { values } }
        func enter() {
            lock.withLock {
                running += 1
                most = max(most, running)
            }
        }
        func leave() { lock.withLock { running -= 1 } }
        var mostAtOnce: Int { lock.withLock { most } }
    }

    /// A gate threads wait at until it is opened: by what they wait for, or by a test that gave up.
    final class Gate: @unchecked Sendable {
        private let condition = NSCondition()
        private var isOpen = false

        func open() {
            condition.withLock {
                isOpen = true
                condition.broadcast()
            }
        }

        /// Blocks until the gate is open (at once when it is).
        func wait() {
            condition.withLock {
                while !isOpen { condition.wait() }
            }
        }
    }

    /// Runs `body` (which holds items at `gate`) on a thread of its own, for 60 s at most: past it
    /// the gate is opened, so that the thread ends, and `Waiting.TimedOut` thrown. An item waits at
    /// the gate for another item, so this fails where the items do not run at once.
    static func running<R: Sendable>(_ what: String, holdingAt gate: Gate, _ body: @escaping @Sendable () -> R) async throws -> R {
        try await Waiting.within(.seconds(60), what) {
            await withTaskCancellationHandler {
                await OwnThread.run(body)
            } onCancel: {
                gate.open()
            }
        }
    }

    @Test("results come back in the items' order though the first ends after others, and progress counts every item once, in order")
    func orderAndProgress() async throws {
        let seen = Shared()
        // The first item ends only once another has: the items end out of order (given two
        // threads: with one core, the items run one at a time and in order).
        let firstDone = Gate()
        if UsableCores.count < 2 { firstDone.open() }
        let results = try await Self.running("item 0 to end after another item (jobs 4)", holdingAt: firstDone) {
            ConcurrentItems.map(
                Array(0..<200), jobs: 4,
                progress: {
                    seen.append($0)
                    firstDone.open()
                },
                { item in
                    if item == 0 { firstDone.wait() }
                    return item * 2
                })
        }
        #expect(results == (0..<200).map { $0 * 2 })
        #expect(seen.all == Array(1...200))
        #expect(ConcurrentItems.map([Int](), jobs: 4) { $0 }.isEmpty)
    }

    @Test("in groups: results in the items' order, groups of at most groupSize, each item's group finished once")
    func groups() {
        let sizes = Shared()
        let finished = Shared()
        let results = ConcurrentItems.map(
            Array(0..<101), jobs: 3, groupSize: 8, groupWait: .seconds(60), progress: { finished.append($0) }, { $0 * 3 },
            finish: { group in
                sizes.append(group.count)
                return group.map { $0 + 1 }
            })
        #expect(results == (0..<101).map { $0 * 3 + 1 })
        #expect(sizes.all.allSatisfy { (1...8).contains($0) } && sizes.all.reduce(0, +) == 101, "\(sizes.all)")
        #expect(finished.all == Array(1...101))
        // No wait at all: every item is finished on its own, as soon as it is done.
        let alone = Shared()
        _ = ConcurrentItems.map(
            Array(0..<20), jobs: 2, groupSize: 8, groupWait: .zero, { $0 },
            finish: {
                alone.append($0.count)
                return $0
            })
        #expect(alone.all == Array(repeating: 1, count: 20))
    }

    @Test("jobs 1 runs one item at a time, in order, on one thread; jobs 2 has two in flight at once on a machine with two cores")
    func concurrency() async throws {
        let serial = Shared()
        let threads = Shared()
        _ = ConcurrentItems.map(Array(0..<4), jobs: 1) { item in
            serial.enter()
            serial.append(item)
            threads.append(Int(bitPattern: pthread_self()))
            serial.append(100 + item)
            serial.leave()
        }
        #expect(serial.mostAtOnce == 1)
        #expect(serial.all == [0, 100, 1, 101, 2, 102, 3, 103], "each item ends before the next starts")
        #expect(Set(threads.all).count == 1, "\(threads.all)")

        // With one core to run on (taskset -c 0), concurrentPerform runs the items one at a time.
        guard UsableCores.count >= 2 else { return }
        // Each item waits until a second one runs: the first two meet, the others pass.
        let parallel = Shared()
        let secondRunning = Gate()
        _ = try await Self.running("two items in flight at once (jobs 2)", holdingAt: secondRunning) {
            ConcurrentItems.map(Array(0..<4), jobs: 2) { _ in
                parallel.enter()
                if parallel.mostAtOnce >= 2 { secondRunning.open() }
                secondRunning.wait()
                parallel.leave()
            }
        }
        #expect(parallel.mostAtOnce == 2)
    }
}
