import { isUuid } from '../../domain/ids.ts';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/database.ts';
import { isPgError } from '../db/database.ts';
import type { ApiRole, JwtClaims } from './jwt.ts';

/** Who calls (request-auth.ts's RequestAuth fits). */
type Identity = { role: ApiRole; claims: JwtClaims };

/** The session a signed-in request's token names, to be checked in the request's own round trip. */
export interface SessionCheck {
  sessionId: string;
  userId: string;
}

/** Why a session ended, as far as its own token may learn: a ban is told, anything else is not. */
export type SessionEndReason = 'user_banned' | undefined;

export class SessionEndedError extends Error {
  constructor(readonly reason: SessionEndReason = undefined) {
    super('JWT session has ended');
  }
}

/** The SQL that checks a session (db/migrations/0072); it fails with PT401 when the session has ended. */
export const REQUIRE_LIVE_SESSION = 'platform.require_live_session';

const MAX_ENTRIES = 10_000;

/**
 * Whether a signed-in token's session is still live (finding L6): sign-out, refresh-token reuse
 * revocation and bans delete sessions, and a data call with a token of a deleted session is
 * refused. A live answer is trusted for SESSION_CHECK_SECONDS on the app's clock, so a busy user
 * costs one check every few seconds, and a check rides along in the request's own statements
 * (rest/execute.ts) rather than costing a round trip. An ended session never comes back, so that
 * answer is kept until the token would have expired anyway. Tokens without a session_id (minted
 * with the JWT secret by server-side tools, never by /auth/v1) have nothing to check.
 */
export class SessionLiveness {
  private readonly live = new Map<string, number>();
  private readonly ended = new Map<string, { until: number; reason: SessionEndReason }>();

  constructor(
    private readonly clock: Clock,
    private readonly cacheMs: number,
  ) {}

  /** The app's clock, to date a check by when its request started. */
  now(): number {
    return this.clock.nowMs();
  }

  /**
   * What this request must check, or undefined when nothing (no session, or checked moments ago).
   * Throws SessionEndedError at once for a session already known to have ended.
   */
  toCheck(auth: Identity): SessionCheck | undefined {
    const sessionId = auth.claims.session_id;
    if (auth.role !== 'authenticated' || sessionId === undefined) return undefined;
    const now = this.clock.nowMs();
    if (typeof sessionId !== 'string' || !isUuid(sessionId) || typeof auth.claims.sub !== 'string') throw new SessionEndedError();
    const ended = this.ended.get(sessionId);
    if (ended !== undefined) {
      if (ended.until > now) throw new SessionEndedError(ended.reason);
      this.ended.delete(sessionId);
    }
    const checkedAt = this.live.get(sessionId);
    if (checkedAt !== undefined && now - checkedAt < this.cacheMs) return undefined;
    return { sessionId, userId: auth.claims.sub };
  }

  /** The check passed at `checkedAt` (when the request started: anything later is not vouched for). */
  passed(check: SessionCheck, checkedAt: number): void {
    this.live.delete(check.sessionId);
    if (this.live.size >= MAX_ENTRIES) this.live.delete(this.live.keys().next().value!);
    this.live.set(check.sessionId, checkedAt);
  }

  /** The check failed: refuse this session without asking until its token expires. */
  failed(check: SessionCheck, tokenExp: number | undefined, reason: SessionEndReason): void {
    this.live.delete(check.sessionId);
    if (this.ended.size >= MAX_ENTRIES) this.ended.delete(this.ended.keys().next().value!);
    this.ended.set(check.sessionId, { until: tokenExp === undefined ? this.clock.nowMs() + 3600_000 : tokenExp * 1000, reason });
  }

  /** Forget every live answer, after this process ended sessions it cannot name (sign-out, bans). */
  forgetLive(): void {
    this.live.clear();
  }

  /** For calls outside /rest/v1 (storage, functions): checks with a query of its own when needed. */
  async assertLive(db: Queryable, auth: Identity): Promise<void> {
    const check = this.toCheck(auth);
    if (!check) return;
    const startedAt = this.now();
    try {
      await db.query(`select ${REQUIRE_LIVE_SESSION}($1, $2)`, [check.sessionId, check.userId]);
    } catch (err) {
      if (isSessionEnded(err)) {
        this.failed(check, auth.claims.exp, sessionEndReason(err));
        throw new SessionEndedError(sessionEndReason(err));
      }
      throw err;
    }
    this.passed(check, startedAt);
  }
}

export function isSessionEnded(err: unknown): boolean {
  return isPgError(err) && err.code === 'PT401';
}

/** The reason require_live_session gave (db/migrations/0074). */
export function sessionEndReason(err: unknown): SessionEndReason {
  return isPgError(err) && err.detail === 'user_banned' ? 'user_banned' : undefined;
}
