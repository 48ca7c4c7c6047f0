extension ReportHTML {
    /// The page's one style sheet: everything inline, system fonts, print-friendly.
    static let styleSheet = """
        :root { --ink: #1d2430; --muted: #5f6b7a; --line: #e3e7ed; --panel: #ffffff; --page: #f4f6f9;
          --perfect: #1f9d55; --good: #3b82c4; --ok: #e0a020; --extra: #8c8c99; --miss: #d64545;
          --late: #d9822b; --early: #4a7fc1; --accent: #2f5d8a; }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--page); color: var(--ink);
          font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Liberation Sans", sans-serif; }
        main { max-width: 840px; margin: 0 auto; padding: 28px 20px 40px; }
        .masthead { margin-bottom: 18px; }
        .eyebrow { margin: 0; text-transform: uppercase; letter-spacing: .08em; font-size: 12px; color: var(--accent); font-weight: 600; }
        h1 { margin: 4px 0 6px; font-size: 26px; line-height: 1.2; }
        h2 { margin: 0 0 4px; font-size: 16px; }
        h3 { margin: 18px 0 6px; font-size: 14px; color: var(--muted); }
        .meta { margin: 0; color: var(--muted); font-size: 13px; }
        .chips { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 10px; padding: 0; list-style: none; }
        .chips li { background: #e8eef5; color: #2b3a4d; border-radius: 999px; padding: 2px 10px; font-size: 12.5px; }
        .cards { display: grid; grid-template-columns: repeat(4, 1fr); gap: 10px; margin: 16px 0; }
        .card { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 10px 12px; }
        .card .label { font-size: 12px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
        .card .value { font-size: 24px; font-weight: 650; font-variant-numeric: tabular-nums; margin-top: 2px; }
        .card .value small { font-size: 13px; font-weight: 500; color: var(--muted); }
        .card .note { font-size: 12.5px; color: var(--muted); }
        .card.score { background: linear-gradient(135deg, #2f5d8a, #3f7cb3); color: #fff; border: none; }
        .card.score .label, .card.score .note, .card.score .value small { color: #dbe7f3; }
        .meter { height: 6px; border-radius: 3px; background: rgba(255,255,255,.28); margin-top: 6px; overflow: hidden; }
        .meter span { display: block; height: 100%; background: #fff; }
        .panel { background: var(--panel); border: 1px solid var(--line); border-radius: 10px; padding: 14px 16px 10px; margin: 12px 0; }
        .caption { margin: 0 0 6px; color: var(--muted); font-size: 13px; }
        .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
        .pair .panel { margin: 0; }
        .advice ul { margin: 6px 0 2px; padding-left: 20px; }
        .advice li { margin: 2px 0; }
        .advice.steady { border-left: 4px solid var(--perfect); }
        .advice.work { border-left: 4px solid var(--late); }
        .scroll { overflow-x: auto; }
        .scroll td { white-space: nowrap; }
        svg.chart { display: block; width: 100%; height: auto; overflow: visible; }
        svg.chart text { font-size: 11px; fill: var(--muted); }
        svg.chart .axis-title { font-size: 11.5px; fill: #3c4757; }
        svg.chart .value { font-size: 11px; fill: var(--ink); font-weight: 600; }
        svg.chart line.grid { stroke: #edf0f4; }
        svg.chart line.axis { stroke: #9aa5b4; }
        svg.chart line.zero { stroke: #6b7788; stroke-dasharray: 3 3; }
        .band-ok { fill: #fbf1d9; } .band-good { fill: #e2eefa; } .band-perfect { fill: #dcf2e4; }
        .tempo-section { fill: #fbe3d3; } .tempo-step { fill: #e6def6; } .tempo-drift { fill: none; }
        circle.hit { stroke: none; opacity: .85; }
        circle.hit.late { fill: var(--late); } circle.hit.early { fill: var(--early); }
        line.mean-line { stroke: var(--accent); stroke-width: 1.4; }
        circle.perfect, rect.perfect { fill: var(--perfect); }
        circle.good, rect.good { fill: var(--good); }
        circle.ok, rect.ok { fill: var(--ok); }
        circle.extra, rect.extra { fill: var(--extra); }
        circle.muted { fill: #fff; stroke-width: 1.3; }
        circle.perfect.muted { stroke: var(--perfect); } circle.good.muted { stroke: var(--good); }
        circle.ok.muted { stroke: var(--ok); } circle.extra.muted { stroke: var(--extra); }
        path.miss { stroke: var(--miss); stroke-width: 1.6; fill: none; }
        rect.bin { rx: 2; }
        rect.beat.late { fill: var(--late); } rect.beat.early { fill: var(--early); }
        line.whisker { stroke: var(--ink); stroke-width: 1.4; }
        polyline.series { fill: none; stroke: var(--accent); stroke-width: 1.6; stroke-linejoin: round; }
        circle.bar-point, circle.session-point { fill: var(--accent); }
        circle.bar-point.muted { fill: #fff; stroke: var(--accent); }
        rect.day { rx: 2.5; }
        .level-0 { fill: #e9edf2; } .level-1 { fill: #c6e3d0; } .level-2 { fill: #8dcaa3; } .level-3 { fill: #4aa872; } .level-4 { fill: #1f7a47; }
        .legend { display: flex; flex-wrap: wrap; gap: 14px; font-size: 12.5px; color: var(--muted); margin: 4px 0 2px; }
        .legend i { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin-right: 5px; vertical-align: -1px; }
        .legend i.perfect { background: var(--perfect); } .legend i.good { background: var(--good); }
        .legend i.ok { background: var(--ok); } .legend i.extra { background: var(--extra); }
        .legend i.muted { background: #fff; border: 1.5px solid var(--muted); }
        .legend i.miss { background: none; color: var(--miss); width: auto; height: auto; font-style: normal; font-weight: 700; }
        table { border-collapse: collapse; width: 100%; font-size: 13.5px; font-variant-numeric: tabular-nums; }
        th, td { padding: 5px 8px; border-bottom: 1px solid var(--line); text-align: right; }
        th { white-space: nowrap; color: var(--muted); font-weight: 600; font-size: 12px; text-transform: uppercase; letter-spacing: .03em; }
        th:first-child, td:first-child, td.text, th.text { text-align: left; }
        section.session { margin-top: 28px; border-top: 2px solid var(--line); padding-top: 14px; }
        footer { margin-top: 24px; color: var(--muted); font-size: 12px; text-align: center; }
        @media (max-width: 700px) { .cards { grid-template-columns: repeat(2, 1fr); } .pair { grid-template-columns: 1fr; }
          main { padding: 20px 10px 32px; } .panel { padding: 12px 10px 8px; } }
        @media print { body { background: #fff; } .panel, .card { break-inside: avoid; } }
        """
}
