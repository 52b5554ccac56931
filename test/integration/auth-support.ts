import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { DevMailbox, type StoredMail } from '../../server/mail/dev-mailbox.ts';
import type { TestServer } from '../support/server.ts';

/** A browser-like supabase-js client: in-memory storage, so PKCE verifiers survive between calls. */
export function browserClient(server: TestServer, flowType: 'pkce' | 'implicit' = 'implicit'): SupabaseClient {
  const store = new Map<string, string>();
  return createClient(server.url, server.anonKey, {
    auth: {
      flowType,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (k) => store.get(k) ?? null,
        setItem: (k, v) => void store.set(k, v),
        removeItem: (k) => void store.delete(k),
      },
    },
    realtime: { transport: WebSocket as never },
  });
}

/** The dev mailbox's JSON address (its secret path), as the server prints it at start. */
export function mailboxJsonUrl(server: TestServer): string {
  if (!(server.ctx.mailer instanceof DevMailbox)) throw new Error('this server has no dev mailbox');
  return `${server.url}${server.ctx.mailer.jsonPath}`;
}

/** The dev mailbox, read over HTTP as a developer would (the test connects from loopback). */
export async function mailbox(server: TestServer): Promise<StoredMail[]> {
  const res = await fetch(mailboxJsonUrl(server));
  if (!res.ok) throw new Error(`mailbox answered ${res.status}`);
  return ((await res.json()) as { messages: StoredMail[] }).messages;
}

export async function lastMailTo(server: TestServer, to: string): Promise<StoredMail | undefined> {
  return (await mailbox(server)).find((m) => m.to === to);
}

export function mailFiles(server: TestServer): StoredMail[] {
  const dir = join(server.dataDir, 'mailbox');
  return readdirSync(dir).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as StoredMail);
}

export function verifyLinkOf(mail: StoredMail | undefined): string {
  const link = mail?.links.find((l) => l.includes('/auth/v1/verify'));
  if (!link) throw new Error('no verify link in mail');
  return link;
}

/** Follows a link without following the redirect, returning where it points. */
export async function follow(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (!location) throw new Error(`expected a redirect, got ${res.status}: ${await res.text()}`);
  return new URL(location);
}

export function fragment(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.replace(/^#/, ''));
}

let n = 0;
export const uniqueEmail = (tag = 'u') => `${tag}-${Date.now().toString(36)}-${n++}@example.test`;

export const PASSWORD = 'correct horse battery';

/** Raw GoTrue call, for asserting shapes supabase-js hides. */
export async function gotrue(server: TestServer, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/auth/v1${path}`, {
    method,
    headers: {
      apikey: server.anonKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}
