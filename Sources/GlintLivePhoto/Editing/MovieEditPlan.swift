import GlintMedia

/// Everything an edit does to a movie besides its pixels, decided from the movie's structure
/// before any frame is decoded, so that a recipe that cannot be applied (a trim that keeps no
/// frame, a key photo outside the movie, compressed sound to be cut) fails before any work and
/// leaves nothing behind.
public struct MovieEditPlan: Sendable {
    /// Frames kept, their times, the key photo and the still time.
    public let timeline: TimelinePlan
    /// What happens to the sound tracks.
    public let audio: AudioEditPlan

    /// Plans `recipe` for `movie`.
    /// - Throws: ``RecipeError`` or ``MediaError`` naming the problem.
    public init(movie: QuickTimeMovie, recipe: EditRecipe) throws {
        timeline = try TimelinePlan(movie: movie, recipe: recipe)
        audio = try AudioEditPlan(movie: movie, recipe: recipe, timeline: timeline)
    }
}
