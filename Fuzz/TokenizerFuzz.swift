// libFuzzer entry: any text through the search tokenizer (NFKC, case and Han folding, bigrams, IDs,
// stemming). Must never crash, and must give the same terms when run twice.
import Handbook

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    let tokenizer = SearchTokenizer()
    let first = tokenizer.tokens(text)
    if first != tokenizer.tokens(text) { fatalError("the tokenizer is not deterministic for \(text.debugDescription)") }
    for token in first where token.isEmpty { fatalError("empty term from \(text.debugDescription)") }
    return 0
}
