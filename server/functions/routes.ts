import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { adminInviteUser } from './admin-invite-user.ts';
import { adminReviewProject } from './admin-review-project.ts';
import { deleteAccount } from './delete-account.ts';
import { FunctionError, type ServerFunction } from './types.ts';

/** Every server-side function, by the name supabase.functions.invoke(name) uses. */
const FUNCTIONS: Record<string, ServerFunction> = {
  'admin-invite-user': adminInviteUser,
  'admin-review-project': adminReviewProject,
  'delete-account': deleteAccount,
};

export function functionRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  const registry = FUNCTIONS;
  app.post('/:name', async (c) => {
    const fn = Object.hasOwn(registry, c.req.param('name')) ? registry[c.req.param('name')] : undefined;
    if (!fn) throw new FunctionError(404, 'not_found', `Function ${c.req.param('name')} not found`);
    return fn(ctx, c);
  });
  app.all('/:name', () => {
    throw new FunctionError(405, 'method_not_allowed', 'Functions are called with POST');
  });
  app.onError((err, c) => {
    if (err instanceof FunctionError) return c.json({ error: err.code, message: err.message }, err.status as 400);
    console.error('function error:', err);
    return c.json({ error: 'unexpected_failure', message: 'Internal server error' }, 500);
  });
  return app;
}
