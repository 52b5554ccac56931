/**
 * Stands in for @supabase/realtime-js in the browser build (see vite.config.ts and
 * docs/decisions/051-home-route-budget.md): the SPA uses no realtime channel, and the real
 * client adds about 16 KB gzip to every page. supabase-js only constructs it and passes tokens.
 */
export class RealtimeClient {
  constructor(_endpoint: string, _options?: unknown) {}
  channel(): never {
    throw new Error('Realtime is not enabled in this build; remove the realtime alias in vite.config.ts to use it.');
  }
  getChannels(): never[] {
    return [];
  }
  async removeChannel(): Promise<'ok'> {
    return 'ok';
  }
  async removeAllChannels(): Promise<'ok'[]> {
    return [];
  }
  async setAuth(_token?: string | null): Promise<void> {}
  connect(): void {}
  disconnect(): void {}
  isConnected(): boolean {
    return false;
  }
}
