import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';

export function webRoutes(_ctx: ServerContext): Hono {
  const app = new Hono();
  app.get('/', (c) => c.html('<!doctype html><title>AI Showcase</title><p>The web app is being built.</p>'));
  return app;
}
