// Copying JSON data per call: the examples every answer starts from, and what a client's body stores.

/**
 * A deep copy of JSON data: what JSON.parse(JSON.stringify(value)) gives (an own `__proto__` key
 * stays an own property, as JSON.parse makes it), about three times faster for an example.
 */
export function copyJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyJson) as T;
  const copy: Record<string, unknown> = {};
  // for-in, not Object.keys (no array per object): the values copied are JSON data, plain objects
  // whose prototype adds no enumerable key.
  for (const key in value) {
    const item = copyJson((value as Record<string, unknown>)[key]);
    if (key === '__proto__') Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
    else copy[key] = item;
  }
  return copy as T;
}
