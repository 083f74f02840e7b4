import GlintQueue

/// Kind names for the store's tests: a store keeps any dotted name, and these read like Glint's
/// own (GlintQueue itself knows no media kind).
extension JobKind {
    static let ringsRender: JobKind = "rings.render"
    static let badgeApply: JobKind = "badge.apply"
}
