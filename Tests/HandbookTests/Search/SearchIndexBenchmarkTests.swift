import Foundation
import XCTest

@testable import Handbook

/// The index build time that `bench/search/run` reports: load, parse and resolve the content folder
/// named by `HANDBOOK_SEARCH_BENCH_CONTENT`, then time `SearchIndexBuilder.build` alone. It prints
/// figures and asserts nothing about time; without the variable it is skipped.
final class SearchIndexBenchmarkTests: XCTestCase {
    func testPrintIndexBuildTime() throws {
        guard let folder = ProcessInfo.processInfo.environment["HANDBOOK_SEARCH_BENCH_CONTENT"] else {
            throw XCTSkip("set HANDBOOK_SEARCH_BENCH_CONTENT to a content folder (bench/search/run does)")
        }
        let content = URL(fileURLWithPath: folder)
        let engine = DiagnosticEngine()
        let paths = ProjectPaths(root: content.deletingLastPathComponent(), content: content.path)
        let loaded = try XCTUnwrap(ContentLoader(paths: paths, diagnostics: engine).load())
        let parser = PageParser(diagnostics: engine)
        let parsed = Parallel.map(loaded.pages.count) { parser.parse(loaded.pages[$0]) }.compactMap { $0 }
        let site = SiteResolver(diagnostics: engine).resolve(parsed, content: loaded)
        let start = Date()
        let files = SearchIndexBuilder().build(site)
        let seconds = Date().timeIntervalSince(start)
        let pages = site.config.languages.map { site.pages(in: $0.code).count }.max() ?? 0
        let bytes = files.reduce(0) { $0 + $1.contents.count }
        print(String(format: "search index: %.2f s for %d languages of %d pages, %d files, %d bytes", seconds,
                     site.config.languages.count, pages, files.count, bytes))
        XCTAssertFalse(files.isEmpty)
    }
}
