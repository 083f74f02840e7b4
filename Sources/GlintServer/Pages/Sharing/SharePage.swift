import Foundation
import GlintCore

/// The share page's markup (`GET /s/{token}`): the still at once (at display size, `/display`: the
/// full-size still only through its download), the motion played while the
/// photo is pressed or hovered, the LIVE badge, a progress bar while the motion downloads, and
/// the three downloads. The behaviour is `share.js`; this is only the document.
///
/// `data-motion` on the figure says where the motion is (`idle`, `loading`, `ready`, `playing`,
/// `unsupported`) and `data-still` whether the still has loaded (`loading`, `loaded`, `failed`):
/// the script keeps them current, and the browser tests read them.
struct SharePage {
    /// The token as it appeared in the request (already verified).
    var token: String
    /// Whether there is a movie to play (a still-only share shows no badge and no motion).
    var hasMotion: Bool
    /// When the link stops working.
    var expiresAt: Date

    func render() -> String {
        let base = "/s/" + token.htmlEscaped
        let expiry = Timestamp.string(from: expiresAt, fractionalSeconds: false)
        let motion =
            hasMotion
            ? """
            <video class="motion" muted playsinline preload="none" disablepictureinpicture disableremoteplayback \
            data-src="\(base)/motion" aria-hidden="true" tabindex="-1"></video>
            \(LiveBadgeSVG.markup())
            <div class="motion-progress" role="progressbar" aria-label="Loading the Live Photo" aria-valuemin="0" \
            aria-valuemax="100" aria-valuenow="0" hidden><div class="motion-progress-bar"></div></div>
            """ : ""
        let downloads =
            hasMotion
            ? """
            <a class="button" href="\(base)/download/livephoto" download>Live Photo</a>
            <a class="button" href="\(base)/download/still" download>Photo</a>
            <a class="button" href="\(base)/download/motionphoto" download>Motion Photo</a>
            """
            : """
            <a class="button" href="\(base)/download/still" download>Photo</a>
            """
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>\(hasMotion ? "Live Photo" : "Photo") · Glint</title>
            <link rel="stylesheet" href="\(PageAssets.share.versionedPath)">
            <script src="\(PageAssets.shareScript.versionedPath)" defer></script>
            </head>
            <body class="share-page">
            <main>
            <figure class="live-photo" data-motion="\(hasMotion ? "idle" : "unsupported")" data-still="loading" \
            tabindex="0" aria-label="\(hasMotion ? "Live Photo: press and hold, or hover, to play" : "Photo")">
            <img class="still" src="\(base)/display" alt="The shared photo" draggable="false">
            \(motion)
            </figure>
            <p class="hint">\(hasMotion ? "Press and hold the photo to play it." : "")</p>
            <nav class="downloads" aria-label="Downloads">
            \(downloads)
            </nav>
            <p class="expiry">This link works until <time datetime="\(expiry)">\(expiry.htmlEscaped)</time>.</p>
            </main>
            </body>
            </html>
            """
    }
}
