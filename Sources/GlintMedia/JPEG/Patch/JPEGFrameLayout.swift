/// A rectangle of 8x8 blocks in one component's block grid.
public struct BlockRect: Sendable, Equatable {
    /// First block column.
    public var x: Int
    /// First block row.
    public var y: Int
    /// Block columns.
    public var width: Int
    /// Block rows.
    public var height: Int
    /// The number of blocks.
    public var count: Int { width * height }

    /// Creates a rectangle of blocks.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// The frame of a JPEG as its blocks are laid out: size, colour space, each component's sampling
/// factors, block grid and quantisation table.
public struct JPEGFrameLayout: Sendable, Equatable {
    /// One component of the frame.
    public struct Component: Sendable, Equatable {
        /// The component identifier from the frame header.
        public var id: Int
        /// Horizontal sampling factor (1...4).
        public var horizontalSampling: Int
        /// Vertical sampling factor (1...4).
        public var verticalSampling: Int
        /// Blocks that cover the component's samples (the padding blocks of edge MCUs excluded).
        public var widthInBlocks: Int
        /// Block rows that cover the component's samples.
        public var heightInBlocks: Int
        /// The quantisation table, 64 values in natural (row-major) order.
        public var quantization: [UInt16]
    }

    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// The colour space of the components.
    public var colourSpace: JPEGColourSpace
    /// The components in frame order.
    public var components: [Component]

    /// Creates a layout.
    public init(width: Int, height: Int, colourSpace: JPEGColourSpace, components: [Component]) {
        self.width = width
        self.height = height
        self.colourSpace = colourSpace
        self.components = components
    }

    /// The largest horizontal sampling factor.
    public var maxHorizontalSampling: Int { components.map(\.horizontalSampling).max() ?? 1 }
    /// The largest vertical sampling factor.
    public var maxVerticalSampling: Int { components.map(\.verticalSampling).max() ?? 1 }
    /// The width in pixels of an iMCU (one MCU of an interleaved scan).
    public var iMCUWidth: Int { 8 * maxHorizontalSampling }
    /// The height in pixels of an iMCU.
    public var iMCUHeight: Int { 8 * maxVerticalSampling }

    /// How many pixels one sample of component `index` spans across and down.
    public func pixelsPerSample(_ index: Int) -> (x: Int, y: Int) {
        (
            maxHorizontalSampling / components[index].horizontalSampling,
            maxVerticalSampling / components[index].verticalSampling
        )
    }

    /// The iMCU-aligned pixel rectangle covering `x, y, width, height`, clipped to the image.
    /// The rectangle must lie inside the image.
    public func iMCUBounds(x: Int, y: Int, width: Int, height: Int) -> PixelRect {
        let x0 = x / iMCUWidth * iMCUWidth
        let y0 = y / iMCUHeight * iMCUHeight
        let x1 = min(self.width, (x + width + iMCUWidth - 1) / iMCUWidth * iMCUWidth)
        let y1 = min(self.height, (y + height + iMCUHeight - 1) / iMCUHeight * iMCUHeight)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The blocks of component `index` covering an iMCU-aligned pixel rectangle (whole iMCUs,
    /// so the padding blocks of edge iMCUs are included).
    public func blockRect(component index: Int, covering rect: PixelRect) -> BlockRect {
        let (sx, sy) = pixelsPerSample(index)
        let x1 = (rect.x + rect.width + iMCUWidth - 1) / iMCUWidth * iMCUWidth
        let y1 = (rect.y + rect.height + iMCUHeight - 1) / iMCUHeight * iMCUHeight
        let bx = rect.x / (8 * sx)
        let by = rect.y / (8 * sy)
        return BlockRect(x: bx, y: by, width: x1 / (8 * sx) - bx, height: y1 / (8 * sy) - by)
    }

    /// Checks that the layout is one this code can turn into pixels and back: 8-bit grey, YCbCr
    /// or RGB with sampling factors that divide the largest ones.
    /// - Throws: ``MediaError`` `.unsupported`.
    public func validateForPatching() throws {
        switch (colourSpace, components.count) {
        case (.grayscale, 1), (.yCbCr, 3), (.rgb, 3): break
        default:
            throw MediaError(.unsupported, "JPEG in \(colourSpace.rawValue) with \(components.count) components cannot be patched")
        }
        for component in components
        where maxHorizontalSampling % component.horizontalSampling != 0
            || maxVerticalSampling % component.verticalSampling != 0
        {
            throw MediaError(
                .unsupported,
                "JPEG sampling factors \(components.map { "\($0.horizontalSampling)x\($0.verticalSampling)" }.joined(separator: ",")) cannot be patched")
        }
    }
}
