import Foundation
import Handbook

/// The reload hook served pages carry (never the files in the output folder): an inline script,
/// allowed by its hash, that listens to the server's event stream, reloads the page when a rebuild
/// wrote it (or the shared style sheet or scripts), and after a failed rebuild shows the errors in a
/// dismissable panel, announced through a polite status message, until the next good build.
public enum LiveReload {
    /// The event stream's path below the server root (a name no build writes).
    public static let eventsPath = "__handbook/events"

    /// The hook; its words come from the `data-` attributes of its element, so its text, and
    /// therefore its hash, is the same on every page.
    static let script = #"""
(function () {
  "use strict";
  var hook = document.currentScript;
  var build = hook.getAttribute("data-build");
  var page = location.pathname.replace(/^\/+/, "");
  try { page = decodeURIComponent(page); } catch (error) {}
  if (page === "" || /\/$/.test(page)) page += "index.html";
  var status = document.createElement("div");
  status.setAttribute("role", "status");
  Object.assign(status.style, { position: "absolute", width: "1px", height: "1px", margin: "-1px", padding: "0",
    overflow: "hidden", clipPath: "inset(50%)", whiteSpace: "nowrap", border: "0" });
  (document.querySelector("main") || document.body).appendChild(status);
  var panel = null;
  function hidePanel() {
    if (panel) { panel.remove(); panel = null; }
  }
  function showPanel(lines) {
    hidePanel();
    panel = document.createElement("aside");
    panel.id = "handbook-serve-errors";
    panel.setAttribute("aria-labelledby", "handbook-serve-errors-heading");
    Object.assign(panel.style, { position: "fixed", left: "0", right: "0", bottom: "0", zIndex: "2147483647",
      maxHeight: "40vh", overflow: "auto", margin: "0", padding: "1rem 1.25rem", background: "#ffffff",
      color: "#1a1a1a", borderTop: "4px solid #a4000f", boxShadow: "0 -2px 8px rgba(0, 0, 0, 0.3)",
      font: "16px/1.5 system-ui, sans-serif", textAlign: "start" });
    var heading = document.createElement("h2");
    heading.id = "handbook-serve-errors-heading";
    heading.textContent = hook.getAttribute("data-heading");
    Object.assign(heading.style, { margin: "0 0 0.5rem", fontSize: "1.125rem", color: "#a4000f", background: "#ffffff" });
    var list = document.createElement("ul");
    list.lang = "en";
    list.dir = "ltr";
    Object.assign(list.style, { margin: "0 0 0.75rem", padding: "0", listStyle: "none", color: "#1a1a1a",
      fontFamily: "ui-monospace, monospace", fontSize: "0.9rem", whiteSpace: "pre-wrap", overflowWrap: "anywhere" });
    lines.forEach(function (line) {
      var item = document.createElement("li");
      item.textContent = line;
      list.appendChild(item);
    });
    var button = document.createElement("button");
    button.type = "button";
    button.textContent = hook.getAttribute("data-dismiss");
    Object.assign(button.style, { font: "inherit", padding: "0.25rem 0.75rem", color: "#1a1a1a",
      background: "#f2f2f2", border: "2px solid #1a1a1a", borderRadius: "4px", cursor: "pointer" });
    button.addEventListener("click", hidePanel);
    panel.addEventListener("keydown", function (event) { if (event.key === "Escape") hidePanel(); });
    panel.append(heading, list, button);
    document.body.appendChild(panel);
    status.textContent = hook.getAttribute("data-announce");
  }
  function touches(written) {
    return written.some(function (path) { return path === page || /^assets\/[^\/]+\.(css|js)$/.test(path); });
  }
  var events = new EventSource("/__handbook/events");
  events.addEventListener("state", function (event) {
    var data = JSON.parse(event.data);
    if (String(data.build) !== build) { location.reload(); return; }
    if (data.errors) showPanel(data.errors);
  });
  events.addEventListener("built", function (event) {
    var data = JSON.parse(event.data);
    build = String(data.build);
    if (touches(data.written)) { location.reload(); return; }
    hidePanel();
    status.textContent = "";
  });
  events.addEventListener("failed", function (event) {
    status.textContent = "";
    showPanel(JSON.parse(event.data).errors);
  });
})();
"""#

    /// The CSP source that allows the hook: `'sha256-…'` of its text.
    public static let scriptHash = "'sha256-" + Data(SHA256.digest(Array(script.utf8))).base64EncodedString() + "'"

    /// The site's own policy, for pages that carry none.
    public static let fallbackPolicy =
        "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'"

    /// `policy` with the hook allowed: its hash in `script-src` and the event stream in `connect-src`.
    public static func servedPolicy(_ policy: String) -> String {
        var directives = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        func add(_ source: String, to name: String) {
            if let index = directives.firstIndex(where: { $0 == name || $0.hasPrefix(name + " ") }) {
                directives[index] += " " + source
            } else {
                directives.append(name + " " + source)
            }
        }
        add(scriptHash, to: "script-src")
        add("'self'", to: "connect-src")
        return directives.joined(separator: "; ")
    }

    static let policyMeta = Array(#"<meta http-equiv="Content-Security-Policy" content=""#.utf8)

    /// The policy of the page's `<meta http-equiv="Content-Security-Policy">`, if it has one.
    public static func policy(of html: [UInt8]) -> String? {
        guard let range = policyRange(in: html) else { return nil }
        return String(decoding: html[range], as: UTF8.self)
    }

    /// `html` as served: its meta policy widened by `servedPolicy` and the hook put before `</body>`
    /// (at the end when there is none); also returns the policy for the response header.
    public static func inject(into html: [UInt8], strings: PreviewStrings, build: Int) -> (html: [UInt8], policy: String) {
        var out = html
        let policy: String
        if let range = policyRange(in: html) {
            policy = servedPolicy(String(decoding: html[range], as: UTF8.self))
            out.replaceSubrange(range, with: Array(policy.utf8))  // quotes and ampersands cannot occur in it
        } else {
            policy = servedPolicy(fallbackPolicy)
        }
        let element = hookElement(strings: strings, build: build)
        if let end = lastRange(of: Array("</body>".utf8), in: out) {
            out.insert(contentsOf: element, at: end.lowerBound)
        } else {
            out += element
        }
        return (out, policy)
    }

    /// The `<script>` element `inject` adds.
    public static func hookElement(strings: PreviewStrings, build: Int) -> [UInt8] {
        let escape = NotFoundPage.escape
        return Array(
            ("<script data-build=\"\(build)\" data-heading=\"\(escape(strings.errorsHeading))\""
                + " data-announce=\"\(escape(strings.errorsAnnouncement))\" data-dismiss=\"\(escape(strings.dismiss))\">"
                + script + "</script>\n").utf8)
    }

    private static func policyRange(in html: [UInt8]) -> Range<Int>? {
        guard let meta = firstRange(of: policyMeta, in: html) else { return nil }
        guard let close = html[meta.upperBound...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return meta.upperBound..<close
    }

    private static func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard needle.count <= haystack.count else { return nil }
        var index = 0
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index..<(index + needle.count)
            }
            index += 1
        }
        return nil
    }

    private static func lastRange(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard needle.count <= haystack.count else { return nil }
        var index = haystack.count - needle.count
        while index >= 0 {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index..<(index + needle.count)
            }
            index -= 1
        }
        return nil
    }
}
