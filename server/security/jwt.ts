import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';
export const API_ROLES: readonly ApiRole[] = ['anon', 'authenticated', 'service_role'];

export interface JwtClaims {
  role: ApiRole;
  sub?: string;
  email?: string;
  aud?: string | string[];
  exp?: number;
  iat?: number;
  session_id?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  [claim: string]: unknown;
}

/** Fixed issue time, so the anon and service_role keys are the same on every start for one secret. */
const KEY_ISSUED_AT = 1_735_689_600; // 2025-01-01
const KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 3600;

export class JwtError extends Error {
  constructor(
    message: string,
    readonly reason: 'invalid' | 'expired',
  ) {
    super(message);
  }
}

export interface Keys {
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  sign(claims: JwtClaims, expiresInSeconds: number): Promise<string>;
  /** Verifies signature (HS256 only), expiry and role; throws JwtError. */
  verify(token: string): Promise<JwtClaims>;
  /** The time tokens are issued and checked at, in seconds since the epoch: the server's clock. */
  nowSeconds(): number;
}

/** Where token time comes from: the server's Clock (server/clock.ts); the system clock by default. */
export interface TokenClock {
  nowSeconds(): number;
}

const systemClock: TokenClock = { nowSeconds: () => Math.floor(Date.now() / 1000) };

export async function createKeys(secret: string, clock: TokenClock = systemClock): Promise<Keys> {
  const key = new TextEncoder().encode(secret);
  const apiKey = (role: ApiRole) =>
    new SignJWT({ role, iss: 'supabase' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(KEY_ISSUED_AT)
      .setExpirationTime(KEY_ISSUED_AT + KEY_LIFETIME_SECONDS)
      .sign(key);

  return {
    anonKey: await apiKey('anon'),
    serviceRoleKey: await apiKey('service_role'),
    nowSeconds: () => clock.nowSeconds(),
    async sign(claims, expiresInSeconds) {
      const now = clock.nowSeconds();
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(claims.iat ?? now)
        .setExpirationTime(claims.exp ?? now + expiresInSeconds)
        .sign(key);
    },
    async verify(token) {
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: new Date(clock.nowSeconds() * 1000) }));
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) throw new JwtError('JWT expired', 'expired');
        throw new JwtError('invalid JWT', 'invalid');
      }
      const role = payload.role;
      if (typeof role !== 'string' || !API_ROLES.includes(role as ApiRole)) {
        throw new JwtError('JWT role is not one of anon, authenticated, service_role', 'invalid');
      }
      if (payload.sub !== undefined && typeof payload.sub !== 'string') {
        throw new JwtError('JWT sub must be a string', 'invalid');
      }
      return payload as JwtClaims;
    },
  };
}
