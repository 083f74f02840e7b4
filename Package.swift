// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Glint",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "GlintCore", targets: ["GlintCore"]),
        .library(name: "GlintProbe", targets: ["GlintProbe"]),
        .library(name: "GlintMedia", targets: ["GlintMedia"]),
        .library(name: "GlintLivePhoto", targets: ["GlintLivePhoto"]),
        .library(name: "GlintGraphics", targets: ["GlintGraphics"]),
        .library(name: "GlintQueue", targets: ["GlintQueue"]),
        .library(name: "GlintJobs", targets: ["GlintJobs"]),
        .library(name: "GlintServer", targets: ["GlintServer"]),
        .library(name: "GlintClient", targets: ["GlintClient"]),
        .executable(name: "glint", targets: ["glint"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // C shim over libjpeg-turbo: setjmp error handling lives here and nowhere else.
        .target(
            name: "CJPEGTurbo",
            linkerSettings: [.linkedLibrary("jpeg")]
        ),
        // The pixel loops of the colour tables (YUVColourTable's walk, RGBLookupCube's
        // interpolation), in C so that they can use AVX2 where the CPU has it (chosen at run time).
        // Optimised in every build: at -O0 (SwiftPM's debug) the intrinsics run several times slower,
        // and every edit in the tests goes through them.
        .target(name: "CColourKernels", cSettings: [.unsafeFlags(["-O2"], .when(configuration: .debug))]),
        // Libraries opened with dlopen on first use instead of being linked (CFFmpeg, CHeif): a
        // process that never needs them never loads them.
        .target(name: "CLazyLibrary", linkerSettings: [.linkedLibrary("dl"), .linkedLibrary("pthread")]),
        // FFmpeg's headers (libavformat-dev, libavcodec-dev, libavutil-dev, libswscale-dev,
        // libswresample-dev) and trampolines for the functions Glint calls: FFmpeg is loaded on
        // first use, never linked (Sources/CFFmpeg/FFmpegTrampolines.c).
        .target(name: "CFFmpeg", dependencies: ["CLazyLibrary"]),
        // The runners' seccomp filter, built with libseccomp (libseccomp-dev; libseccomp2 at run time).
        .target(name: "CSeccomp", linkerSettings: [.linkedLibrary("seccomp")]),
        // glibc's malloc.h (the allocator policy `glint` sets for itself: AllocatorPolicy).
        .systemLibrary(name: "CMalloc"),
        // System-library module over LittleCMS 2 (ICC profiles and colour transforms).
        .systemLibrary(
            name: "CLCMS2",
            pkgConfig: "lcms2",
            providers: [.apt(["liblcms2-dev"])]
        ),
        // System-library module over giflib (animated GIF output).
        .systemLibrary(name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        // System-library module over libwebp and libwebpmux (animated WebP output).
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpmux libwebp", providers: [.apt(["libwebp-dev"])]),
        // libheif's header (libheif-dev) and trampolines for the functions Glint calls: libheif
        // (HEVC decode through libde265, encode through x265) is loaded on first use, never linked
        // (Sources/CHeif/HeifTrampolines.c).
        .target(name: "CHeif", dependencies: ["CLazyLibrary"]),
        // System-library module over Exempi (Adobe's XMP toolkit): XMP packets are parsed,
        // edited and serialised there, never by hand.
        .systemLibrary(
            name: "CExempi",
            pkgConfig: "exempi-2.0",
            providers: [.apt(["libexempi-dev"])]
        ),
        // System-library module over libpng's simplified API (PNG decode and encode).
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // librsvg's and cairo's headers (librsvg2-dev, libcairo2-dev) and trampolines for the functions
        // Glint calls (SVG badge artwork rendered at an exact size): librsvg and cairo are loaded on
        // first use, never linked (Sources/CRsvg/RsvgTrampolines.c). The include paths are
        // `pkg-config --cflags-only-I librsvg-2.0 cairo` on Debian (a system-library target would
        // give them but also link the libraries); Swift sees checked copies of the types (CRsvg.h).
        .target(
            name: "CRsvg",
            dependencies: ["CLazyLibrary"],
            cSettings: [
                .unsafeFlags([
                    "-I/usr/include/librsvg-2.0", "-I/usr/include/glib-2.0", "-I/usr/include/gdk-pixbuf-2.0",
                    "-I/usr/include/cairo", "-I/usr/lib/x86_64-linux-gnu/glib-2.0/include",
                    "-I/usr/lib/aarch64-linux-gnu/glib-2.0/include",
                ])
            ]
        ),
        // What every Glint module shares, media or not: the error protocol (GlintError, FileProblem,
        // MediaError), atomic file writing, JSON values and timestamps. Foundation only.
        .target(name: "GlintCore"),
        // What the API process reads of an upload (format, dimensions, duration: `MediaProbe`) with
        // Glint's own bounds-checked Swift parsers (ISO BMFF boxes, HEIF items, JPEG markers, the
        // XMP scan) and fixed caps. Links no C module (Scripts/check-probe.py): the server never
        // parses upload bytes with a C library. GlintMedia re-exports it.
        .target(name: "GlintProbe", dependencies: ["GlintCore"]),
        .target(
            name: "GlintMedia",
            dependencies: [
                "GlintCore",
                "GlintProbe",
                "CJPEGTurbo",
                "CColourKernels",
                "CFFmpeg",
                "CLCMS2",
                "CGIF",
                "CWebP",
                "CHeif",
                "CExempi",
                "CPNG",
                "CMalloc",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "GlintLivePhoto",
            dependencies: [
                "GlintCore",
                "GlintMedia",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .target(
            name: "GlintGraphics",
            dependencies: [
                "GlintMedia",
                "CRsvg",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The durable job queue: the model, the JobStore protocol, SQLite (GRDB) and PostgreSQL
        // (postgres-nio) stores, content-addressed blobs, and the worker service. Media-free: it
        // imports no media module (GlintJobs brings the handlers).
        .target(
            name: "GlintQueue",
            dependencies: [
                "GlintCore",
                "CSeccomp",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]
        ),
        // Glint's job kinds: their handlers and parameter types, calling the media modules, and the
        // registry of every kind Glint ships (`JobHandlerRegistry.glint`).
        .target(
            name: "GlintJobs",
            dependencies: [
                "GlintCore",
                "GlintProbe",
                "GlintMedia",
                "GlintLivePhoto",
                "GlintGraphics",
                "GlintQueue",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The HTTP service (Hummingbird 2): the /v1 API, API keys per tenant, shares, health,
        // metrics and the OpenAPI document, with the queue's workers embedded.
        .target(
            name: "GlintServer",
            dependencies: [
                "GlintCore",
                "GlintProbe",
                "GlintQueue",
                "GlintJobs",
                "GlintLivePhoto",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ],
            resources: [.copy("Resources/openapi.yaml")]
        ),
        // The options of `glint serve` and `glint worker` (and the --store/--data-dir of every
        // command with stores): the one place where flags and environment variables become
        // GlintServerConfiguration and JobWorkerConfiguration values.
        .target(
            name: "GlintOptions",
            dependencies: [
                "GlintJobs",
                "GlintQueue",
                "GlintServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The client of `glint jobs`: one JobsBackend over the stores on this machine or over a
        // Glint server's API (uploads, downloads, typed errors). Media-free.
        .target(
            name: "GlintClient",
            dependencies: [
                "GlintCore",
                "GlintQueue",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
            ]
        ),
        .executableTarget(
            name: "glint",
            dependencies: [
                "GlintClient",
                "GlintCore",
                "GlintOptions",
                "GlintJobs",
                "GlintMedia",
                "GlintLivePhoto",
                "GlintGraphics",
                "GlintQueue",
                "GlintServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Benchmark stand-in for `glint badge` on a JPEG (Benchmarks/badge-vs-vips.sh): composites a
        // PNG onto a JPEG through JPEGPatchCompositor. Not part of the glint CLI.
        .executableTarget(name: "JPEGPatchBench", dependencies: ["GlintMedia"], path: "Benchmarks/JPEGPatchBench"),
        // Benchmark of the PostgreSQL job store against pgqueuer (Benchmarks/queue-vs-pgqueuer.sh): enqueue,
        // drain and enqueue-to-start latency. Not part of the glint CLI.
        .executableTarget(
            name: "PostgresQueueBench",
            dependencies: ["GlintQueue", .product(name: "Logging", package: "swift-log")],
            path: "Benchmarks/PostgresQueueBench"
        ),
        // Benchmark of the SQLite job store (Benchmarks/queue-sqlite.sh): enqueue and drain no-op jobs, jobs/s.
        .executableTarget(name: "SQLiteQueueBench", dependencies: ["GlintQueue"], path: "Benchmarks/SQLiteQueueBench"),
        // The runner of the isolation tests (GlintQueueTests' RunnerIsolationTests): JobRunnerChild with
        // test-only kinds (one crashes with SIGSEGV), so that no shipped binary registers them.
        .executableTarget(name: "GlintTestRunner", dependencies: ["GlintQueue"], path: "Tests/GlintTestRunner"),
        // Shared test helpers: locating ../shared/fixtures, temporary directories, external tools.
        .target(name: "GlintTestSupport", path: "Tests/GlintTestSupport"),
        .testTarget(name: "GlintMediaTests", dependencies: ["GlintMedia", "GlintProbe", "CHeif", "CFFmpeg", "CColourKernels", "GlintTestSupport"]),
        .testTarget(name: "GlintLivePhotoTests", dependencies: ["GlintLivePhoto", "GlintMedia", "GlintTestSupport"]),
        .testTarget(name: "GlintGraphicsTests", dependencies: ["GlintGraphics", "GlintMedia", "GlintTestSupport"]),
        // The worker harness shared by the queue's and the jobs' tests.
        .target(
            name: "GlintQueueTestSupport",
            dependencies: [
                "GlintCore",
                "GlintQueue",
                "GlintTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/GlintQueueTestSupport"
        ),
        .testTarget(name: "GlintCoreTests", dependencies: ["GlintCore", "GlintTestSupport"]),
        .testTarget(
            name: "GlintQueueTests",
            dependencies: [
                "GlintCore",
                "GlintQueue",
                "GlintQueueTestSupport",
                "GlintTestSupport",
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "GlintJobsTests",
            dependencies: ["GlintJobs", "GlintQueue", "GlintQueueTestSupport", "GlintLivePhoto", "GlintGraphics", "GlintMedia", "GlintTestSupport"]
        ),
        .testTarget(
            name: "GlintServerTests",
            dependencies: [
                "GlintCore",
                "GlintServer",
                "GlintJobs",
                "GlintQueue",
                "GlintQueueTestSupport",
                "GlintLivePhoto",
                "GlintMedia",
                "GlintTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]
        ),
        .testTarget(
            name: "GlintClientTests",
            dependencies: [
                "GlintClient",
                "GlintCore",
                "GlintQueue",
                "GlintServer",
                "GlintTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "GlintCLITests",
            dependencies: [
                "GlintCore", "GlintLivePhoto", "GlintMedia", "GlintGraphics", "GlintQueue", "GlintJobs", "GlintTestSupport",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "GlintOptionsTests",
            dependencies: [
                "GlintOptions", "GlintJobs", "GlintQueue", "GlintServer", "GlintTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The tests' own code (test targets and their helper targets under Tests/) is compiled without
// optimization in every configuration, while the code they test is built as the service runs it: `make
// test` uses the release build (Scripts/build.sh), and optimizing some 30,000 lines of macro-expanded
// test code took 223 s of its 1,010 s on 2 cores, for no change in what the tests check.
for target in package.targets where target.type == .test || (target.path ?? "").hasPrefix("Tests/") {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Onone"], .when(configuration: .release))]
}
