// Where things live. Every script resolves paths through here so the layout is stated once.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const OPENAPI_DIR = path.join(ROOT, 'openapi');
export const OPENAPI_ROOT = path.join(OPENAPI_DIR, 'openapi.yaml');
// The mock's control plane (/__mock) has its own small document, kept apart from the API's.
export const MOCK_CONTROL_ROOT = path.join(OPENAPI_DIR, 'mock-control', 'openapi.yaml');
export const GENERATED_DIR = path.join(ROOT, 'generated');
export const BIN = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
/** The published client package's name: what readers install and the docs' samples import. */
export const CLIENT_PACKAGE_NAME = 'video-api-v2-client';
