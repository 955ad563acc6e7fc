// The multipart/form-data body of `call`: fields from `body` (an array field is one part per item),
// files from `files`, each a path on the disk where the server runs or its bytes as base64.
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ContractModel, type ContractOperation, type Document } from '../lib/contract/index.js';

export interface FileInput {
  path?: string;
  base64?: string;
  filename?: string;
  contentType?: string;
}

/**
 * Which files `path` may name. Over stdio, any the user's account can read (the assistant is the
 * user's); over HTTP (`--http`, where MCP_ALLOWED_HOSTS may let others in), only those under
 * MCP_UPLOAD_DIR, and none when it is unset.
 */
export const uploads: { underOnly: boolean; dir?: string } = { underOnly: false };

async function allowedPath(where: string): Promise<string | undefined> {
  if (!uploads.underOnly) return undefined;
  if (!uploads.dir) return 'Over HTTP, files by path are off (the user may set MCP_UPLOAD_DIR to a folder to allow files under it); send the bytes as base64.';
  const [real, dir] = await Promise.all([realpath(where).catch(() => where), realpath(uploads.dir).catch(() => uploads.dir ?? '')]);
  return real.startsWith(dir + path.sep) ? undefined : `Over HTTP, files by path come only from under MCP_UPLOAD_DIR; ${where} is not.`;
}

const TYPES: Record<string, string> = {
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.ogg': 'audio/ogg',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
};

async function blobOf(file: FileInput, max: number): Promise<{ blob: Blob; name: string } | string> {
  if ((file.path === undefined) === (file.base64 === undefined)) return 'Each file gives either path or base64.';
  const name = file.filename ?? (file.path ? path.basename(file.path) : 'upload.bin');
  const type = file.contentType ?? TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
  if (file.base64 !== undefined) {
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(file.base64.replace(/\s+/g, ''))) return `The base64 of ${name} is not base64.`;
    return { blob: new Blob([Buffer.from(file.base64, 'base64')], { type }), name };
  }
  const where = path.resolve(file.path ?? '');
  const refused = await allowedPath(where);
  if (refused) return refused;
  const info = await stat(where).catch(() => undefined);
  if (!info?.isFile()) return `No file at ${where}.`;
  if (info.size > max) return `${where} is ${info.size} bytes, over ${max} bytes.`;
  return { blob: new Blob([await readFile(where)], { type }), name };
}

const fieldText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The form, or why it cannot be sent (a file that is not there, a field that takes no file). */
export async function formOf(doc: Document, o: ContractOperation, body: unknown, files: Record<string, FileInput | FileInput[]> = {}, max = Number.POSITIVE_INFINITY): Promise<FormData | string> {
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body)))
    return `${o.label} takes multipart/form-data: body is an object of its text fields.`;
  const fileFields = ContractModel.of(doc).fileFields(o);
  const form = new FormData();
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>))
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, fieldText(item));
  for (const [name, given] of Object.entries(files)) {
    if (fileFields.size && !fileFields.has(name)) return `${o.label} has no file field ${name}; its file fields: ${[...fileFields].join(', ') || 'none'}.`;
    for (const file of Array.isArray(given) ? given : [given]) {
      const got = await blobOf(file, max);
      if (typeof got === 'string') return got;
      form.append(name, got.blob, got.name);
    }
  }
  return form;
}
