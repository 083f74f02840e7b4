/// The result of compositing onto a JPEG.
public struct JPEGPatchResult: Sendable {
    /// The whole new JPEG file, with every original marker segment (APPn: EXIF, XMP, ICC, MPF...;
    /// COM) kept, and what followed the image (MPF secondary images) after it.
    public var bytes: [UInt8]
    /// How the patch was written.
    public var method: JPEGPatchMethod
    /// The iMCU-aligned pixel rectangle that was decoded and re-encoded, clipped to the image.
    public var blockBounds: (x: Int, y: Int, width: Int, height: Int)
    /// How many DCT blocks (of all components) were re-encoded because their pixels changed.
    public var changedBlockCount: Int

    /// Creates a result.
    public init(
        bytes: [UInt8], method: JPEGPatchMethod, blockBounds: (x: Int, y: Int, width: Int, height: Int),
        changedBlockCount: Int
    ) {
        self.bytes = bytes
        self.method = method
        self.blockBounds = blockBounds
        self.changedBlockCount = changedBlockCount
    }
}
