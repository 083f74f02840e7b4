/// What a job kind takes, in the words `glint jobs kinds`, the README's table of kinds and the API
/// documentation show: written once, beside the handler.
public struct JobKindDocumentation: Sendable, Hashable, Codable {
    /// One line: what a job of this kind does.
    public var summary: String
    /// The inputs, as Markdown (`` `still`, `movie`, optional `lut` ``); "none" when it takes none.
    public var inputs: String
    /// The parameters, as Markdown (`` `move`, `exercise`, `stand`, `size` ``).
    public var parameters: String

    public init(summary: String, inputs: String, parameters: String) {
        self.summary = summary
        self.inputs = inputs
        self.parameters = parameters
    }
}
