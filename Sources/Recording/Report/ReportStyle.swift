/// The report's style sheet: light, legible, printable: landscape pages, as wide as the
/// charts were drawn for (their labels would shrink to 7 px on a portrait page), the map and
/// its side panels side by side as on the screen, each figure kept whole on a page.
enum ReportStyle {
    static let css = """
        :root { color-scheme: light; --ink: #1f2937; --muted: #6b7280; --line: #e5e7eb; --paper: #ffffff; }
        * { box-sizing: border-box; }
        body { margin: 0; background: #f3f4f6; color: var(--ink);
          font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
        main { max-width: 1240px; margin: 0 auto; padding: 28px 24px 40px; }
        header h1 { margin: 0; font-size: 26px; font-weight: 650; letter-spacing: -0.01em; }
        header p { margin: 4px 0 20px; color: var(--muted); }
        .figures { display: grid; grid-template-columns: repeat(auto-fit, minmax(160px, 1fr)); gap: 12px; margin-bottom: 16px; }
        .card { background: var(--paper); border: 1px solid var(--line); border-radius: 10px; padding: 12px 14px; }
        .card b { display: block; font-size: 24px; font-weight: 650; font-variant-numeric: tabular-nums; }
        .card span { display: block; font-weight: 550; }
        .card small { color: var(--muted); }
        .pair { display: grid; grid-template-columns: 760fr 420fr; gap: 16px; margin-bottom: 16px; align-items: start; }
        .side { display: flex; flex-direction: column; gap: 16px; }
        .panel { margin: 0; background: var(--paper); border: 1px solid var(--line); border-radius: 10px; padding: 12px 14px; }
        .panel.wide { margin-bottom: 16px; }
        figcaption { font-weight: 600; margin-bottom: 6px; }
        figcaption span { font-weight: 400; color: var(--muted); margin-left: 6px; }
        svg { display: block; width: 100%; height: auto; }
        svg text { font: 12px system-ui, -apple-system, "DejaVu Sans", sans-serif; fill: #4b5563; }
        .ground { fill: #f8fafc; }
        .mapgrid { stroke: #e2e8f0; stroke-width: 1; }
        .track { fill: none; stroke: #2563eb; stroke-width: 3; stroke-linejoin: round; stroke-linecap: round; }
        .gap { stroke: #dc2626; stroke-width: 2; stroke-dasharray: 5 5; }
        .start { fill: #16a34a; stroke: #fff; stroke-width: 2; }
        .end { fill: #dc2626; stroke: #fff; stroke-width: 2; }
        svg text.marker { font-weight: 650; fill: var(--ink); paint-order: stroke; stroke: #fff; stroke-width: 3px; }
        .scalebar { fill: none; stroke: var(--ink); stroke-width: 2; }
        svg text.scale { fill: var(--ink); font-weight: 600; }
        .north { fill: var(--ink); }
        .grid { stroke: var(--line); stroke-width: 1; }
        .axis { stroke: #9ca3af; stroke-width: 1; }
        .nofix { fill: #fee2e2; opacity: 0.7; }
        svg text.unit, svg text.legend { fill: #374151; }
        svg text.empty { fill: var(--muted); font-size: 14px; }
        .bar { fill: #f3f4f6; }
        .state.acquiring { fill: #f59e0b; }
        .state.located { fill: #16a34a; }
        .state.lost { fill: #dc2626; }
        .hbar { fill: #6366f1; }
        .ring { fill: none; stroke: #e2e8f0; }
        .dot { fill: #2563eb; fill-opacity: 0.55; }
        .cep50 { fill: none; stroke: #16a34a; stroke-width: 2; }
        .cep95 { fill: none; stroke: #ea580c; stroke-width: 2; stroke-dasharray: 6 4; }
        .key { margin: 6px 0 0; color: var(--muted); font-size: 13px; }
        .key i { display: inline-block; width: 18px; height: 0; vertical-align: middle; margin: 0 4px 0 10px; }
        .key .k50 { border-top: 2px solid #16a34a; } .key .k95 { border-top: 2px dashed #ea580c; }
        footer { color: var(--muted); font-size: 13px; margin-top: 8px; }
        @media (max-width: 900px) { .pair { grid-template-columns: 1fr; } }
        @page { size: landscape; margin: 12mm; }
        @media print {
          body { background: #fff; font-size: 12px; }
          main { padding: 0; max-width: none; }
          .panel, .card { border-color: #d1d5db; break-inside: avoid; }
          .card b { font-size: 20px; white-space: nowrap; }
          * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        }
        """
}
