import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../domain/messages.ts';
import { checkProjectImage, matchesSignature } from './image-check.ts';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const file = (bytes: number[] | Uint8Array, type: string, name = 'x') => new File([new Uint8Array(bytes)], name, { type });

describe('checkProjectImage', () => {
  it('accepts a real PNG, JPEG, GIF and WebP head', async () => {
    expect(await checkProjectImage(file(PNG_HEAD, 'image/png'))).toBeNull();
    expect(await checkProjectImage(file([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0], 'image/jpeg'))).toBeNull();
    expect(await checkProjectImage(file([...Buffer.from('GIF89a'), 0, 0, 0, 0, 0, 0], 'image/gif'))).toBeNull();
    expect(await checkProjectImage(file([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')], 'image/webp'))).toBeNull();
  });

  it('refuses a missing file, a fake image, another type and an oversize file with their messages', async () => {
    expect(await checkProjectImage(null)).toBe(MESSAGES.imageRequired);
    expect(await checkProjectImage(file([...Buffer.from('hello, I am text')], 'image/png'))).toBe(MESSAGES.imageTypeNotAllowed);
    expect(await checkProjectImage(file([...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')], 'image/svg+xml'))).toBe(
      MESSAGES.imageTypeNotAllowed,
    );
    const big = new Uint8Array(5_242_881);
    big.set(PNG_HEAD);
    expect(await checkProjectImage(file(big, 'image/png'))).toBe(MESSAGES.imageTooLarge);
  });

  it('needs the whole signature', () => {
    expect(matchesSignature('image/png', new Uint8Array(PNG_HEAD.slice(0, 4)))).toBe(false);
    expect(matchesSignature('text/plain', new Uint8Array(12))).toBe(false);
  });
});
