import GlintMedia

/// Edits decoded movie frames into frames for the encoder: the middle stage of a
/// ``FramePipeline``, applying the one pixel pipeline of the edit (``FrameProcessor``).
///
/// When every step is a crop, a scale, a turn or a pointwise colour change
/// (``FrameProcessor/isPointwise``), frames never leave YUV: the crop is read in place (or
/// scaled by swscale), the colour change is baked once into a ``YUVColourTable`` and applied
/// per sample, and the turn moves samples. Otherwise each frame goes through RGB:
/// ``FrameConverter/rgbImage(from:crop:width:height:)``, ``FrameProcessor/process(_:)``,
/// ``FrameConverter/yuvFrame(from:range:matrix:)``. Either way the geometry and the colour
/// change come from the same processor as the still's.
///
/// Not `Sendable`: one editor per thread. Frames it returns may come back through
/// `reusing`, so a movie is edited with a handful of frame buffers.
final class MovieFrameEditor {
    /// The edit, for this movie's geometry.
    let processor: FrameProcessor
    /// How the encoder wants its samples.
    let output: YUVCoding
    /// The encoder's colour tags (for the RGB path).
    let outputColour: VideoColourInfo
    private let converter = FrameConverter()
    /// The table for the coding of the frames seen so far (built on the first frame).
    private var table: (source: YUVCoding, table: YUVColourTable?)?
    /// Scratch frame before the turn (stays on this thread).
    private var unturned: YUVFrame?

    /// Creates an editor, preparing the colour table for frames as `stream` describes them.
    /// - Parameters:
    ///   - processor: The edit, with this movie's geometry.
    ///   - stream: The decoded stream (its size and colour tags).
    ///   - outputColour: The encoder's colour tags (``VideoEncoder/colourInfo``).
    init(processor: FrameProcessor, stream: VideoStreamInfo, outputColour: VideoColourInfo) {
        self.processor = processor
        self.outputColour = outputColour
        let geometry = processor.geometry
        output = YUVCoding(encoded: outputColour, width: geometry.outputWidth, height: geometry.outputHeight)
        if processor.isPointwise {
            prepareTable(for: YUVCoding(decoded: stream.colourInfo, width: stream.width, height: stream.height))
        }
    }

    /// A frame of the output size, for the pool of frames the edited pictures are written into.
    func makeOutputFrame() throws -> YUVFrame {
        let geometry = processor.geometry
        return try YUVFrame(width: geometry.outputWidth, height: geometry.outputHeight, range: output.range, matrix: output.matrix)
    }

    /// Edits one frame.
    /// - Parameters:
    ///   - frame: The decoded frame.
    ///   - reusing: A frame the encoder is done with, to write into; `nil` allocates.
    /// - Returns: The edited frame, at the geometry's output size, in the encoder's coding.
    func edit(_ frame: DecodedVideoFrame, reusing: YUVFrame?) throws -> YUVFrame {
        guard processor.isPointwise else { return try editThroughRGB(frame) }
        let geometry = processor.geometry
        let crop = processor.sourceRect
        let turns = geometry.pixelTransform != .up
        let table = try colourTable(for: frame)
        // The frame the crop, scale and colour land in: the output itself unless it is turned after.
        let target = turns ? unturned : reusing
        var edited: YUVFrame
        if let table, frame.isEightBit420, crop.width == geometry.scaledWidth, crop.height == geometry.scaledHeight {
            if let target, target.width == crop.width, target.height == crop.height {
                try target.makeWritable()
                edited = target
            } else {
                edited = try YUVFrame(width: crop.width, height: crop.height, range: output.range, matrix: output.matrix)
            }
            try table.apply(to: frame, crop: crop, into: edited)
        } else {
            edited = try converter.yuvFrame(
                from: frame, crop: crop, width: geometry.scaledWidth,
                height: geometry.scaledHeight, reusing: target)
            table?.apply(to: edited)
        }
        guard turns else { return edited }
        unturned = edited
        return try edited.transformed(by: geometry.pixelTransform, reusing: reusing)
    }

    /// The table from `frame`'s coding to the encoder's, `nil` when nothing changes.
    private func colourTable(for frame: DecodedVideoFrame) throws -> YUVColourTable? {
        let source = YUVCoding(decoded: frame.colourInfo, width: frame.width, height: frame.height)
        if table?.source != source { prepareTable(for: source) }
        return table?.table
    }

    /// Bakes the table for frames in `source` coding (none when nothing changes).
    private func prepareTable(for source: YUVCoding) {
        var built: YUVColourTable?
        if processor.changesColour || source != output {
            let processor = processor
            built = YUVColourTable(
                source: source, output: output,
                change: processor.changesColour ? { processor.applyColour(to: &$0) } : nil)
        }
        table = (source, built)
    }

    /// The general path: to RGB, the processor, back to YUV.
    private func editThroughRGB(_ frame: DecodedVideoFrame) throws -> YUVFrame {
        let geometry = processor.geometry
        let scaled = try converter.rgbImage(
            from: frame, crop: processor.sourceRect,
            width: geometry.scaledWidth, height: geometry.scaledHeight)
        return try converter.yuvFrame(from: processor.process(scaled), range: outputColour.range, matrix: outputColour.matrix)
    }
}
