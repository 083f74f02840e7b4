import Foundation

/// Something a test needs from the machine it runs on: a program on `PATH`, a file of the shared
/// fixtures, a PostgreSQL server, namespaces for bubblewrap.
///
/// Tests name what they need with the ``RequirementTrait`` (`@Test(.requires(.exiftool))`). Where a
/// requirement is missing, a developer's run skips the test (it is reported cancelled, with what is
/// missing); under `CI=true` the test fails instead, naming what is missing, because `make test`
/// installs and starts everything (`CI.requiresEverything`).
public struct Requirement: Sendable, CustomStringConvertible {
    /// What is needed, as a message names it (`exiftool`, `../shared/fixtures/heic/iphone12pro.heic`).
    public var description: String
    /// How to get it, for the failure message.
    public var remedy: String
    /// Whether this machine has it now.
    public var isMet: @Sendable () -> Bool

    public init(_ description: String, remedy: String, isMet: @escaping @Sendable () -> Bool) {
        self.description = description
        self.remedy = remedy
        self.isMet = isMet
    }

    /// A program on `PATH`, installed by `make deps` (Debian's package `package`).
    public static func tool(_ name: String, package: String? = nil) -> Requirement {
        Requirement(name, remedy: "apt-get install \(package ?? name) (make deps installs it)") { ExternalTool.isAvailable(name) }
    }

    /// The shared fixtures folder beside the checkout (`../shared/fixtures`).
    public static let sharedFixtures = Requirement(
        SharedFixtures.relativeToPackageRoot, remedy: "the shared fixtures folder beside the checkout"
    ) { SharedFixtures.available }

    /// One file of the shared fixtures, e.g. `heic/iphone12pro.heic`.
    public static func fixture(_ relative: String) -> Requirement {
        Requirement(
            "\(SharedFixtures.relativeToPackageRoot)/\(relative)", remedy: "the shared fixtures folder beside the checkout"
        ) { SharedFixtures.contains(relative) }
    }

    /// The real iPhone Live Photo pair of the shared fixtures.
    public static let livePhotoPair = Requirement(
        "the real Live Photo pair (\(SharedFixtures.relativeToPackageRoot)/livephoto-iphone6s)",
        remedy: "the shared fixtures folder beside the checkout"
    ) { SharedFixtures.contains(SharedFixtures.Name.livePhotoStill) && SharedFixtures.contains(SharedFixtures.Name.livePhotoMovie) }

    public static let exiftool = tool("exiftool", package: "libimage-exiftool-perl")
    public static let ffmpeg = tool("ffmpeg")
    public static let ffprobe = tool("ffprobe", package: "ffmpeg")
    public static let gifsicle = tool("gifsicle")
    public static let webpmux = tool("webpmux", package: "webp")
    public static let dwebp = tool("dwebp", package: "webp")
    public static let cjpeg = tool("cjpeg", package: "libjpeg-turbo-progs")
    public static let djpeg = tool("djpeg", package: "libjpeg-turbo-progs")
    public static let vips = tool("vips", package: "libvips-tools")

    /// bubblewrap at `/usr/bin/bwrap`, where a worker with `PATH=/usr/bin:/bin` finds it. (Whether it
    /// can make namespaces here is another requirement, probed by the runner tests.)
    public static let bubblewrap = Requirement(
        "bubblewrap (/usr/bin/bwrap)", remedy: "apt-get install bubblewrap (make deps installs it)"
    ) { FileManager.default.isExecutableFile(atPath: "/usr/bin/bwrap") }

    /// A PostgreSQL server for the tests, named by `GLINT_TEST_POSTGRES_URL` (`make test` starts one).
    public static let postgres = Requirement(
        "a PostgreSQL server (GLINT_TEST_POSTGRES_URL)", remedy: "make test starts one on loopback"
    ) { TestPostgres.url != nil }

    /// PostgreSQL's programs, for a test that starts a server of its own (`psql`, `/usr/lib/postgresql`).
    public static let postgresInstalled = Requirement(
        "PostgreSQL installed (psql, /usr/lib/postgresql)", remedy: "apt-get install postgresql (make deps installs it)"
    ) { ExternalTool.isAvailable("psql") && FileManager.default.fileExists(atPath: "/usr/lib/postgresql") }

    /// An environment variable set to `value`: a test that runs only when asked (the soak).
    public static func environment(_ name: String, _ value: String, why: String) -> Requirement {
        Requirement("\(name)=\(value)", remedy: why) { ProcessInfo.processInfo.environment[name] == value }
    }
}

/// Whether this run must have every requirement met: `CI=true` (or `1`), as `.ci/run` runs.
public enum CI {
    public static var requiresEverything: Bool {
        let value = (ProcessInfo.processInfo.environment["CI"] ?? "").lowercased()
        return value == "true" || value == "1" || value == "yes"
    }
}
