// Reading a multipart/form-data body with the platform's own parser (the Fetch API's formData(),
// the same in Node and in a browser page running the MSW handlers), byte-exact for files. What comes
// out: the text fields the handlers read, a record of every part for the journal (field, file name,
// content type, size, SHA-256), and the body rewritten for Prism's validator in a form its own
// multipart reader cannot trip on (every part name percent-encoded, which Prism decodes back; a file
// part stands in as a short ASCII text, since Prism checks only that a binary part is there).
import { dispositionWellFormed } from './multipart-header.js';

export interface UploadedPart {
  field: string;
  /** Only for a file part (one sent with a file name). */
  filename?: string;
  contentType?: string;
  /** Bytes as received: a file's bytes, or a text field's UTF-8. */
  size: number;
  /** Hex SHA-256 of the same bytes (absent where the page has no WebCrypto, e.g. plain http off loopback). */
  sha256?: string;
}

export interface MultipartForm {
  /** Text fields (parts without a file name), last value wins. */
  fields: Record<string, string>;
  parts: UploadedPart[];
  /** The body Prism validates, with the request's own boundary. */
  forPrism: string;
}

export function boundaryOf(contentType: string): string | undefined {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * How many parts a multipart body may have. The source states no limit; the contract's largest form
 * has a handful of fields and up to three samples. Each part costs the platform's parser, a digest
 * and Prism's validator time, so a 32 MB body of tiny parts would hold the mock for a minute (the
 * mock's choice, answered 400 before any part is parsed).
 */
export const MAX_MULTIPART_PARTS = 256;

async function sha256(bytes: Uint8Array): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  const digest = new Uint8Array(await subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Parses the body; a body the parser refuses (a part without a name, a missing end) is `{ error }`. */
export async function readMultipart(
  bytes: Uint8Array,
  contentType: string,
  /** Fields the contract says carry files: a part sent there without a file name is still shown to Prism as a file. */
  fileFields: Set<string> = new Set(),
): Promise<MultipartForm | { error: string }> {
  const boundary = boundaryOf(contentType);
  if (!boundary) return { error: 'The multipart body has no boundary in its Content-Type.' };
  // The platform parsers differ on a malformed Content-Disposition (Node 20 refuses one, Node 24
  // reads past it): the mock checks their syntax itself, so it answers the same everywhere.
  const sections = partSections(bytes, boundary);
  if (sections.length > MAX_MULTIPART_PARTS)
    return { error: `The multipart body has more than ${MAX_MULTIPART_PARTS} parts, more than any form of this API needs.` };
  const badHeader = malformedDisposition(sections);
  if (badHeader) return { error: `The multipart body has a malformed part header: ${JSON.stringify(shorten(badHeader))}.` };
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
  } catch (error) {
    return {
      error: `The multipart body could not be parsed (${(error as Error).message.replace(/\.$/, '')}): every part needs a named Content-Disposition, and the body its closing delimiter.`,
    };
  }
  const fields: Record<string, string> = {};
  const parts: UploadedPart[] = [];
  const forPrism: string[] = [];
  const encoder = new TextEncoder();
  for (const [field, value] of form.entries()) {
    const name = encodeURIComponent(field);
    if (typeof value === 'string') {
      fields[field] = value;
      const text = encoder.encode(value);
      parts.push({ field, size: text.byteLength, sha256: await sha256(text) });
      // Prism's form reader takes an empty value for no value; an empty file is still a file.
      const shown = fileFields.has(field) ? `file-of-${text.byteLength}-bytes` : value;
      forPrism.push(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${shown}\r\n`);
    } else {
      const file = new Uint8Array(await value.arrayBuffer());
      parts.push({ field, filename: value.name, contentType: value.type || undefined, size: file.byteLength, sha256: await sha256(file) });
      const type = value.type ? `\r\nContent-Type: ${value.type}` : '';
      forPrism.push(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="upload"${type}\r\n\r\nfile-of-${file.byteLength}-bytes\r\n`,
      );
    }
  }
  forPrism.push(`--${boundary}--\r\n`);
  return { fields, parts, forPrism: forPrism.join('') };
}

/**
 * The text of each part up to the closing delimiter (bytes read as Latin-1, one per byte). A
 * delimiter opens the body or follows a line break, so a file's bytes that happen to hold the
 * boundary elsewhere do not start a part.
 */
function partSections(bytes: Uint8Array, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const sections = `\r\n${new TextDecoder('latin1').decode(bytes)}`.split(`\r\n${delimiter}`).slice(1);
  const closing = sections.findIndex((section) => section.startsWith('--'));
  return closing < 0 ? sections : sections.slice(0, closing);
}

/** The first Content-Disposition header line of a part that does not parse, if any. */
function malformedDisposition(sections: string[]): string | undefined {
  for (const segment of sections) {
    const end = segment.indexOf('\r\n\r\n');
    for (const line of (end < 0 ? segment : segment.slice(0, end)).split('\r\n')) {
      if (/^content-disposition:/i.test(line) && !dispositionWellFormed(line)) return line;
    }
  }
  return undefined;
}

/** A header line as an error quotes it: at most 200 characters, so a huge line is not echoed whole. */
function shorten(line: string): string {
  return line.length <= 200 ? line : `${line.slice(0, 200)}… (${line.length} characters)`;
}
