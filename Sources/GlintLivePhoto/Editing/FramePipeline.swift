import GlintMedia

/// What a ``FramePipeline`` does with a decoded frame, chosen by its presentation time.
enum FrameSelection: Sendable, Equatable {
    /// Edit and encode it, at this output time (in the movie's media timescale).
    case keep(Int64)
    /// Leave it out.
    case skip
    /// Leave it and every later frame out: decoding stops.
    case stop
}

/// A movie's frames flowing through three concurrent stages joined by small bounded queues:
///
/// 1. decode (thread `glint.decode`): the ``VideoFileReader`` demuxes and decodes (with
///    FFmpeg's own frame threads), and ``FrameSelection`` picks and times each frame;
/// 2. edit (thread `glint.edit`): a ``MovieFrameEditor`` crops, scales, colours and turns;
/// 3. encode (the calling thread): the caller's `encode` closure, in presentation order.
///
/// Each queue holds ``depth`` frames, so at most a few frames are in flight whatever the
/// movie's length, and the frames the encoder is done with go back to the edit stage to be
/// written again: the pipeline allocates a handful of frame buffers for a whole movie. The
/// order of frames is kept.
///
/// A failure in any stage cancels the queues, so the other stages stop at their next frame;
/// ``run(reader:editor:select:hold:encode:)`` joins every stage before it returns
/// or rethrows the first failure.
enum FramePipeline {
    /// Frames held between two stages.
    static let depth = 1

    /// A decoded frame on its way to the edit stage, with its output time.
    private struct Decoded {
        var frame: DecodedVideoFrame
        var time: Int64
    }

    /// An edited frame on its way to the encoder, with its output time.
    private struct Edited {
        var frame: YUVFrame
        var time: Int64
    }

    /// Runs the pipeline to the end of the movie (or the first ``FrameSelection/stop``).
    /// - Parameters:
    ///   - reader: The open movie, handed over to the decode stage.
    ///   - editor: The frame editor, handed over to the edit stage.
    ///   - select: Picks and times frames by presentation time, on the decode stage's thread
    ///     (handed over to it); every frame as it is by default.
    ///   - hold: Where decoding pauses for work running alongside, if anywhere.
    ///   - encode: Called on the calling thread with each edited frame and its output time, in
    ///     order. The frame is written again afterwards: the encoder must not keep it.
    /// - Returns: The number of frames encoded.
    /// - Throws: The first error of any stage (decoding: ``MediaError`` naming no file, which the
    ///   caller adds).
    static func run(
        reader: sending VideoFileReader, editor: sending MovieFrameEditor,
        select: sending @escaping (Int64) -> FrameSelection = { .keep($0) },
        hold: FrameHold? = nil, encode: (YUVFrame, Int64) throws -> Void
    ) throws -> Int {
        let decoded = BoundedQueue<Decoded>(capacity: depth)
        let edited = BoundedQueue<Edited>(capacity: depth)
        // The frames edited pictures are written into: one being written, `depth` waiting, one
        // being encoded. Made here, before the stages start, and handed round: the encoder gives
        // each back once it has taken the picture, and the edit stage writes it again.
        let recycled = BoundedQueue<YUVFrame>(capacity: depth + 2)
        for _ in 0..<recycled.capacity { recycled.offer(try editor.makeOutputFrame()) }
        @Sendable func cancelAll() {
            decoded.cancel()
            edited.cancel()
            recycled.cancel()
        }

        let decoding = decodeStage(reader: reader, select: select, hold: hold, into: decoded, cancelAll: cancelAll)
        let editing = editStage(editor: editor, from: decoded, into: edited, recycled: recycled, cancelAll: cancelAll)

        var count = 0
        var failure: (any Error)?
        do {
            while let item = edited.take() {
                try encode(item.frame, item.time)
                count += 1
                recycled.offer(item.frame)
            }
        } catch {
            failure = error
            cancelAll()
        }
        let decodeOutcome = Result { try decoding.join() }
        let editOutcome = Result { try editing.join() }
        // A stage that failed cancelled the others: its error is the cause.
        try decodeOutcome.get()
        try editOutcome.get()
        if let failure { throw failure }
        return count
    }

    /// The decode stage: demuxes and decodes `reader`'s frames, pausing at `hold`, and puts the
    /// ones `select` keeps into `decoded`, with their output times.
    private static func decodeStage(
        reader: sending VideoFileReader, select: sending @escaping (Int64) -> FrameSelection,
        hold: FrameHold?, into decoded: BoundedQueue<Decoded>,
        cancelAll: @escaping @Sendable () -> Void
    ) -> StageThread<Void> {
        StageThread(name: "glint.decode") {
            do {
                var index = 0
                while true {
                    if index == hold?.frames { hold?.latch.wait() }
                    guard let frame = try reader.nextFrame() else { break }
                    guard let pts = frame.pts else { throw MediaError(.corrupt, "frame \(index) has no timestamp") }
                    index += 1
                    switch select(pts) {
                    case .skip: continue
                    case .stop:
                        decoded.finish()
                        return
                    case .keep(let time): guard decoded.put(Decoded(frame: frame, time: time)) else { return }
                    }
                }
                decoded.finish()
            } catch {
                cancelAll()
                throw error
            }
        }
    }

    /// The edit stage: edits each frame from `decoded` into a frame taken back from `recycled`
    /// (or a new one), and puts it into `edited`.
    private static func editStage(
        editor: sending MovieFrameEditor, from decoded: BoundedQueue<Decoded>,
        into edited: BoundedQueue<Edited>, recycled: BoundedQueue<YUVFrame>,
        cancelAll: @escaping @Sendable () -> Void
    ) -> StageThread<Void> {
        StageThread(name: "glint.edit") {
            do {
                while let item = decoded.take() {
                    let frame = try editor.edit(item.frame, reusing: recycled.poll())
                    guard edited.put(Edited(frame: frame, time: item.time)) else { return }
                }
                if !decoded.isCancelled { edited.finish() }
            } catch {
                cancelAll()
                throw error
            }
        }
    }
}
