// Redoc options for `build-docs --openapi FILE` (these replace any `openapi:` block in redocly.yaml).
// Redoc 3 shows only the x-codeSamples whose label matches a language listed here (case-insensitive).

export const SAMPLE_LANGUAGES = {
  curl: { label: 'curl', lang: 'bash' },
  typescript: { label: 'TypeScript client', lang: 'typescript' },
  python: { label: 'Python', lang: 'python' },
} as const;

export const redocOptions = {
  // Also forced by REDOCLY_TELEMETRY=off at render time; stated here so the intent is visible.
  disableTelemetry: true,
  codeSamples: { languages: Object.values(SAMPLE_LANGUAGES).map((l) => ({ ...l })) },
};
