/// Heading anchors: lower-case letters and digits of any script, with `-` for spaces, so that
/// `## On Android` is `#on-android` and Chinese headings keep their characters.
public enum Slug {
    /// The anchor for a heading's text.
    public static func make(_ text: String) -> String {
        var out = ""
        var pendingDash = false
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_" {
                if pendingDash && !out.isEmpty { out += "-" }
                pendingDash = false
                out.unicodeScalars.append(scalar)
            } else if scalar == " " || scalar == "-" || scalar == "\t" {
                pendingDash = true
            }
        }
        return out
    }
}
