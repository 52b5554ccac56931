import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from './log.ts';
import { routeGroupOf, type Metrics } from './metrics.ts';
import { assignRequestId } from './request-id.ts';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

const STARTED = Symbol('startedAt');
type Timed = ServerResponse & { [STARTED]?: number };

/**
 * What the server does around every request: an id (X-Request-Id, echoed), metrics and the debug
 * access log when they are on, and `Connection: close` once the server is shutting down so that
 * keep-alive clients let go of their connections. It sits on Node's listener, outside Hono; per
 * request it adds the id, one set entry and one listener.
 */
export class HttpObserver {
  private drainingNow = false;
  private readonly timed: boolean;
  /** Responses not yet finished, so that shutdown can tell them to close their connection too. */
  private readonly inFlight = new Set<ServerResponse>();

  constructor(
    private readonly metrics: Metrics | undefined,
    private readonly logger: Logger,
  ) {
    this.timed = Boolean(metrics) || logger.level === 'debug';
  }

  get draining(): boolean {
    return this.drainingNow;
  }

  /** Shutdown begins: every response not yet sent, and every one from now on, closes its connection. */
  drain(): void {
    this.drainingNow = true;
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
  }

  wrap(listener: Listener): Listener {
    // onClose runs with `this` bound to the request, so the observer travels under another name.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const observer = this;
    function onClose(this: Timed & { req: IncomingMessage }) {
      observer.inFlight.delete(this);
      if (!observer.timed) return;
      const seconds = (performance.now() - this[STARTED]!) / 1000;
      const url = this.req.url ?? '/';
      observer.metrics?.observe(routeGroupOf(url), this.statusCode, seconds);
      if (observer.logger.level === 'debug') {
        observer.logger.debug('request', {
          reqId: this.getHeader('x-request-id'),
          method: this.req.method,
          url,
          status: this.statusCode,
          ms: Math.round(seconds * 10_000) / 10,
          finished: this.writableFinished,
        });
      }
    }
    return (req, res) => {
      res.setHeader('X-Request-Id', assignRequestId(req));
      if (this.drainingNow) res.setHeader('Connection', 'close');
      if (this.timed) (res as Timed)[STARTED] = performance.now();
      this.inFlight.add(res);
      res.on('close', onClose);
      listener(req, res);
    };
  }
}
