import XCTest

@testable import Handbook

/// Which code spans the A–Z index lists as API names: single names with a capital letter, not
/// literals, plain words, file names or lines of code.
final class APINameTests: XCTestCase {
    func testNamesOfTypesPropertiesMethodsAndConstantsCount() {
        for name in [
            "contentDescription", "accessibilityLabel", "UIAccessibilityTraitButton", "TextView", "Build.VERSION.SDK_INT",
            "UIAccessibility.isReduceMotionEnabled", "android:contentDescription", "requestFocus()", "viewWillDisappear(_:)",
            "UIFont.preferredFont(forTextStyle:)", "open(_:options:completionHandler:)", "openURL:options:completionHandler:",
            "canOpenURL:", "ACTION_DIAL", "M13CheckboxStateChecked",
        ] {
            XCTAssertEqual(APIName.name(inCodeSpan: name), name, name)
        }
    }

    func testASettingIndexesTheNameItSets() {
        XCTAssertEqual(APIName.name(inCodeSpan: "android:importantForAccessibility=\"no\""), "android:importantForAccessibility")
        XCTAssertEqual(APIName.name(inCodeSpan: "numberOfLines = 0"), "numberOfLines")
        XCTAssertEqual(APIName.name(inCodeSpan: "self.mapView.myLocationEnabled = YES"), "mapView.myLocationEnabled")
        XCTAssertEqual(APIName.name(inCodeSpan: "isAccessibilityElement = false"), "isAccessibilityElement")
    }

    func testPlainWordsLiteralsFilesAndCodeLinesDoNotCount() {
        for code in [
            "timer", "sp", "tel:", "mailto", "start()", "true", "YES", "nil", "RegisterFragment.java", "fragment_welcome.xml",
            ".header", "values-b+zh+Hant", "res/values/colors.xml", "prefs.getBoolean(\"background_music\", false)",
            "self.lastName == nil || [self.lastName isEqualToString:@\"\"]", "if #available(iOS 17, *)",
            "findViewById(...).getId()", "private Runnable = new Runnable()", "order % 3", "",
        ] {
            XCTAssertNil(APIName.name(inCodeSpan: code), code)
        }
    }
}
