import Foundation
import GlintMedia

/// One thing a library run converts: a Live Photo (two files), a Motion Photo or a plain photo.
public struct LibraryItem: Sendable, Equatable {
    /// What the item is.
    public enum Content: Sendable, Equatable {
        case livePhoto(LivePhoto)
        /// A Motion Photo, as read while planning (its video checked up to the first frame).
        case motionPhoto(path: String, photo: MotionPhoto)
        /// A still with no motion (a JPEG, HEIC or PNG; or a Live Photo still whose movie is not
        /// among the files given).
        case photo(path: String)
        /// A Motion Photo that Google Takeout split into a still and a video file (``TakeoutCompanions``):
        /// put back together (``MotionPhotoJoiner``) before it is converted. `primaryMime` is the
        /// still's (`image/jpeg`, `image/heic`).
        case splitMotionPhoto(stillPath: String, moviePath: String, primaryMime: String)
    }

    public var content: Content
    /// The folder, below the output folder, its outputs go to: where its still sits below the
    /// folder given ("" for a file given on its own, or at the top of a folder).
    public var outputFolder: String
    /// The Google Takeout sidecar found for it, read (``TakeoutSidecars``).
    public var sidecar: TakeoutSidecar?
    /// Files it stands for without reading them (a Takeout `.MP` copy of the video a Motion Photo holds).
    public var companions: [String] = []
    /// What planning found that the user should know.
    public var notes: [String] = []

    public init(content: Content, outputFolder: String, sidecar: TakeoutSidecar? = nil) {
        self.content = content
        self.outputFolder = outputFolder
        self.sidecar = sidecar
    }

    /// The files it is made from, still first.
    public var inputs: [String] {
        switch content {
        case .livePhoto(let pair): [pair.stillPath, pair.moviePath]
        case .motionPhoto(let path, _), .photo(let path): [path]
        case .splitMotionPhoto(let still, let movie, _): [still, movie]
        }
    }

    /// The kind, as the run's summary counts it.
    public var kind: LibraryItemKind {
        switch content {
        case .livePhoto: .livePhoto
        case .motionPhoto, .splitMotionPhoto: .motionPhoto
        case .photo: .photo
        }
    }
}

/// The kinds of item a library run counts.
public enum LibraryItemKind: String, Sendable, Codable, CaseIterable {
    case livePhoto = "live-photo"
    case motionPhoto = "motion-photo"
    case photo
}
