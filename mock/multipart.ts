// Reading the text fields of a multipart/form-data body (file parts are skipped). Prism validates
// such bodies itself; the mock only needs a few values (purchase_addon, names for `mock:fail`).

export function boundaryOf(contentType: string): string | undefined {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** The parts of a multipart body as { name, filename?, value }; malformed parts are skipped. */
export function parts(raw: string, contentType: string): Array<{ name: string; filename?: string; value: string }> {
  const boundary = boundaryOf(contentType);
  if (!boundary) return [];
  const found: Array<{ name: string; filename?: string; value: string }> = [];
  for (const chunk of raw.split(`--${boundary}`).slice(1)) {
    const split = chunk.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = chunk.slice(0, split);
    const name = /content-disposition:[^\r\n]*?\bname="([^"]*)"/i.exec(head)?.[1];
    if (name === undefined) continue;
    const filename = /\bfilename="([^"]*)"/i.exec(head)?.[1];
    found.push({ name, filename, value: chunk.slice(split + 4).replace(/\r\n$/, '') });
  }
  return found;
}

/** Text fields only (no file parts), last value wins. */
export function textFields(raw: string, contentType: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const part of parts(raw, contentType)) if (part.filename === undefined) fields[part.name] = part.value;
  return fields;
}

/**
 * Whether the body holds a part that is not a named form field (no Content-Disposition name): a
 * malformed body. A body with no parts at all (only the closing delimiter) is a well-formed empty form.
 */
export function hasUnnamedPart(raw: string, contentType: string): boolean {
  const boundary = boundaryOf(contentType);
  if (!boundary) return raw.trim() !== '';
  const segments = raw.split(`--${boundary}`).slice(1);
  if (!segments.length) return raw.trim() !== '';
  return segments.some((segment) => !segment.startsWith('--') && !/content-disposition:[^\r\n]*?\bname="[^"]*"/i.test(segment));
}
