/// How a patch was written into the JPEG.
public enum JPEGPatchMethod: String, Sendable, Codable {
    /// The entropy-coded data was spliced: only the changed MCUs (and the DC difference after each
    /// changed run) were Huffman-coded again, the rest of the scan copied as it was (bit-shifted
    /// where needed). Baseline Huffman files only.
    case bitstreamSplice = "splice"
    /// All blocks were read through libjpeg-turbo's coefficient API and written again as a new
    /// scan (as jpegtran does): the changed blocks re-encoded, every other block's coefficients
    /// unchanged. Works for every JPEG libjpeg reads.
    case coefficients
}
