/// `share.js`: the Live Photo's behaviour on the share page (vanilla JS, no library).
///
/// The motion is fetched once the still has loaded on a desktop (no coarse pointer, a window at
/// least 600 px wide, and no request to save data), else on the first press or hover (a phone's
/// first view is the page and the display-size still alone), with a progress bar fed by the
/// download's bytes, and handed to
/// the `<video>` as a `blob:` URL. It plays from the start while the photo is pressed (touch,
/// pen, mouse button or Space/Enter: a user gesture, so with sound where the browser allows it,
/// muted otherwise) or hovered by a mouse (muted), and the still comes back when it ends or is
/// let go. Where the movie cannot be fetched or played the still stays, with the badge. A still
/// that fails to load (a fresh share's picture answers 503 until its renditions job has made it)
/// is asked for again every 5 s for two minutes.
/// `data-motion` and `data-still` on the figure say where things are (see ``SharePage``).
enum ShareScript {
    static let source = #"""
        (function () {
          "use strict";
          var figure = document.querySelector(".live-photo");
          if (!figure) return;
          var still = figure.querySelector(".still");
          var video = figure.querySelector(".motion");
          var progress = figure.querySelector(".motion-progress");
          var bar = figure.querySelector(".motion-progress-bar");
          var hint = document.querySelector(".hint");
          var wanted = false, withSound = false, loading = null;
          var capable = !!(video && typeof video.canPlayType === "function" && window.fetch && window.Blob && window.URL);

          function set(state) { figure.dataset.motion = state; }
          function state() { return figure.dataset.motion; }

          function unsupported() {
            set("unsupported");
            if (progress) progress.hidden = true;
            if (hint) hint.textContent = "";
          }

          function showProgress(fraction) {
            var percent = Math.max(0, Math.min(100, Math.round(fraction * 100)));
            progress.hidden = false;
            bar.style.width = percent + "%";
            progress.setAttribute("aria-valuenow", String(percent));
          }

          function download(response) {
            if (!response.ok) throw new Error("HTTP " + response.status);
            var total = Number(response.headers.get("Content-Length")) || 0;
            var type = response.headers.get("Content-Type") || "video/quicktime";
            if (!response.body || !response.body.getReader) return response.blob();
            var reader = response.body.getReader(), chunks = [], received = 0;
            function pump() {
              return reader.read().then(function (step) {
                if (step.done) return new Blob(chunks, { type: type });
                chunks.push(step.value);
                received += step.value.length;
                if (total) showProgress(received / total);
                return pump();
              });
            }
            return pump();
          }

          function attach(blob) {
            return new Promise(function (resolve, reject) {
              // A QuickTime movie of H.264 is an ISO media file: browsers that do not name
              // QuickTime but play MP4 play it as MP4.
              if (video.canPlayType(blob.type) === "" && video.canPlayType("video/mp4") !== "") {
                blob = blob.slice(0, blob.size, "video/mp4");
              }
              video.addEventListener("loadeddata", resolve, { once: true });
              video.addEventListener("error", function () { reject(new Error("the movie cannot be played here")); }, { once: true });
              video.preload = "auto";
              video.src = URL.createObjectURL(blob);
              video.load();
            });
          }

          function load() {
            if (loading) return loading;
            set("loading");
            showProgress(0);
            loading = fetch(video.dataset.src, { credentials: "same-origin" })
              .then(download)
              .then(attach)
              .then(function () {
                progress.hidden = true;
                set("ready");
                if (wanted) play();
              }, unsupported);
            return loading;
          }

          function play() {
            var now = state();
            if (now === "unsupported") return;
            if (now !== "ready" && now !== "playing") { load(); return; }
            video.currentTime = 0;
            video.muted = !withSound;
            set("playing");
            var attempt = video.play();
            if (attempt && attempt.catch) {
              attempt.catch(function () {
                if (!video.muted) {
                  video.muted = true;
                  return video.play().catch(function () { if (state() === "playing") set("ready"); });
                }
                if (state() === "playing") set("ready");
              });
            }
          }

          function stop() {
            wanted = false;
            withSound = false;
            if (state() === "playing") { video.pause(); set("ready"); }
          }

          function stillLoaded() {
            figure.dataset.still = still.naturalWidth > 0 ? "loaded" : "failed";
            var saveData = navigator.connection && navigator.connection.saveData;
            var touch = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
            var desktop = !touch && window.innerWidth >= 600;
            if (capable && desktop && !saveData) load();
          }
          // A fresh share's picture is made by its renditions job (without location): until then it
          // answers 503, so the still is asked for again every few seconds, for two minutes.
          var stillRetries = 0;
          function stillFailed() {
            if (stillRetries >= 24) { figure.dataset.still = "failed"; return; }
            stillRetries += 1;
            figure.dataset.still = "loading";
            setTimeout(function () { still.src = still.src.split("?")[0] + "?retry=" + stillRetries; }, 5000);
          }
          if (still.complete && still.naturalWidth > 0) stillLoaded();
          else {
            still.addEventListener("load", stillLoaded);
            still.addEventListener("error", stillFailed);
            if (still.complete) stillFailed();
          }

          if (!video) return;
          if (!capable) { unsupported(); return; }

          figure.addEventListener("contextmenu", function (event) { event.preventDefault(); });
          figure.addEventListener("pointerdown", function (event) {
            if (event.pointerType === "mouse" && event.button !== 0) return;
            wanted = true;
            withSound = true;
            play();
          });
          figure.addEventListener("pointerenter", function (event) {
            if (event.pointerType !== "mouse") return;
            wanted = true;
            play();
          });
          figure.addEventListener("pointerup", function (event) { if (event.pointerType !== "mouse") stop(); });
          figure.addEventListener("pointercancel", stop);
          figure.addEventListener("pointerleave", stop);
          figure.addEventListener("keydown", function (event) {
            if ((event.key === " " || event.key === "Enter") && !event.repeat) {
              event.preventDefault();
              wanted = true;
              withSound = true;
              play();
            }
          });
          figure.addEventListener("keyup", function (event) { if (event.key === " " || event.key === "Enter") stop(); });
          figure.addEventListener("blur", stop);
          video.addEventListener("ended", function () { if (state() === "playing") set("ready"); });
        })();
        """#
}
