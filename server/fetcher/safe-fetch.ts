import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { lookup } from 'node:dns/promises';
import { refusedAddressKind } from './address-policy.ts';

/**
 * The one way the server fetches a URL someone else chose (a maker's site, an image, a proof of
 * build): every check of decision 250 happens here, at every redirect, so no caller can forget one.
 */

export type FetchRefusedReason =
  | 'invalid-url'
  | 'scheme'
  | 'credentials'
  | 'port'
  | 'host-form'
  | 'private-address'
  | 'dns'
  | 'unreachable'
  | 'tls'
  | 'timeout'
  | 'cancelled'
  | 'too-many-redirects'
  | 'too-large'
  | 'unsupported-type'
  | 'unsupported-encoding';

/** A fetch the server would not make or finish; `message` is written for the maker who gave the URL. */
export class FetchRefused extends Error {
  constructor(
    readonly reason: FetchRefusedReason,
    message: string,
  ) {
    super(message);
    this.name = 'FetchRefused';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a name has (the fetch is refused when any of them is refused). */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

/** Where a checked request goes: the one address already vetted, never the name again. */
export interface ConnectTarget {
  address: string;
  port: number;
  protocol: 'http:' | 'https:';
  /** The URL's host name: TLS verifies the certificate against it. */
  hostname: string;
}

export type Connect = (target: ConnectTarget) => Socket;

export interface SafeFetchOptions {
  method?: 'GET' | 'HEAD';
  /** The body is read up to this many bytes (default 2 MB). */
  maxBytes?: number;
  /** Past maxBytes, return the first maxBytes (`truncated: true`) instead of refusing. */
  truncate?: boolean;
  /** One deadline for everything: names, connections, redirects, headers and body (default 5 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
  maxRedirects?: number;
  /** Ports a URL may name (default 80 and 443). */
  allowedPorts?: readonly number[];
  /** Exact "host:port" pairs fetched although local (FETCH_ALLOW_HOSTS); no ranges, no wildcards. */
  allowHosts?: readonly string[];
  /** Content types whose body is read; anything else is refused before its body is read. */
  acceptTypes?: (contentType: string) => boolean;
  userAgent?: string;
  /** Tests only: a fake DNS and a connector to local fake sites. */
  resolve?: Resolve;
  connect?: Connect;
}

export interface SafeFetchResult {
  status: number;
  /** The URL that answered, after redirects. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The media type, lowercased, without parameters ('' when the answer had none). */
  contentType: string;
  body: Buffer;
  truncated: boolean;
  redirects: number;
}

export const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 5_000;
export const DEFAULT_MAX_REDIRECTS = 5;
export const DEFAULT_ALLOWED_PORTS: readonly number[] = [80, 443];

/** Text, HTML, JSON and images: what the later readers (page meta, proof of build) understand. */
export function isReadableType(contentType: string): boolean {
  return (
    contentType.startsWith('text/') ||
    contentType.startsWith('image/') ||
    contentType === 'application/json' ||
    contentType.endsWith('+json') ||
    contentType === 'application/xhtml+xml'
  );
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const defaultResolve: Resolve = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

// TLS verifies the certificate against the URL's name (servername), with Node's default checks;
// the socket goes to the vetted address, so a second DNS answer cannot move it (no rebinding).
const defaultConnect: Connect = ({ address, port, protocol, hostname }) =>
  protocol === 'https:'
    ? tlsConnect({ host: address, port, servername: isIP(hostname) ? undefined : hostname, ALPNProtocols: ['http/1.1'] })
    : netConnect({ host: address, port });

/** The host as an allow-list entry writes it: lowercased, IPv6 in brackets, the port always written. */
function hostKey(url: URL): string {
  return `${url.hostname.toLowerCase()}:${portOf(url)}`;
}

function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** The host part exactly as written in an absolute URL, before the WHATWG parser normalises it. */
function writtenHost(raw: string): string | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i.exec(raw.trim());
  if (!match) return null;
  const authority = match[1]!;
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
}

/** Parses a URL (or a redirect's Location against the page that sent it) and checks its form. */
function checkedUrl(raw: string, base: URL | undefined, allowedPorts: readonly number[], allowHosts: ReadonlySet<string>): URL {
  let url: URL;
  try {
    url = base ? new URL(raw, base) : new URL(raw);
  } catch {
    throw new FetchRefused('invalid-url', 'This is not a valid web address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefused('scheme', 'Only http:// and https:// addresses can be fetched.');
  }
  if (url.username || url.password) {
    throw new FetchRefused('credentials', 'An address with a user name or password in it cannot be fetched.');
  }
  // The WHATWG parser turns 0x7f000001, 2130706433 and 0177.0.0.1 into 127.0.0.1: an address
  // written in such a form is refused for its form, whatever it points to.
  const trimmed = raw.trim();
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : trimmed.startsWith('//') ? `${url.protocol}${trimmed}` : url.href;
  const written = writtenHost(absolute);
  if (isIP(url.hostname) === 4 && written?.toLowerCase() !== url.hostname) {
    throw new FetchRefused('host-form', 'This address writes an IP address in an unusual form (hex, octal or a single number), so it cannot be fetched.');
  }
  if (url.hostname.endsWith('.')) {
    throw new FetchRefused('host-form', 'This address ends its host name with a dot, so it cannot be fetched.');
  }
  if (allowHosts.has(hostKey(url))) return url;
  if (!allowedPorts.includes(portOf(url))) {
    throw new FetchRefused('port', `Only addresses on port ${allowedPorts.join(' or ')} can be fetched.`);
  }
  const name = url.hostname.toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost')) {
    throw new FetchRefused('private-address', 'This address points to this server itself, so it cannot be fetched.');
  }
  return url;
}

function privateAddressRefusal(what: string): FetchRefused {
  return new FetchRefused('private-address', `This address points to ${what}, not to a public website, so it cannot be fetched.`);
}

/** Resolves the URL's host once and returns the address to connect to, every answer checked. */
async function vettedAddress(url: URL, allowed: boolean, resolve: Resolve): Promise<ResolvedAddress> {
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  let answers: ResolvedAddress[];
  if (isIP(literal)) {
    answers = [{ address: literal, family: isIP(literal) === 6 ? 6 : 4 }];
  } else {
    try {
      answers = await resolve(url.hostname);
    } catch {
      throw new FetchRefused('dns', `The name ${url.hostname} could not be found.`);
    }
    if (answers.length === 0) throw new FetchRefused('dns', `The name ${url.hostname} could not be found.`);
  }
  if (!allowed) {
    // Any refused answer refuses the name: which answer a client picks must not matter.
    for (const answer of answers) {
      const what = refusedAddressKind(answer.address);
      if (what) throw privateAddressRefusal(what);
    }
  }
  return answers[0]!;
}

function mediaType(headers: IncomingHttpHeaders): string {
  return (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

interface Hop {
  response: IncomingMessage;
  done: () => void;
}

function sendRequest(url: URL, target: ResolvedAddress, options: Required<Pick<SafeFetchOptions, 'method' | 'userAgent'>> & { connect: Connect }, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolvePromise, reject) => {
    const req = request({
      method: options.method,
      path: `${url.pathname}${url.search}`,
      // No cookies, no Authorization, no proxy (node:http never reads HTTP_PROXY): only these.
      headers: {
        host: url.host,
        'user-agent': options.userAgent,
        accept: 'text/html,application/xhtml+xml,application/json;q=0.9,image/*;q=0.8,text/*;q=0.7',
        // Compressed answers could expand past the byte cap after it was checked.
        'accept-encoding': 'identity',
        connection: 'close',
      },
      // No agent (agent: false would make a fresh one that ignores createConnection): the socket is
      // always ours, to the vetted address; host and port name it too, should Node ever fall back.
      host: target.address,
      port: portOf(url),
      createConnection: () => options.connect({ address: target.address, port: portOf(url), protocol: url.protocol as 'http:' | 'https:', hostname: url.hostname.replace(/^\[|\]$/g, '') }),
      signal,
    });
    req.on('response', (response) => resolvePromise({ response, done: () => req.destroy() }));
    req.on('error', (error) => reject(error));
    req.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number, truncate: boolean): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    if (size + chunk.length > maxBytes) {
      chunks.push(chunk.subarray(0, maxBytes - size));
      response.destroy();
      if (!truncate) throw tooLarge(maxBytes);
      return { body: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

function tooLarge(maxBytes: number): FetchRefused {
  return new FetchRefused('too-large', `The page is larger than ${Math.round(maxBytes / 1024)} KB, so it was not read.`);
}

/** Fetches one URL under every rule of decision 250, or throws FetchRefused saying why not. */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const allowedPorts = options.allowedPorts ?? DEFAULT_ALLOWED_PORTS;
  const allowHosts = new Set((options.allowHosts ?? []).map((entry) => entry.toLowerCase()));
  const acceptTypes = options.acceptTypes ?? isReadableType;
  const resolve = options.resolve ?? defaultResolve;
  const requestOptions = { method: options.method ?? 'GET', userAgent: options.userAgent ?? 'ai-showcase-fetcher', connect: options.connect ?? defaultConnect };
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  // Either the deadline passed, or the caller gave up (its own signal): each says so.
  const timedOut = () =>
    deadline.aborted
      ? new FetchRefused('timeout', `The site did not answer in full within ${timeoutMs / 1000} seconds.`)
      : new FetchRefused('cancelled', 'The fetch was cancelled.');

  let url = checkedUrl(rawUrl, undefined, allowedPorts, allowHosts);
  for (let redirects = 0; ; redirects++) {
    const target = await raceAbort(vettedAddress(url, allowHosts.has(hostKey(url)), resolve), signal, timedOut);
    let hop: Hop;
    try {
      hop = await sendRequest(url, target, requestOptions, signal);
    } catch (error) {
      if (signal.aborted) throw timedOut();
      if (error instanceof FetchRefused) throw error;
      if (isCertificateError(error)) throw new FetchRefused('tls', `The site at ${url.host} has a certificate that could not be verified.`);
      throw new FetchRefused('unreachable', `The site at ${url.host} could not be reached.`);
    }
    const { response } = hop;
    try {
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(response.statusCode ?? 0) && location) {
        if (redirects >= maxRedirects) throw new FetchRefused('too-many-redirects', `The site redirected more than ${maxRedirects} times.`);
        // Every hop is checked as the first was: its form, its port, and (above) its addresses.
        url = checkedUrl(location, url, allowedPorts, allowHosts);
        continue;
      }
      const contentType = mediaType(response.headers);
      const encoding = (response.headers['content-encoding'] ?? 'identity').toLowerCase();
      if (encoding !== 'identity') throw new FetchRefused('unsupported-encoding', 'The site sent a compressed answer it was not asked for.');
      const declared = Number(response.headers['content-length']);
      const base = { status: response.statusCode ?? 0, url: url.href, headers: response.headers, contentType, redirects };
      if (requestOptions.method === 'HEAD') return { ...base, body: Buffer.alloc(0), truncated: false };
      if (!acceptTypes(contentType)) {
        throw new FetchRefused('unsupported-type', `The site answered with ${contentType || 'no content type'}, which is not a web page, JSON or an image.`);
      }
      if (!options.truncate && Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
      try {
        return { ...base, ...(await readBody(response, maxBytes, options.truncate ?? false)) };
      } catch (error) {
        if (error instanceof FetchRefused) throw error;
        if (signal.aborted) throw timedOut();
        throw new FetchRefused('unreachable', `The site at ${url.host} closed the connection mid-answer.`);
      }
    } finally {
      hop.done();
    }
  }
}

/** OpenSSL's and Node's codes for a certificate that failed verification (expired, self-signed, wrong name …). */
function isCertificateError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code);
}

/** DNS lookups take no signal: the deadline still ends the wait for one. */
function raceAbort<T>(work: Promise<T>, signal: AbortSignal, onAbort: () => Error): Promise<T> {
  if (signal.aborted) return Promise.reject(onAbort());
  return new Promise((resolvePromise, reject) => {
    const abort = () => reject(onAbort());
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolvePromise, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
