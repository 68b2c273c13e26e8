/**
 * The panel's styles, inside its shadow root: nothing of the page reaches the panel and
 * nothing of the panel reaches the page. Floating (a toggle and a panel docked at the
 * bottom of the window) unless `inline` (the panel fills its target: the playground).
 */
export const styles = `
:host { all: initial; font: 12px/1.45 ui-sans-serif, system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328; }
:host(:not([data-inline])) { position: fixed; inset: auto 0 0 0; z-index: 2147483000; }
:host([data-inline]) { display: block; height: 100%; }
* { box-sizing: border-box; }
button { font: inherit; cursor: pointer; color: inherit; background: #f6f8fa; border: 1px solid #d0d7de; border-radius: 4px; padding: 1px 6px; }
button:hover:not(:disabled) { background: #eaeef2; }
button:disabled { cursor: default; opacity: .45; }
input { font: inherit; border: 1px solid #d0d7de; border-radius: 4px; padding: 2px 6px; min-width: 0; }
textarea { font: 11px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; width: 100%; min-height: 8em; border: 1px solid #d0d7de; border-radius: 4px; padding: 4px; }
code, .mono, .leaf, summary.node-summary { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 11px; }
.toggle { position: fixed; right: 12px; bottom: 12px; padding: 4px 10px; border-radius: 14px; background: #0b6bcb; color: #fff; border: 0; box-shadow: 0 2px 8px rgba(0,0,0,.25); font-weight: 600; }
.toggle:hover:not(:disabled) { background: #0a5cad; }
.panel { display: flex; flex-direction: column; background: #fff; border-top: 1px solid #d0d7de; box-shadow: 0 -4px 16px rgba(0,0,0,.12); height: 45vh; min-height: 160px; }
:host([data-inline]) .panel { height: 100%; border: 0; box-shadow: none; }
.panel[hidden], [hidden] { display: none !important; }
header { display: flex; gap: 8px; align-items: center; padding: 4px 8px; border-bottom: 1px solid #d0d7de; background: #f6f8fa; flex-wrap: wrap; }
header .title { font-weight: 600; }
.tabs { display: flex; gap: 2px; }
.tabs button { border: 0; background: transparent; border-radius: 4px; padding: 2px 8px; }
.tabs button[aria-selected="true"] { background: #fff; box-shadow: inset 0 -2px #0b6bcb; font-weight: 600; }
header input { flex: 1 1 120px; }
.body { flex: 1; overflow: auto; padding: 6px 8px; }
h3 { font-size: 11px; text-transform: uppercase; letter-spacing: .04em; color: #59636e; margin: 8px 0 4px; }
.muted { color: #59636e; }
.small { font-size: 11px; }
.note { color: #59636e; margin: 2px 0 6px; }
.key { border-bottom: 1px solid #eaeef2; padding: 3px 0; }
.key .line { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; min-width: 0; }
.key .name { flex: 1 1 16em; min-width: 0; border: 0; background: none; text-align: left; padding: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 11px; }
.key .when, .key .size { color: #59636e; white-space: nowrap; font-size: 11px; }
.key .actions { display: flex; gap: 3px; flex: none; }
.key .detail { margin: 4px 0 4px 12px; }
.status { flex: none; display: inline-block; min-width: 56px; text-align: center; border-radius: 9px; padding: 0 6px; font-size: 11px; font-weight: 600; color: #fff; }
.status.fresh { background: #1a7f37; }
.status.stale { background: #9a6700; }
.status.fetching { background: #0b6bcb; }
.status.error { background: #cf222e; }
.status.invalid { background: #6e7781; }
details > summary { cursor: pointer; }
.entity { border-bottom: 1px solid #eaeef2; padding: 3px 0; }
.entity > summary { font-weight: 600; }
.entity .count { font-weight: 400; color: #59636e; margin-left: 6px; }
.row { margin-left: 14px; border-left: 2px solid #eaeef2; padding-left: 6px; }
.row > summary { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 11px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.row .pk { font-weight: 700; margin-right: 6px; }
.row .edit { margin: 4px 0; display: flex; flex-direction: column; gap: 4px; align-items: flex-start; }
.row .error, .failed { color: #cf222e; }
.node { margin-left: 14px; }
.node > summary { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 11px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.leaf { margin-left: 14px; white-space: pre-wrap; word-break: break-all; }
.k { color: #8250df; }
.v.string { color: #0a3069; }
.v.number, .v.bigint { color: #0550ae; }
.v.boolean, .v.null, .v.undefined { color: #cf222e; }
.v.date { color: #116329; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 2px 6px; border-bottom: 1px solid #eaeef2; vertical-align: top; }
th { font-weight: 600; color: #59636e; font-size: 11px; }
td code { word-break: break-all; }
.pill { display: inline-block; border-radius: 9px; padding: 0 6px; background: #eaeef2; font-size: 11px; margin-left: 4px; }
.diff .before { color: #cf222e; text-decoration: line-through; }
.diff .after { color: #1a7f37; }
.commit { border-bottom: 1px solid #eaeef2; padding: 3px 0; }
.view { border-bottom: 1px solid #eaeef2; padding: 3px 0; }
`;
