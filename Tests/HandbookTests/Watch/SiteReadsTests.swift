import Foundation
import XCTest

@testable import Handbook

/// The recording of what a result reads of the site: reads are recorded by the accessors, only on
/// the thread that records, nested recordings count for both, and a trace holds exactly while
/// every read finds the same.
final class SiteReadsTests: XCTestCase {
    private let english = Language(code: "en", name: "English")
    private let chinese = Language(code: "zh-Hant", name: "繁體中文")

    private func site() -> ResolvedSite {
        ResolvedSite(
            config: SiteConfig(languages: [english, chinese], sourceLanguage: english), practices: [], sections: [], pageIDs: [],
            pages: [:], strings: [english.code: UIStrings(values: ["site_title": "Handbook"]), chinese.code: UIStrings(values: [:])])
    }

    private func facts(_ site: ResolvedSite, shape: Int = 1, english strings: Int = 1) -> SiteFacts {
        SiteFacts(site: site, shape: shape, strings: [english.code: strings, chinese.code: 1],
                  pages: [english.code: ([], [:]), chinese.code: ([], [:])])
    }

    func testAccessorsRecordWhatIsReadAndTheTraceHoldsWhileItFindsTheSame() throws {
        let site = site()
        let (title, recorded) = SiteReads.recording(in: facts(site)) { site.strings(in: english.code).text("site_title") }
        XCTAssertEqual(title, "Handbook")
        let reads = try XCTUnwrap(recorded)
        XCTAssertEqual(reads.found.map(\.read), [.strings(english.code)])
        XCTAssertTrue(reads.hold(in: facts(site)))
        XCTAssertFalse(reads.hold(in: facts(site, english: 2)), "the strings read changed")
        XCTAssertFalse(reads.hold(in: facts(site, shape: 2)), "the site's shape changed")
    }

    func testAMissingPageIsAFactToo() throws {
        let site = site()
        let (page, recorded) = SiteReads.recording(in: facts(site)) { site.page(.practice("1.1"), in: chinese.code) }
        XCTAssertNil(page)
        let reads = try XCTUnwrap(recorded)
        XCTAssertEqual(reads.found.map(\.read), [.page(.practice("1.1"), chinese.code)])
        XCTAssertTrue(reads.hold(in: facts(site)))
    }

    func testANestedRecordingCountsForBothAndOtherThreadsForNeither() throws {
        let site = site()
        let (inner, outer) = SiteReads.recording(in: facts(site)) { () -> SiteReads? in
            _ = site.editions
            let done = DispatchSemaphore(value: 0)
            let other = Thread {
                _ = site.strings(in: self.chinese.code)
                done.signal()
            }
            other.start()
            done.wait()
            return SiteReads.recording(in: facts(site)) { _ = site.heading(of: .page("about"), in: english.code) }.1
        }
        XCTAssertEqual(try XCTUnwrap(inner).found.map(\.read), [.heading(.page("about"), english.code)])
        XCTAssertEqual(Set(try XCTUnwrap(outer).found.map(\.read)), [.editions, .heading(.page("about"), english.code)])
    }
}
