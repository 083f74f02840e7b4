import Foundation

/// The throughput chart as inline SVG: one bar per minute, the newest on the right, scaled to
/// the busiest minute. `dashboard.js` redraws the same bars from `data.json` with the same
/// geometry (``width``, ``height``, ``barGap``), so the page stays current without a reload.
struct ThroughputChart {
    static let width = 600.0
    static let height = 160.0
    static let barGap = 2.0

    var perMinute: [Int]

    func render() -> String {
        let peak = max(perMinute.max() ?? 0, 1)
        let slot = Self.width / Double(max(perMinute.count, 1))
        var bars = ""
        for (index, count) in perMinute.enumerated() {
            let barHeight = Double(count) / Double(peak) * (Self.height - 4)
            let minutesAgo = perMinute.count - index - 1
            bars +=
                "<rect class=\"bar\" data-minute=\"\(index)\" x=\"\(format(Double(index) * slot + Self.barGap / 2))\" "
                + "y=\"\(format(Self.height - barHeight))\" width=\"\(format(slot - Self.barGap))\" height=\"\(format(barHeight))\">"
                + "<title>\(count) completed \(minutesAgo == 0 ? "this minute" : "\(minutesAgo) min ago")</title></rect>"
        }
        return """
            <svg class="throughput-chart" viewBox="0 0 \(format(Self.width)) \(format(Self.height))" \
            preserveAspectRatio="none" role="img" aria-label="Jobs completed per minute over the last hour, peak \(peak)" \
            data-peak="\(peak)" xmlns="http://www.w3.org/2000/svg">\
            <line class="baseline" x1="0" y1="\(format(Self.height))" x2="\(format(Self.width))" y2="\(format(Self.height))"/>\
            \(bars)</svg>
            """
    }

    private func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
