import Foundation
import Hummingbird
import Logging

/// The handlers behind `/s/{token}...`: each one checks the token, looks the share up, and
/// answers with the page, a file or a download, or with ``ShareUnavailablePage``.
struct ShareRoutes<Source: PageDataSource>: Sendable {
    let source: Source
    let secret: ShareTokenSecret
    let now: @Sendable () -> Date
    let logger: Logger

    /// The share the token names, if it may be shown now.
    func resolve(_ token: String) async -> ShareResolution {
        let time = now()
        let verified: ShareToken
        switch ShareToken.check(token, secret: secret, now: time) {
        case .invalid: return .unavailable(.notFound)
        case .expired: return .unavailable(.expired)
        case .valid(let token): verified = token
        }
        do {
            guard let share = try await source.share(id: verified.shareID), share.jobStill != nil else { return .unavailable(.notFound) }
            if share.state == .revoked { return .unavailable(.revoked) }
            if share.expiresAt <= time { return .unavailable(.expired) }
            return .found(share)
        } catch {
            logger.error("share look-up failed", metadata: ["share": "\(verified.shareID)", "error": "\(error)"])
            return .unavailable(.failed)
        }
    }

    /// `GET /s/{token}`.
    func page(token: String) async -> Response {
        switch await resolve(token) {
        case .unavailable(let page): return page.response
        case .found(let share):
            return PageHeaders.html(SharePage(token: token, hasMotion: share.hasMotion, expiresAt: share.expiresAt).render())
        }
    }

    /// `GET|HEAD /s/{token}/still`, `/display` and `/motion`: the stored file, with `Range`; the
    /// copy without location unless the share keeps it (``PageShare/servesLocationFreeCopies``),
    /// 503 with `Retry-After` until that copy is made, never the job's own file meanwhile.
    func file(_ pick: KeyPath<PageShare, PageFile?>, token: String, request: Request, context: some RequestContext) async -> Response {
        switch await resolve(token) {
        case .unavailable(let page): return page.response
        case .found(let share):
            guard let file = share[keyPath: pick] else {
                // The copies without location, and a Motion Photo's motion, exist once the renditions are made.
                let preparing = share.isPreparing || (pick == \PageShare.motion && share.isMotionPhoto && share.renditions.isEmpty)
                return preparing ? ShareUnavailablePage.preparing.response : ShareUnavailablePage.notFound.response
            }
            do {
                return try await FileResponses.stored(file, request: request, context: context)
            } catch {
                logger.error("share file unreadable", metadata: ["share": "\(share.id)", "file": "\(file.url.path)", "error": "\(error)"])
                return ShareUnavailablePage.failed.response
            }
        }
    }

    /// `GET /s/{token}/download/{livephoto|still|motionphoto}`: the still the share serves (``PageShare/still``:
    /// without location unless kept), or the pair's downloads as the share's renditions made them
    /// (``PageShare/renditions``); no request makes one. Until they are made the answer is 503 with
    /// `Retry-After` (``ShareUnavailablePage/preparing``).
    func download(token: String, format: String, request: Request, context: some RequestContext) async -> Response {
        guard let format = ShareDownload(rawValue: format) else { return ShareUnavailablePage.notFound.response }
        let share: PageShare
        switch await resolve(token) {
        case .unavailable(let page): return page.response
        case .found(let found): share = found
        }
        if share.isPreparing { return ShareUnavailablePage.preparing.response }
        guard let still = share.still else { return ShareUnavailablePage.notFound.response }
        let names = ShareDownloadNames(job: share.job)
        let file: PageFile
        let name: String
        switch format {
        case .still: (file, name) = (still, names.still(still))
        case .livePhoto, .motionPhoto:
            guard share.hasMotion else { return ShareUnavailablePage.notFound.response }
            guard let made = share.renditions[format.rawValue] else { return ShareUnavailablePage.preparing.response }
            (file, name) = (made, format == .livePhoto ? names.livePhotoZip : names.motionPhoto(made))
        }
        do {
            return try await FileResponses.stored(file, request: request, context: context, disposition: ContentDisposition.attachment(fileName: name))
        } catch {
            logger.error("share download unreadable", metadata: ["share": "\(share.id)", "download": "\(format.rawValue)", "error": "\(error)"])
            return ShareUnavailablePage.failed.response
        }
    }
}

/// The downloads the share page offers.
enum ShareDownload: String {
    /// The pair, zipped.
    case livePhoto = "livephoto"
    /// The still alone: a traditional photo.
    case still
    /// A Motion Photo made from the pair.
    case motionPhoto = "motionphoto"
}

/// What a share link leads to.
enum ShareResolution {
    /// A share that may be shown now.
    case found(PageShare)
    /// The page to show instead.
    case unavailable(ShareUnavailablePage)
}
