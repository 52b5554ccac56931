import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Mailer, MailMessage } from './mailer.ts';

export interface StoredMail extends MailMessage {
  id: string;
  created_at: string;
  links: string[];
}

/** How many messages the mailbox page lists; older files stay on disk. */
const LIST_LIMIT = 200;

/**
 * Development mail: each message is a JSON file under DATA_DIR/mailbox (so every process sharing
 * the data directory sees it) and is printed to the console with its links. The page that lists
 * them lives under a secret path (DEV_MAILBOX_SECRET, else generated into DATA_DIR), printed at
 * start: its links sign people in.
 */
export class DevMailbox implements Mailer {
  readonly kind = 'dev-mailbox' as const;
  readonly dir: string;

  constructor(
    dataDir: string,
    readonly secret: string,
    private readonly log: (line: string) => void,
  ) {
    this.dir = join(dataDir, 'mailbox');
    mkdirSync(this.dir, { recursive: true });
  }

  /** The HTML page, relative to the site. */
  get pagePath(): string {
    return `/_dev/mailbox/${this.secret}`;
  }

  /** The same messages as JSON (tests and scripts). */
  get jsonPath(): string {
    return `${this.pagePath}.json`;
  }

  async send(message: MailMessage): Promise<void> {
    const created = new Date();
    const mail: StoredMail = { id: randomUUID(), created_at: created.toISOString(), links: extractLinks(message.text), ...message };
    // Time first in the name so a directory listing sorts by arrival.
    const file = `${created.getTime().toString().padStart(15, '0')}-${mail.id}.json`;
    writeFileSync(join(this.dir, file), JSON.stringify(mail, null, 2), { mode: 0o600 });
    this.log(`[dev mailbox] to ${message.to}: ${message.subject}${mail.links.map((l) => `\n  ${l}`).join('')}`);
  }

  /** Newest first. */
  list(): StoredMail[] {
    return readdirSync(this.dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse()
      .slice(0, LIST_LIMIT)
      .map((f) => JSON.parse(readFileSync(join(this.dir, f), 'utf8')) as StoredMail);
  }
}

function extractLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
}
