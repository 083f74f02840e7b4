/// `share.css`: the share page and the unavailable-link page. Phones from 320 px wide to desktops.
enum ShareStyle {
    static let css = #"""
        :root { color-scheme: light dark; --bg: #f5f5f7; --fg: #1d1d1f; --muted: #6e6e73; --accent: #0071e3; --card: #ffffff; }
        @media (prefers-color-scheme: dark) { :root { --bg: #000000; --fg: #f5f5f7; --muted: #a1a1a6; --accent: #2997ff; --card: #1c1c1e; } }
        * { box-sizing: border-box; }
        html, body { margin: 0; padding: 0; background: var(--bg); color: var(--fg);
          font: 16px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        main { width: 100%; max-width: 960px; margin: 0 auto; padding: 16px 12px 32px; }
        h1 { font-size: 1.5rem; margin: 24px 0 8px; }
        .live-photo { position: relative; margin: 0; border-radius: 12px; overflow: hidden; background: #000;
          touch-action: pan-y; user-select: none; -webkit-user-select: none; -webkit-touch-callout: none;
          cursor: pointer; line-height: 0; }
        .live-photo:focus-visible { outline: 3px solid var(--accent); outline-offset: 3px; }
        .live-photo .still, .live-photo .motion { display: block; width: 100%; height: auto; max-height: 80vh; object-fit: contain; }
        .live-photo .motion { position: absolute; inset: 0; height: 100%; max-height: none; opacity: 0;
          transition: opacity 120ms ease-out; pointer-events: none; background: transparent; }
        .live-photo[data-motion="playing"] .motion { opacity: 1; }
        /* The LIVE badge: top-left, 22 px high, 12 px from the edges (clear space >= 10% of its height). */
        .live-badge { position: absolute; top: 12px; left: 12px; width: auto; height: 22px; pointer-events: none; }
        .live-photo[data-motion="unsupported"] .live-badge { opacity: 0.9; }
        .motion-progress { position: absolute; left: 12px; right: 12px; bottom: 12px; height: 4px; border-radius: 2px;
          background: rgba(255,255,255,0.35); overflow: hidden; pointer-events: none; }
        .motion-progress[hidden] { display: none; }
        .motion-progress-bar { width: 0; height: 100%; background: #ffffff; transition: width 100ms linear; }
        .hint { color: var(--muted); font-size: 0.9rem; margin: 10px 2px 14px; min-height: 1em; }
        .downloads { display: flex; flex-wrap: wrap; gap: 10px; }
        .button { display: inline-flex; align-items: center; justify-content: center; min-width: 44px; min-height: 44px;
          padding: 10px 18px; border-radius: 22px; background: var(--card); color: var(--accent); text-decoration: none;
          font-weight: 600; border: 1px solid rgba(127,127,127,0.25); flex: 1 1 auto; }
        .button:hover, .button:focus-visible { background: var(--accent); color: #ffffff; }
        .expiry { color: var(--muted); font-size: 0.8rem; margin-top: 18px; }
        @media (min-width: 720px) { main { padding: 32px 24px; } .button { flex: 0 0 auto; } }
        """#
}
