/// `Mustache` compiles Mustache templates once and renders them many times, as the official
/// specification describes, including template inheritance (`{{<parent}}`, `{{$block}}`) and dynamic
/// partial names (`{{>*name}}`); lambdas are not supported.
///
/// 1. `Scanner` cuts a template's bytes into text, line breaks and tags, following set-delimiter tags.
/// 2. `StandaloneFilter` groups the tokens into lines and removes the whitespace of standalone lines,
///    marking where lines begin so partials and blocks can be indented at render time.
/// 3. `Parser` nests sections, blocks and parents into a `Node` tree, dedents standalone blocks and
///    reports syntax errors with their line and column.
/// 4. `TemplateLibrary` compiles every template of a site once; `Renderer` walks the trees against a
///    `MustacheValue` context stack, appending to one string.
