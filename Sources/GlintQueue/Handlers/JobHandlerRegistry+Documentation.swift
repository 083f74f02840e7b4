extension JobHandlerRegistry {
    /// The header of ``markdownTable``.
    public static let markdownTableHeader = "| kind | inputs | params |\n| --- | --- | --- |\n"

    /// Every kind with its inputs and parameters as a Markdown table: the README's table of kinds
    /// (`glint jobs kinds --markdown`; `make docs` writes it into the README).
    public var markdownTable: String {
        Self.markdownTableHeader
            + documentation.map { "| `\($0.kind)` | \($0.documentation.inputs) | \($0.documentation.parameters) |\n" }.joined()
    }
}
