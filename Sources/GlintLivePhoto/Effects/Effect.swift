import GlintMedia

/// The effects Apple Photos offers for a Live Photo.
public enum Effect: String, Sendable, Codable, CaseIterable {
    /// The motion as it was filmed, played once (and repeated by GIF and WebP viewers).
    case live
    /// A seamless loop: the end cross-fades into the beginning (``LoopedFrameStream``).
    case loop
    /// Forwards then backwards (``BouncedFrameStream``).
    case bounce
    /// Every frame averaged into one still, aligned for camera shake.
    case longExposure

    /// The formats this effect can be written as.
    public var formats: [EffectFormat] {
        switch self {
        case .live, .loop, .bounce: return [.mp4, .gif, .webp]
        case .longExposure: return [.jpeg]
        }
    }

    /// Parses a name as typed on a command line: `live`, `loop`, `bounce`, `longExposure`
    /// (also `long-exposure`, any case).
    public init?(name: String) {
        switch name.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "") {
        case "live": self = .live
        case "loop": self = .loop
        case "bounce": self = .bounce
        case "longexposure": self = .longExposure
        default: return nil
        }
    }
}

/// The file formats an effect is written in.
public enum EffectFormat: String, Sendable, Codable, CaseIterable {
    /// An MP4 movie (H.264 video, AAC audio).
    case mp4
    /// An animated GIF that loops forever.
    case gif
    /// An animated WebP that loops forever.
    case webp
    /// A JPEG still (Long Exposure).
    case jpeg

    /// The file name extensions that name this format.
    public var fileExtensions: [String] {
        switch self {
        case .mp4: return ["mp4", "m4v"]
        case .gif: return ["gif"]
        case .webp: return ["webp"]
        case .jpeg: return ["jpg", "jpeg"]
        }
    }

    /// Whether the output is an animation (as opposed to a still).
    public var isAnimated: Bool {
        switch self {
        case .mp4, .gif, .webp: return true
        case .jpeg: return false
        }
    }

    /// Whether the output repeats by itself when played: GIF and WebP loop forever.
    public var loops: Bool {
        switch self {
        case .gif, .webp: return true
        case .mp4, .jpeg: return false
        }
    }

    /// Whether the output carries its colour space (an MP4's colour tags). GIF, WebP and JPEG
    /// effects carry no colour profile, so viewers show them as sRGB and they are rendered in it.
    public var carriesColour: Bool {
        switch self {
        case .mp4: return true
        case .gif, .webp, .jpeg: return false
        }
    }

    /// The format a file name's extension names, if any (`x.GIF` is ``gif``).
    public init?(fileExtension: String) {
        let lowered = fileExtension.lowercased()
        guard let format = Self.allCases.first(where: { $0.fileExtensions.contains(lowered) }) else { return nil }
        self = format
    }
}
