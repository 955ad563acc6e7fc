// What keeps the page from reaching the network, and the check that it does not try.
//
// - The Redoc bundle is inlined (`--inlineBundle`): no script from a CDN.
// - Telemetry is off (REDOCLY_TELEMETRY=off when rendering), so `disableTelemetry: true` is baked in.
// - Redoc 3 draws the "API docs by Redocly" attribution with an <img> from its CDN, and no option
//   turns that off; the two logo URLs in the inlined bundle are replaced by an inline SVG.
// The browser test (tests/docs/reference.test.ts) proves the result: zero requests leave the page.

// A plain wordmark, so the attribution still reads "API docs by Redocly" offline.
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16">' +
  '<text x="0" y="12" font-family="Helvetica,Arial,sans-serif" font-size="12" font-weight="600" fill="#ef4623">Redocly</text></svg>';
const LOGO_DATA_URI = `data:image/svg+xml,${encodeURIComponent(LOGO_SVG)}`;

const REPLACEMENTS: Array<{ find: string; replace: string }> = [
  { find: 'https://cdn.redoc.ly/redoc/logo-mini-full.svg', replace: LOGO_DATA_URI },
  { find: 'https://cdn.redoc.ly/redoc/logo-mini.svg', replace: LOGO_DATA_URI },
];

export function makeOffline(html: string): string {
  let out = html;
  for (const { find, replace } of REPLACEMENTS) {
    if (!out.includes(find))
      throw new Error(`docs: expected "${find}" in the Redoc bundle; Redoc changed, re-check that the page stays offline`);
    out = out.split(find).join(replace);
  }
  const problems: string[] = [];
  if (!out.includes('"disableTelemetry":true')) problems.push('telemetry is not disabled in the page options');
  if (/<script[^>]+\ssrc=/i.test(out)) problems.push('a <script src> loads code from elsewhere');
  if (/<link[^>]+href="(?:https?:)?\/\//i.test(out)) problems.push('a <link> loads from the network');
  if (out.includes('cdn.redoc.ly')) problems.push('a cdn.redoc.ly URL is left');
  if (problems.length) throw new Error(`docs: the page would not be offline: ${problems.join('; ')}`);
  return out;
}
