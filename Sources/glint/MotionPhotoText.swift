import Foundation
import GlintMedia

/// Human-readable descriptions of Motion Photos and photo containers for `glint inspect`.
enum MotionPhotoText {
    /// "motion photo (XMP Container directory): video h264 1308x980, 22 frames, 1.233 s, audio aac,
    /// at byte 3478530 (1234567 B), still at 0.480 s".
    static func describe(_ photo: MotionPhoto) -> String {
        let video = photo.video
        var text =
            "motion photo (\(photo.source.phrase)): video \(video.codec) \(video.width)x\(video.height), "
            + "\(video.frameCount) frames, " + String(format: "%.3f s", video.duration)
            + (video.audioCodec.map { ", audio \($0)" } ?? ", no audio")
            + ", at byte \(photo.videoOffset) (\(photo.videoLength) B)"
        if let timestamp = photo.presentationTimestampUs {
            text += String(format: ", still at %.3f s", Double(timestamp) / 1_000_000)
        }
        for warning in photo.warnings { text += " (warning: \(warning))" }
        return text
    }

    /// "still with an Ultra HDR gain map (9554 B); not a motion photo".
    static func describeStillContainer(_ items: [ContainerItem]) -> String {
        let gainMap = items.first { $0.semantic == ContainerItem.gainMapSemantic }
        return "still with an Ultra HDR gain map" + (gainMap?.length.map { " (\($0) B)" } ?? "") + "; not a motion photo"
    }
}
