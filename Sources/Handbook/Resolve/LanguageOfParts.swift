import Markdown

/// Marks English quoted in a page of another script — an error message, a button name, a sentence
/// of a standard — as English (`<span lang="en">`), so a screen reader reads it with an English
/// voice (WCAG 3.1.2 Language of Parts), with no markup for translators to write.
///
/// A run is three or more Latin-script words in one piece of text, with nothing but spaces and
/// ASCII punctuation between them; code spans and code blocks are left alone. Shorter runs (API
/// names, "VoiceOver", "Android Studio") are names that voices read well in either language.
enum LanguageOfParts {
    /// Fewest words in a run that is marked.
    static let minimumWords = 3

    /// Whether text in `language` is written in another script than Latin, so that Latin runs in it
    /// are quotations.
    static func needsMarking(_ language: LanguageCode) -> Bool {
        ["zh", "ja", "ko", "ru", "uk", "be", "bg", "el", "ar", "he", "th", "hi", "yue"].contains(language.primaryLanguage)
    }

    /// Wraps every run in `body` in a span of `language` (the source language).
    static func mark(_ body: inout MarkdownNode, as language: LanguageCode) {
        body.transform { node in
            guard !node.children.isEmpty, node.children.contains(where: { if case .text = $0.kind { true } else { false } }) else {
                return
            }
            if case .languageSpan = node.kind { return }
            var children: [MarkdownNode] = []
            for child in node.children {
                guard case .text(let text) = child.kind else {
                    children.append(child)
                    continue
                }
                var last = text.unicodeScalars.startIndex
                for run in runs(in: text) {
                    if last < run.lowerBound {
                        children.append(MarkdownNode(kind: .text(String(text.unicodeScalars[last..<run.lowerBound])), start: child.start, end: child.end))
                    }
                    let quoted = MarkdownNode(kind: .text(String(text.unicodeScalars[run])), start: child.start, end: child.end)
                    children.append(MarkdownNode(kind: .languageSpan(lang: language.rawValue), children: [quoted], start: child.start, end: child.end))
                    last = run.upperBound
                }
                if last == text.unicodeScalars.startIndex {
                    children.append(child)
                } else if last < text.unicodeScalars.endIndex {
                    children.append(MarkdownNode(kind: .text(String(text.unicodeScalars[last...])), start: child.start, end: child.end))
                }
            }
            node.children = children
        }
    }

    /// The ranges of the runs in `text`, in one pass. Words must be spaced (an address such as
    /// `https://a.example/b/c` is no sentence), and a bracket opened in the run is closed in it.
    static func runs(in text: String) -> [Range<String.UnicodeScalarView.Index>] {
        let scalars = text.unicodeScalars
        var out: [Range<String.UnicodeScalarView.Index>] = []
        var runStart: String.UnicodeScalarView.Index?
        var runEnd = scalars.startIndex
        var words = 0, spacedGaps = 0, openBrackets = 0
        var gapHasSpace = false
        var index = scalars.startIndex
        func close() {
            if let start = runStart, words >= minimumWords, spacedGaps >= minimumWords - 1 { out.append(start..<runEnd) }
            runStart = nil
            words = 0
            spacedGaps = 0
            openBrackets = 0
        }
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if isLetter(scalar) {
                // One word: letters, digits and inner apostrophes or hyphens.
                let start = index
                while index < scalars.endIndex,
                    isLetter(scalars[index]) || ("0"..."9").contains(scalars[index])
                        || ("'’-".unicodeScalars.contains(scalars[index]) && scalars.index(after: index) < scalars.endIndex
                            && isLetter(scalars[scalars.index(after: index)]))
                {
                    index = scalars.index(after: index)
                }
                if runStart == nil { runStart = start } else if gapHasSpace { spacedGaps += 1 }
                words += 1
                gapHasSpace = false
                runEnd = index
                // A sentence's full stop, and a bracket the run opened, belong to it.
                while index < scalars.endIndex, ".!?".unicodeScalars.contains(scalars[index]) || (scalars[index] == ")" && openBrackets > 0) {
                    if scalars[index] == ")" { openBrackets -= 1 }
                    index = scalars.index(after: index)
                    runEnd = index
                }
            } else if scalar == " " || Self.joiners.contains(scalar) || ("0"..."9").contains(scalar) {
                if scalar == " " { gapHasSpace = true }
                if scalar == "(" && runStart != nil { openBrackets += 1 }
                index = scalars.index(after: index)
                // A number after a word ("iOS 7", "greater than 11.0") belongs to the run.
                if ("0"..."9").contains(scalar), runStart != nil {
                    var end = index
                    while end < scalars.endIndex, ("0"..."9").contains(scalars[end]) || (scalars[end] == "." && scalars.index(after: end) < scalars.endIndex && ("0"..."9").contains(scalars[scalars.index(after: end)])) {
                        end = scalars.index(after: end)
                    }
                    index = end
                    runEnd = end
                }
            } else {
                close()
                index = scalars.index(after: index)
            }
        }
        close()
        return out
    }

    /// What may stand between two words of one English run.
    private static let joiners = Set(",.:;!?'\"()/&-–’".unicodeScalars)

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
