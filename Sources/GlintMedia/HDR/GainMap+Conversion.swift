import Foundation

extension GainMap {
    /// The same gains in another form, for a still converted to another format: Apple's map as
    /// Ultra HDR (`log2 gain` from 0 to `log2 headroom`, gamma 1, no offsets: the same gains), or
    /// an Ultra HDR / ISO map as Apple's (headroom the largest gain, at most
    /// ``AppleHDRHeadroom/maximum``; gains below 1 and offsets, which Apple's form cannot hold,
    /// are dropped). Each code value is mapped once through a table.
    public func converted(toApple apple: Bool) -> GainMap {
        let target: Encoding
        switch (encoding, apple) {
        case (.apple, true), (.logarithmic, false): return self
        case (.apple(let headroom), false):
            let top = log2(max(headroom, 1 + 1e-6))
            target = .logarithmic(
                GainMapParameters(gainMapMin: [0], gainMapMax: [top], gamma: [1], offsetSDR: [0], offsetHDR: [0], hdrCapacityMin: 0, hdrCapacityMax: top))
        case (.logarithmic(let parameters), true):
            let top = GainMapParameters.expanded(parameters.gainMapMax).max() ?? 0
            target = .apple(headroom: min(max(pow(2, top), 1), AppleHDRHeadroom.maximum))
        }
        let tables = gainTables
        var converted = image
        let lookup = (0..<3).map { channel in
            (0..<256).map { Self.code(gain: Double(tables[channel][$0]), channel: channel, encoding: target) }
        }
        for i in stride(from: 0, to: converted.pixels.count, by: 3) {
            for c in 0..<3 { converted.pixels[i + c] = lookup[channels == 1 ? 0 : c][Int(image.pixels[i + c])] }
        }
        // Apple's form is grey: a colour map becomes the mean of its channels.
        if apple && channels == 3 {
            for i in stride(from: 0, to: converted.pixels.count, by: 3) {
                let mean = UInt8((Int(converted.pixels[i]) + Int(converted.pixels[i + 1]) + Int(converted.pixels[i + 2])) / 3)
                (converted.pixels[i], converted.pixels[i + 1], converted.pixels[i + 2]) = (mean, mean, mean)
            }
        }
        return GainMap(image: converted, channels: apple ? 1 : channels, encoding: target)
    }
}
