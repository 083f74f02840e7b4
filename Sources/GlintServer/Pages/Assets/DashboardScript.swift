/// `dashboard.js`: refreshes the dashboard from `/dashboard/data.json` every 10 seconds: the
/// counts, the chart's bars (the geometry of ``ThroughputChart``) and the recent jobs, built
/// with DOM calls and `textContent` so that nothing from the data is parsed as markup.
enum DashboardScript {
    static let source = #"""
        (function () {
          "use strict";
          var WIDTH = \#(ThroughputChart.width), HEIGHT = \#(ThroughputChart.height), GAP = \#(ThroughputChart.barGap);
          var SVG = "http://www.w3.org/2000/svg";

          function counts(data) {
            Object.keys(data.counts).forEach(function (state) {
              var cell = document.querySelector('.count[data-state="' + state + '"] .number');
              if (cell) cell.textContent = String(data.counts[state]);
            });
          }

          function chart(data) {
            var svg = document.querySelector(".throughput-chart");
            if (!svg) return;
            var series = data.throughput.perMinute, peak = Math.max(1, Math.max.apply(null, series));
            var slot = WIDTH / Math.max(series.length, 1);
            svg.querySelectorAll(".bar").forEach(function (bar) { bar.remove(); });
            series.forEach(function (count, index) {
              var height = count / peak * (HEIGHT - 4), ago = series.length - index - 1;
              var bar = document.createElementNS(SVG, "rect");
              bar.setAttribute("class", "bar");
              bar.setAttribute("data-minute", String(index));
              bar.setAttribute("x", (index * slot + GAP / 2).toFixed(1));
              bar.setAttribute("y", (HEIGHT - height).toFixed(1));
              bar.setAttribute("width", (slot - GAP).toFixed(1));
              bar.setAttribute("height", height.toFixed(1));
              var title = document.createElementNS(SVG, "title");
              title.textContent = count + " completed " + (ago === 0 ? "this minute" : ago + " min ago");
              bar.appendChild(title);
              svg.appendChild(bar);
            });
            svg.setAttribute("data-peak", String(peak));
            var total = document.querySelector(".total .number");
            if (total) total.textContent = String(data.throughput.total);
          }

          function element(name, className, text) {
            var node = document.createElement(name);
            if (className) node.className = className;
            if (text !== undefined) node.textContent = text;
            return node;
          }

          function jobs(data) {
            var list = document.querySelector(".jobs");
            if (!list) return;
            list.textContent = "";
            if (data.recentJobs.length === 0) { list.appendChild(element("li", "empty", "No jobs yet.")); return; }
            data.recentJobs.forEach(function (job) {
              var item = element("li", "job"), link = element("a");
              item.setAttribute("data-state", job.state);
              link.href = job.url;
              if (job.thumbnail) {
                var picture = element("img");
                picture.src = job.thumbnail; picture.alt = ""; picture.loading = "lazy"; picture.width = 64; picture.height = 64;
                link.appendChild(picture);
              } else {
                link.appendChild(element("span", "placeholder"));
              }
              var details = element("span", "details"), time = element("time", "", job.createdAt);
              time.setAttribute("datetime", job.createdAt);
              details.appendChild(element("code", "", job.id.slice(0, 8)));
              details.appendChild(element("span", "kind", job.kind));
              details.appendChild(element("span", "state", job.state));
              details.appendChild(time);
              link.appendChild(details);
              item.appendChild(link);
              list.appendChild(item);
            });
          }

          function refresh() {
            fetch("/dashboard/data.json", { cache: "no-store" })
              .then(function (response) {
                // The session ended (expired, signed out elsewhere, key revoked): show the sign-in form.
                if (response.status === 401) { window.location.reload(); throw new Error("signed out"); }
                if (!response.ok) throw new Error("HTTP " + response.status);
                return response.json();
              })
              .then(function (data) {
                counts(data); chart(data); jobs(data);
                var updated = document.querySelector(".updated time");
                if (updated) updated.textContent = data.generatedAt;
                document.body.setAttribute("data-generated-at", data.generatedAt);
                document.body.setAttribute("data-refreshed", "true");
              })
              .catch(function () { document.body.setAttribute("data-refreshed", "failed"); });
          }
          refresh();
          setInterval(refresh, 10000);
        })();
        """#
}
