import { validateProjectImage } from '../../../../domain/project-submission.ts';
import { MESSAGES } from '../../../../domain/messages.ts';

/**
 * The image's first bytes must match its declared type (the server checks the same), so a
 * renamed text file is refused before it is uploaded, with a message instead of a broken card.
 */
const SIGNATURES: Record<string, (b: Uint8Array) => boolean> = {
  'image/png': (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38,
  'image/webp': (b) =>
    String.fromCharCode(b[0]!, b[1]!, b[2]!, b[3]!) === 'RIFF' && String.fromCharCode(b[8]!, b[9]!, b[10]!, b[11]!) === 'WEBP',
};

export function matchesSignature(type: string, head: Uint8Array): boolean {
  const check = SIGNATURES[type];
  return Boolean(check && head.length >= 12 && check(head));
}

/** null when the file may be uploaded, else the message to show (SPEC §5 wording where it has one). */
export async function checkProjectImage(file: File | null | undefined): Promise<string | null> {
  const basic = validateProjectImage(file);
  if (basic) return basic;
  const head = new Uint8Array(await file!.slice(0, 12).arrayBuffer());
  return matchesSignature(file!.type, head) ? null : MESSAGES.imageTypeNotAllowed;
}
