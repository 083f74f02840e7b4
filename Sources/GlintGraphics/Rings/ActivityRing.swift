/// One of the three Activity Rings, in drawing order from the outside in.
public enum ActivityRing: String, Sendable, CaseIterable, Codable {
    /// The outer ring: active calories against the Move goal.
    case move
    /// The middle ring: minutes of brisk activity against the Exercise goal.
    case exercise
    /// The inner ring: hours with a minute of standing against the Stand goal.
    case stand

    /// The position from the outside (Move 0, Exercise 1, Stand 2).
    public var index: Int {
        switch self {
        case .move: return 0
        case .exercise: return 1
        case .stand: return 2
        }
    }

    /// The ring's fixed colours (never overridable: the spec forbids changing them).
    public var palette: ActivityRingPalette { ActivityRingPalette.of(self) }
}
