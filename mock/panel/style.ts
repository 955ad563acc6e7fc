// The panel's look, inside its shadow root: the page's CSS does not reach in, and this does not
// leak out. `all: initial` on the host stops inherited page styles (fonts, colours, line height).
export const PANEL_CSS = `
:host { all: initial; position: fixed; right: 12px; bottom: 12px; z-index: 2147483647; }
.panel { width: 400px; max-height: 75vh; overflow: auto; box-sizing: border-box; background: #fff; color: #1d2330;
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; border: 1px solid #c9cfdb; border-radius: 8px;
  box-shadow: 0 6px 24px rgba(16, 24, 40, .18); }
.panel.closed .body { display: none; }
header { display: flex; gap: 8px; align-items: center; padding: 6px 10px; background: #1d2330; color: #fff; border-radius: 7px 7px 0 0; position: sticky; top: 0; }
header strong { flex: 1; font-size: 13px; }
.body { padding: 4px 10px 10px; }
section { border-top: 1px solid #e3e6ec; padding: 6px 0; }
section:first-child { border-top: 0; }
h2 { font-size: 11px; margin: 2px 0 4px; color: #6b7280; text-transform: uppercase; letter-spacing: .04em; }
.row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 3px 0; }
label { display: inline-flex; gap: 4px; align-items: center; }
input, select, button { font: inherit; font-size: 12px; box-sizing: border-box; }
input[type=text] { width: 150px; } input[type=number] { width: 64px; }
button { border: 1px solid #c9cfdb; background: #fff; color: #1d2330; border-radius: 5px; padding: 2px 8px; cursor: pointer; }
button:hover { border-color: #2f5bd3; }
header button { background: #2b3345; color: #fff; border-color: #47506a; }
.mono { font-family: ui-monospace, Menlo, monospace; font-size: 11px; }
.muted { color: #6b7280; }
.problem { color: #b42318; overflow-wrap: anywhere; }
.badge { display: inline-block; padding: 0 7px; border-radius: 999px; font-size: 11px; font-weight: 600; background: #e8eaf0; }
table { width: 100%; border-collapse: collapse; }
td { padding: 2px 4px; border-bottom: 1px solid #eef0f4; vertical-align: middle; }
td.path { overflow-wrap: anywhere; }
td.nowrap { white-space: nowrap; }
.s2 { color: #166534; } .s4 { color: #b45309; } .s5 { color: #b91c1c; }
`;
