import { useState } from 'react';
import { canonicalShareUrl, RICHER_MESSAGES, shareLinks } from '../../../../domain/richer-projects.ts';
import { LinkedinIcon, MailIcon, TwitterIcon } from '../../../components/icons.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { useBrowserValue } from '../../../lib/use-browser-value.ts';

const pageShareUrl = () => canonicalShareUrl(window.location.href);
const phoneCanShare = () => typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches;

/** Copy link, X, LinkedIn, e-mail, and the phone's own share sheet: the page's URL, nothing added. */
export function ShareBar({ title }: { title: string }) {
  const url = useBrowserValue(pageShareUrl, '');
  const links = shareLinks(url, title);
  const [copied, setCopied] = useState(false);
  const canShare = useBrowserValue(phoneCanShare, false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      window.prompt('Copy this link', url);
    }
  };
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <section aria-label="Share this project" className="mt-6 flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-muted-foreground">Share</span>
      <Button variant="outline" size="sm" onClick={() => void copy()}>
        {copied ? 'Link copied' : 'Copy link'}
      </Button>
      <span aria-live="polite" className="sr-only">
        {copied ? RICHER_MESSAGES.linkCopied : ''}
      </span>
      {canShare && (
        <Button variant="outline" size="sm" onClick={() => void navigator.share({ title, url }).catch(() => undefined)}>
          Share…
        </Button>
      )}
      <a href={links.x} {...external} className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label="Share on X">
        <TwitterIcon /> X
      </a>
      <a href={links.linkedin} {...external} className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label="Share on LinkedIn">
        <LinkedinIcon /> LinkedIn
      </a>
      <a href={links.email} className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label="Share by e-mail">
        <MailIcon /> E-mail
      </a>
    </section>
  );
}
