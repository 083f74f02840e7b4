/// `dashboard.css`: the operator's dashboard, readable from 320 px phones to desktops.
enum DashboardStyle {
    static let css = #"""
        :root { color-scheme: light dark; --bg: #f5f5f7; --fg: #1d1d1f; --muted: #6e6e73; --card: #ffffff; --accent: #0071e3;
          --bar: #30d158; --line: rgba(127,127,127,0.3); }
        @media (prefers-color-scheme: dark) { :root { --bg: #000000; --fg: #f5f5f7; --muted: #a1a1a6; --card: #1c1c1e; --accent: #2997ff; } }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--fg);
          font: 15px/1.4 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        header, main { max-width: 1100px; margin: 0 auto; padding: 0 12px; }
        header { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; padding-top: 16px; }
        h1 { font-size: 1.4rem; margin: 0; }
        h2 { font-size: 1rem; margin: 24px 0 10px; color: var(--muted); font-weight: 600; }
        .updated { color: var(--muted); font-size: 0.8rem; margin: 4px 0; }
        .counts { display: grid; grid-template-columns: repeat(auto-fill, minmax(96px, 1fr)); gap: 8px; }
        .count { background: var(--card); border-radius: 10px; padding: 10px 12px; display: flex; flex-direction: column; }
        .count .number { font-size: 1.5rem; font-weight: 700; font-variant-numeric: tabular-nums; }
        .count .label { color: var(--muted); font-size: 0.8rem; }
        .count[data-state="running"] .number { color: var(--accent); }
        .count[data-state="discarded"] .number { color: #ff453a; }
        .chart { background: var(--card); border-radius: 10px; padding: 12px; }
        .throughput-chart { display: block; width: 100%; height: 160px; }
        .throughput-chart .bar { fill: var(--bar); }
        .throughput-chart .baseline { stroke: var(--line); stroke-width: 1; }
        .axis { display: flex; justify-content: space-between; color: var(--muted); font-size: 0.75rem; margin-top: 4px; }
        .total { color: var(--muted); margin: 8px 2px; }
        .total .number { color: var(--fg); font-weight: 700; }
        .jobs { list-style: none; margin: 0 0 32px; padding: 0; display: grid; gap: 8px;
          grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); }
        .job a, .jobs .empty { display: flex; gap: 12px; align-items: center; min-height: 44px; background: var(--card);
          border-radius: 10px; padding: 8px; color: inherit; text-decoration: none; }
        .job a:hover, .job a:focus-visible { outline: 2px solid var(--accent); }
        .job img, .job .placeholder { width: 64px; height: 64px; flex: 0 0 64px; border-radius: 8px; object-fit: cover; background: var(--line); }
        .details { display: flex; flex-direction: column; min-width: 0; }
        .details code { font-size: 0.85rem; }
        .kind { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .state { font-size: 0.8rem; color: var(--muted); }
        .job[data-state="completed"] .state { color: var(--bar); }
        .job[data-state="discarded"] .state { color: #ff453a; }
        .details time { font-size: 0.75rem; color: var(--muted); }
        .session { display: flex; gap: 8px; align-items: center; color: var(--muted); font-size: 0.8rem; margin: 4px 0; }
        button { font: inherit; border: 0; border-radius: 8px; padding: 6px 12px; background: var(--accent); color: #ffffff; cursor: pointer; }
        .login main { max-width: 420px; padding-top: 12vh; }
        .login form { display: flex; flex-direction: column; gap: 12px; background: var(--card); border-radius: 10px; padding: 16px; }
        .login input { font: inherit; padding: 8px; border-radius: 8px; border: 1px solid var(--line); background: var(--bg); color: var(--fg); }
        .login .error { color: #ff453a; margin: 0; }
        """#
}
