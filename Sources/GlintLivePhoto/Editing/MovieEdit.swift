import GlintMedia

/// One edit of a Live Photo movie for ``MovieEditor/edit(_:progress:)``: the movie, where the
/// result goes, the recipe, and what the edit shares with the still edited alongside it.
public struct MovieEdit {
    /// The source movie, as parsed.
    public var movie: QuickTimeMovie
    /// The output path (written atomically).
    public var destination: String
    /// The edit.
    public var recipe: EditRecipe
    /// The still's output aspect ratio, which the movie is made to match.
    public var displayAspect: Double?
    /// The identifier the output must carry (`nil` keeps the movie's).
    public var contentIdentifier: ContentIdentifier?
    /// Encoder settings.
    public var encoding: MovieEncoding
    /// The timeline and sound plan (made from ``recipe`` when `nil`).
    public var plan: MovieEditPlan?
    /// The recipe's colour part, prepared (``ColourPipeline/init(recipe:)``); `nil` prepares it
    /// when the edit runs.
    public var colour: ColourPipeline?
    /// Where the frames wait for work running alongside the movie (the still), if anywhere.
    public var hold: FrameHold?

    /// Describes an edit of `movie` into `destination`.
    /// - Parameters:
    ///   - movie: The source movie, as parsed.
    ///   - destination: The output path (written atomically).
    ///   - recipe: The edit.
    ///   - displayAspect: The still's output aspect ratio, which the movie is made to match.
    ///   - contentIdentifier: The identifier the output must carry (`nil` keeps the movie's).
    ///   - encoding: Encoder settings.
    ///   - plan: The timeline and sound plan (made from `recipe` when `nil`).
    ///   - colour: The recipe's colour part, prepared (``ColourPipeline/init(recipe:)``); `nil`
    ///     prepares it when the edit runs.
    ///   - hold: Where the frames wait for work running alongside the movie (the still), if anywhere.
    public init(
        movie: QuickTimeMovie, destination: String, recipe: EditRecipe, displayAspect: Double?,
        contentIdentifier: ContentIdentifier?, encoding: MovieEncoding = .default, plan: MovieEditPlan? = nil,
        colour: ColourPipeline? = nil, hold: FrameHold? = nil
    ) {
        self.movie = movie
        self.destination = destination
        self.recipe = recipe
        self.displayAspect = displayAspect
        self.contentIdentifier = contentIdentifier
        self.encoding = encoding
        self.plan = plan
        self.colour = colour
        self.hold = hold
    }
}
