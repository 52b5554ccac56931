import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { isEmailStream, type EmailStream } from '../../domain/notifications.ts';
import type { Clock } from '../clock.ts';

/** Links in old e-mails keep working for a year: people unsubscribe from mail they kept. */
export const UNSUBSCRIBE_TOKEN_MAX_AGE_SECONDS = 365 * 24 * 3600;

export interface UnsubscribeRequest {
  address: string;
  stream: EmailStream;
  issuedAt: number;
}

export class UnsubscribeTokenError extends Error {
  constructor(readonly reason: 'invalid' | 'expired') {
    super(reason === 'expired' ? 'This unsubscribe link has expired' : 'This unsubscribe link is not valid');
  }
}

/**
 * Tokens in unsubscribe links: `<payload>.<mac>`, the payload naming the address, the stream
 * (a notification type, 'digest' or 'newsletter') and when it was issued, the MAC an HMAC-SHA256
 * under a key of their own, derived from JWT_SECRET with HKDF. Two parts, another key: nothing
 * /rest/v1 or /auth/v1 accepts (those want three-part JWTs under JWT_SECRET itself), and a JWT is
 * no unsubscribe token either. Changing JWT_SECRET ends old links, as it ends sessions.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(
    jwtSecret: string,
    private readonly clock: Clock,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', jwtSecret, 'ai-showcase', 'unsubscribe-token-v1', 32));
  }

  sign(address: string, stream: EmailStream, issuedAt = this.clock.nowSeconds()): string {
    const payload = Buffer.from(JSON.stringify({ a: address, s: stream, t: issuedAt })).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** Throws UnsubscribeTokenError. */
  verify(token: string): UnsubscribeRequest {
    const [payload, mac, ...rest] = token.split('.');
    if (!payload || !mac || rest.length || !safeEqual(mac, this.mac(payload))) throw new UnsubscribeTokenError('invalid');
    let claims: { a?: unknown; s?: unknown; t?: unknown };
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw new UnsubscribeTokenError('invalid');
    }
    const { a: address, s: stream, t: issuedAt } = claims;
    if (typeof address !== 'string' || !address.includes('@') || !isEmailStream(stream) || typeof issuedAt !== 'number') {
      throw new UnsubscribeTokenError('invalid');
    }
    if (this.clock.nowSeconds() - issuedAt > UNSUBSCRIBE_TOKEN_MAX_AGE_SECONDS) throw new UnsubscribeTokenError('expired');
    return { address, stream, issuedAt };
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
