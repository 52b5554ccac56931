import { open } from 'node:fs/promises';
import { errors } from './errors.ts';

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  /** Byte range of the part's body in the file. */
  start: number;
  end: number;
}

const CHUNK = 64 * 1024;
const MAX_HEADER_BYTES = 8 * 1024;
const MAX_PARTS = 20;

export function boundaryOf(contentType: string): string {
  const m = contentType.match(/boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) throw errors.invalidRequest('Malformed multipart body: no boundary');
  return boundary;
}

/**
 * Finds the parts of a multipart/form-data body already stored in a file, reading it in chunks,
 * so a large upload never sits in memory. Returns each part's headers and byte range.
 */
export async function scanMultipart(path: string, boundary: string): Promise<MultipartPart[]> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const delimiter = Buffer.from(`\r\n--${boundary}`);
    // Positions where "--boundary" begins; the first delimiter may lack the leading CRLF.
    const marks: number[] = [];
    const first = Buffer.alloc(delimiter.length - 2);
    await fh.read(first, 0, first.length, 0);
    if (first.equals(delimiter.subarray(2))) marks.push(0);
    let carry = Buffer.alloc(0);
    let carryStart = 0;
    for (let pos = 0; pos < size; pos += CHUNK) {
      const buf = Buffer.alloc(Math.min(CHUNK, size - pos));
      await fh.read(buf, 0, buf.length, pos);
      const window = Buffer.concat([carry, buf]);
      let i = window.indexOf(delimiter);
      while (i !== -1) {
        marks.push(carryStart + i + 2);
        if (marks.length > MAX_PARTS + 1) throw errors.invalidRequest('Too many parts in multipart body');
        i = window.indexOf(delimiter, i + 1);
      }
      const keep = Math.min(window.length, delimiter.length - 1);
      carry = window.subarray(window.length - keep);
      carryStart = pos + buf.length - keep;
    }

    const dashLen = boundary.length + 2;
    const parts: MultipartPart[] = [];
    for (let k = 0; k + 1 < marks.length; k++) {
      const headStart = marks[k]! + dashLen + 2; // past "--boundary\r\n"
      const bodyLimit = marks[k + 1]! - 2; // the CRLF before the next delimiter belongs to it
      const head = Buffer.alloc(Math.max(0, Math.min(MAX_HEADER_BYTES, bodyLimit - headStart)));
      await fh.read(head, 0, head.length, headStart);
      const sep = head.indexOf('\r\n\r\n');
      if (sep === -1) throw errors.invalidRequest('Malformed multipart body');
      const headers = parseHeaders(head.toString('utf8', 0, sep));
      const disposition = headers.get('content-disposition') ?? '';
      const name = disposition.match(/(?:^|;)\s*name="([^"]*)"/i)?.[1];
      if (name === undefined) throw errors.invalidRequest('Malformed multipart body');
      parts.push({
        name,
        filename: disposition.match(/;\s*filename="([^"]*)"/i)?.[1],
        contentType: headers.get('content-type'),
        start: headStart + sep + 4,
        end: bodyLimit,
      });
    }
    if (parts.length === 0) throw errors.invalidRequest('Malformed multipart body');
    return parts;
  } finally {
    await fh.close();
  }
}

export async function readPart(path: string, part: MultipartPart, maxBytes: number): Promise<string> {
  if (part.end - part.start > maxBytes) throw errors.invalidRequest(`Field ${part.name} is too long`);
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(part.end - part.start);
    await fh.read(buf, 0, buf.length, part.start);
    return buf.toString('utf8');
  } finally {
    await fh.close();
  }
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}
