/// The content images by the name authors write, shared and per language.
struct ImageCatalog: Sendable {
    private let shared: [String: ImageFile]
    private let byLanguage: [LanguageCode: [String: ImageFile]]
    private let names: [String]
    /// Every image, in the order given.
    let all: [ImageFile]

    init(images: [ImageFile]) {
        all = images
        var shared: [String: ImageFile] = [:]
        var byLanguage: [LanguageCode: [String: ImageFile]] = [:]
        for image in images {
            if let language = image.language {
                byLanguage[language, default: [:]][image.name] = image
            } else {
                shared[image.name] = image
            }
        }
        self.shared = shared
        self.byLanguage = byLanguage
        names = Set(images.map(\.name)).sorted()
    }

    /// The image `name` as `language` shows it: that language's version, else the shared one.
    func image(named name: String, in language: LanguageCode) -> ImageFile? {
        byLanguage[language]?[name] ?? shared[name]
    }

    /// The known name closest to `name`, for a did-you-mean.
    func nearestName(to name: String) -> String? {
        NearMiss.suggestion(for: name, among: names)
    }
}
