// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "handbook",
    products: [
        .executable(name: "handbook", targets: ["handbook"]),
        .library(name: "Markdown", type: .static, targets: ["Markdown"]),
        .library(name: "Mustache", type: .static, targets: ["Mustache"]),
        .library(name: "Handbook", type: .static, targets: ["Handbook"]),
        .library(name: "RequestPath", type: .static, targets: ["RequestPath"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CZip",
            pkgConfig: "libzip",
            providers: [.apt(["libzip-dev"])]
        ),
        // A C target, not a system library: Swift must not see ICU's own headers (see handbook_icu.h).
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        .target(name: "Markdown", dependencies: ["CCmarkGFM"]),
        .target(name: "Mustache"),
        .target(name: "Handbook", dependencies: ["Markdown", "Mustache", "CYAML", "CZip", "CICU"]),
        .target(name: "RequestPath"),
        .target(name: "Preview", dependencies: ["Handbook", "RequestPath", "CMicroHTTPD"]),
        .target(name: "HandbookCLI", dependencies: ["Handbook", "Preview"]),
        .executableTarget(name: "handbook", dependencies: ["HandbookCLI"]),
        .target(name: "HandbookTestSupport", dependencies: ["Handbook", "HandbookCLI"], path: "Tests/HandbookTestSupport"),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "PreviewTests", dependencies: ["Preview", "RequestPath", "HandbookTestSupport"]),
        .testTarget(name: "HandbookTests", dependencies: ["Handbook", "HandbookTestSupport"], exclude: ["Render/Expected", "Parse/GuideVocabulary.txt"]),
        .testTarget(
            name: "HandbookCLITests", dependencies: ["HandbookCLI", "HandbookTestSupport"], exclude: ["Expected"]),
        .testTarget(
            name: "GoldenTests",
            dependencies: ["Handbook", "HandbookCLI", "HandbookTestSupport"],
            exclude: ["Fixtures"]
        ),
    ]
)
