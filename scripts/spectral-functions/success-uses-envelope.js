// House rule: every 2xx JSON body is the success envelope { message, status, data }.
const ENVELOPE = ['message', 'status', 'data'];

// The properties a schema guarantees, following allOf (refs are already resolved by Spectral).
function propertiesOf(schema, seen = new Set()) {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return new Set();
  seen.add(schema);
  const names = new Set(Object.keys(schema.properties ?? {}));
  for (const part of schema.allOf ?? []) for (const n of propertiesOf(part, seen)) names.add(n);
  return names;
}

export default function successUsesEnvelope(responses) {
  const results = [];
  for (const [code, response] of Object.entries(responses ?? {})) {
    if (!/^2/.test(code)) continue;
    for (const [mediaType, media] of Object.entries(response?.content ?? {})) {
      if (!mediaType.includes('json')) continue;
      const names = propertiesOf(media.schema);
      const missing = ENVELOPE.filter((n) => !names.has(n));
      if (missing.length) {
        results.push({
          message: `Response ${code} (${mediaType}) is not the success envelope: missing ${missing.join(', ')}.`,
          path: [code, 'content', mediaType, 'schema'],
        });
      }
    }
  }
  return results;
}
