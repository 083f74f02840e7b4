import GlintMedia

/// Helpers shared by the GlintGraphics tests.
enum TestUtils {}
