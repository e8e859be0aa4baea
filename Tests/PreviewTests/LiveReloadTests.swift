import Foundation
import XCTest

@testable import Preview

final class LiveReloadTests: XCTestCase {
    private let sitePolicy =
        "default-src 'none'; style-src 'self' file:; script-src 'self' file:; img-src 'self' file: data:; base-uri 'none'; form-action 'none'"

    func testTheServedPolicyAddsOnlyTheHookAndTheEventStream() {
        XCTAssertEqual(
            LiveReload.servedPolicy(sitePolicy),
            "default-src 'none'; style-src 'self' file:; script-src 'self' file: \(LiveReload.scriptHash); img-src 'self' file: data:; "
                + "base-uri 'none'; form-action 'none'; connect-src 'self'")
        XCTAssertTrue(LiveReload.scriptHash.hasPrefix("'sha256-") && LiveReload.scriptHash.count == 53, LiveReload.scriptHash)
    }

    func testInjectionWidensTheMetaPolicyAndPutsTheHookBeforeTheBodyEnds() {
        let page = "<html><head><meta http-equiv=\"Content-Security-Policy\" content=\"\(sitePolicy)\"></head><body><p>x</p></body></html>"
        let words = PreviewStrings.english
        let (html, policy) = LiveReload.inject(into: Array(page.utf8), strings: words, build: 3)
        let element = String(decoding: LiveReload.hookElement(strings: words, build: 3), as: UTF8.self)
        XCTAssertEqual(policy, LiveReload.servedPolicy(sitePolicy))
        XCTAssertEqual(
            String(decoding: html, as: UTF8.self),
            "<html><head><meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\"></head><body><p>x</p>\(element)</body></html>")
        XCTAssertTrue(element.hasPrefix("<script data-build=\"3\" data-heading=\"The site was not rebuilt\""))
    }

    func testAPageWithoutPolicyOrBodyGetsTheFallbackAndTheHookAtTheEnd() {
        let (html, policy) = LiveReload.inject(into: Array("<p>x".utf8), strings: .english, build: 0)
        XCTAssertEqual(policy, LiveReload.servedPolicy(LiveReload.fallbackPolicy))
        XCTAssertTrue(String(decoding: html, as: UTF8.self).hasPrefix("<p>x<script data-build=\"0\""))
    }

    func testHookWordsAreEscaped() {
        var words = PreviewStrings.english
        words.dismiss = "\"><img src=x>"
        let element = String(decoding: LiveReload.hookElement(strings: words, build: 1), as: UTF8.self)
        XCTAssertTrue(element.contains("data-dismiss=\"&quot;&gt;&lt;img src=x&gt;\""), element)
    }
}
