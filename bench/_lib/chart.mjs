/**
 * W25's chart: for each network mode a panel, for each scenario a group of horizontal bars
 * (one per library, median ops/s on a log scale, the 95% interval as a whisker). Plain SVG
 * text, no dependency.
 */

const COLORS = ['#d9480f', '#f08c00', '#1c7ed6', '#2f9e44', '#868e96', '#adb5bd', '#ced4da'];

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function fmt(v) {
  if (v >= 100) return Math.round(v).toLocaleString('en');
  if (v >= 10) return v.toFixed(1);
  return v.toFixed(2);
}

/**
 * @param {{ title: string, panels: { title: string, scenarios: string[] }[], libraries: string[],
 *   value(panel: number, scenario: string, library: string): { median: number, margin: number } | undefined }} spec
 * @returns {string} the SVG document
 */
export function barChart(spec) {
  const bar = 9;
  const gap = 10;
  const labelW = 190;
  const plotW = 520;
  const panelW = labelW + plotW + 70;
  const top = 56;
  const groupH = spec.libraries.length * bar + gap;
  const rows = Math.max(...spec.panels.map((p) => p.scenarios.length));
  const height = top + rows * groupH + 40;
  const width = panelW * spec.panels.length + 10;
  let max = 1;
  let min = Infinity;
  spec.panels.forEach((panel, pi) => {
    for (const s of panel.scenarios)
      for (const lib of spec.libraries) {
        const v = spec.value(pi, s, lib);
        if (v && v.median > 0) {
          max = Math.max(max, v.median + v.margin);
          min = Math.min(min, v.median);
        }
      }
  });
  const lo = 10 ** Math.floor(Math.log10(Math.max(min, 1e-3)));
  const hi = 10 ** Math.ceil(Math.log10(max));
  const x = (v) => ((Math.log10(Math.max(v, lo)) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))) * plotW;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="18" font-size="14" font-weight="bold">${esc(spec.title)}</text>`,
  ];
  // Legend.
  spec.libraries.forEach((lib, i) => {
    const lx = 10 + i * 150;
    out.push(`<rect x="${lx}" y="28" width="10" height="10" fill="${COLORS[i % COLORS.length]}"/>`);
    out.push(`<text x="${lx + 14}" y="37">${esc(lib)}</text>`);
  });
  spec.panels.forEach((panel, pi) => {
    const ox = 10 + pi * panelW;
    const plotX = ox + labelW;
    out.push(`<text x="${plotX}" y="${top - 4}" font-weight="bold">${esc(panel.title)}</text>`);
    for (let d = lo; d <= hi; d *= 10) {
      const gx = plotX + x(d);
      out.push(`<line x1="${gx}" y1="${top}" x2="${gx}" y2="${top + rows * groupH}" stroke="#e9ecef"/>`);
      out.push(`<text x="${gx}" y="${top + rows * groupH + 14}" text-anchor="middle" fill="#495057">${fmt(d)}</text>`);
    }
    out.push(
      `<text x="${plotX + plotW / 2}" y="${top + rows * groupH + 30}" text-anchor="middle" fill="#495057">ops/s (median, log scale; whisker: 95% CI)</text>`,
    );
    panel.scenarios.forEach((s, si) => {
      const gy = top + si * groupH;
      out.push(`<text x="${plotX - 6}" y="${gy + groupH / 2}" text-anchor="end">${esc(s)}</text>`);
      spec.libraries.forEach((lib, li) => {
        const v = spec.value(pi, s, lib);
        const by = gy + li * bar;
        if (!v || !(v.median > 0)) return;
        const w = Math.max(1, x(v.median));
        out.push(
          `<rect x="${plotX}" y="${by}" width="${w.toFixed(1)}" height="${bar - 1}" fill="${COLORS[li % COLORS.length]}"><title>${esc(`${lib} ${s}: ${fmt(v.median)} ops/s ± ${fmt(v.margin)}`)}</title></rect>`,
        );
        const a = plotX + x(Math.max(v.median - v.margin, lo));
        const b = plotX + x(v.median + v.margin);
        out.push(
          `<line x1="${a.toFixed(1)}" y1="${by + bar / 2}" x2="${b.toFixed(1)}" y2="${by + bar / 2}" stroke="#212529" stroke-width="0.8"/>`,
        );
        out.push(
          `<text x="${(plotX + w + 4).toFixed(1)}" y="${by + bar - 1}" font-size="8" fill="#495057">${fmt(v.median)}</text>`,
        );
      });
    });
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
