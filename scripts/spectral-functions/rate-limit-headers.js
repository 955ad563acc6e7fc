// House rule: X-RateLimit-Limit and X-RateLimit-Remaining on every response; 429 also carries
// Retry-After and X-RateLimit-Reset (source: Limits).
const EVERY = ['X-RateLimit-Limit', 'X-RateLimit-Remaining'];
const ON_429 = ['Retry-After', 'X-RateLimit-Reset'];

export default function rateLimitHeaders(responses) {
  const results = [];
  for (const [code, response] of Object.entries(responses ?? {})) {
    const present = Object.keys(response?.headers ?? {}).map((h) => h.toLowerCase());
    const wanted = code === '429' ? [...EVERY, ...ON_429] : EVERY;
    for (const header of wanted) {
      if (!present.includes(header.toLowerCase())) {
        results.push({ message: `Response ${code} lacks the ${header} header.`, path: [code, 'headers'] });
      }
    }
  }
  return results;
}
