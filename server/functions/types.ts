import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';

/** A server-side function under /functions/v1/{name}; on hosted Supabase it would be an Edge Function. */
export type ServerFunction = (ctx: ServerContext, c: Context) => Promise<Response>;

/** Answered as JSON { error, message } with the status, which supabase-js exposes as FunctionsHttpError. */
export class FunctionError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
