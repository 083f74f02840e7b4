/// GlintGraphics draws Activity Rings and composites badges onto photos, to the rules in
/// `shared/spec/rings-and-badges.md`. It depends on GlintMedia for images and codecs and on
/// nothing server-side, so it is usable as a library.
public enum GlintGraphics {}
