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
            guard let share = try await source.share(id: verified.shareID), share.still != nil else { return .unavailable(.notFound) }
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
            return PageHeaders.html(SharePage(token: token, hasMotion: share.motion != nil, expiresAt: share.expiresAt).render())
        }
    }

    /// `GET|HEAD /s/{token}/still` and `/motion`: the stored file, with `Range`.
    func file(_ pick: KeyPath<PageShare, PageFile?>, token: String, request: Request, context: some RequestContext) async -> Response {
        switch await resolve(token) {
        case .unavailable(let page): return page.response
        case .found(let share):
            guard let file = share[keyPath: pick] else { return ShareUnavailablePage.notFound.response }
            do {
                return try await FileResponses.stored(file, request: request, context: context)
            } catch {
                logger.error("share file unreadable", metadata: ["share": "\(share.id)", "file": "\(file.url.path)", "error": "\(error)"])
                return ShareUnavailablePage.failed.response
            }
        }
    }

    /// `GET /s/{token}/download/{livephoto|still|motionphoto}`.
    func download(token: String, format: String, request: Request, context: some RequestContext) async -> Response {
        guard let format = ShareDownload(rawValue: format) else { return ShareUnavailablePage.notFound.response }
        let share: PageShare
        switch await resolve(token) {
        case .unavailable(let page): return page.response
        case .found(let found): share = found
        }
        guard let still = share.still else { return ShareUnavailablePage.notFound.response }
        let names = ShareDownloadNames(job: share.job)
        if format == .still {
            do {
                return try await FileResponses.stored(
                    still, request: request, context: context,
                    disposition: ContentDisposition.attachment(fileName: names.still(still)))
            } catch {
                logger.error("share still unreadable", metadata: ["share": "\(share.id)", "error": "\(error)"])
                return ShareUnavailablePage.failed.response
            }
        }
        guard let movie = share.motion else { return ShareUnavailablePage.notFound.response }
        do {
            let directory = try TemporaryDownloadDirectory()
            defer { directory.remove() }
            switch format {
            case .livePhoto:
                let zip = try LivePhotoZip.write(still: still, movie: movie, names: names, in: directory.url)
                return try FileResponses.temporary(zip, contentType: "application/zip", fileName: names.livePhotoZip)
            case .motionPhoto:
                let file = try MotionPhotoDownload.write(still: still, movie: movie, names: names, in: directory.url)
                return try FileResponses.temporary(file, contentType: still.contentType, fileName: names.motionPhoto(still))
            case .still:
                return ShareUnavailablePage.notFound.response
            }
        } catch {
            logger.error("share download failed", metadata: ["share": "\(share.id)", "download": "\(format.rawValue)", "error": "\(error)"])
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
