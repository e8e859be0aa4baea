// libFuzzer entry: any text as a Mustache template (with itself as a partial, to reach recursion),
// compiled in strict and lenient mode and rendered against a fixed context. Must never crash or hang.
import Mustache

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    // Built per call: LeakSanitizer counts lazily created globals as leaks of the first input.
    let context: MustacheValue = [
        "title": "<b>&\"'", "list": [["name": "a"], ["name": "b"]], "flag": true, "none": nil,
        "nested": ["deep": ["value": 1.5]],
    ]
    let templates = ["page": text, "self": text, "partials/item": "{{name}}"]
    _ = TemplateLibrary.diagnose(templates: templates, strictPartials: true)
    if let library = try? TemplateLibrary(templates: templates) {
        _ = try? library.render("page", context)
    }
    return 0
}
