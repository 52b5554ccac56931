import { Link } from 'react-router-dom';
import { GithubIcon, LinkedinIcon, MailIcon, RssIcon, TwitterIcon } from '../../components/icons.tsx';
import { NewsletterForm } from '../../features/newsletter/index.ts';
import { useNow } from '../../lib/clock.ts';
import { site } from '../../../domain/site.ts';
import { useSiteDescription, useSiteName } from '../../lib/site-settings.ts';
import { Brand } from './header.tsx';

const columns = [
  {
    title: 'Product',
    links: [
      { to: '/projects', label: 'Projects' },
      { to: '/submit-project', label: 'Submit Project' },
      { to: '/projects?featured=true', label: 'Featured' },
      { to: '/collections', label: 'Collections' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { to: '/documentation', label: 'Documentation' },
      { to: '/blog', label: 'Blog' },
      { to: '/community', label: 'Community' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/terms', label: 'Terms' },
      { to: '/privacy', label: 'Privacy' },
    ],
  },
] as const;

const social = [
  { href: site.social.github, label: 'GitHub', Icon: GithubIcon },
  { href: site.social.twitter, label: 'Twitter', Icon: TwitterIcon },
  { href: site.social.linkedin, label: 'LinkedIn', Icon: LinkedinIcon },
  { href: `mailto:${site.supportEmail}`, label: 'Email support', Icon: MailIcon },
] as const;

export function Footer() {
  const year = new Date(useNow()).getUTCFullYear();
  const name = useSiteName();
  const description = useSiteDescription();
  return (
    <footer className="border-t border-border bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.2fr_2fr_1.4fr] lg:px-8">
        <div className="flex flex-col gap-4">
          <Brand />
          <p className="max-w-xs text-sm text-muted-foreground">{description}</p>
          <ul className="flex gap-1" aria-label="Social links">
            {social.map(({ href, label, Icon }) => (
              <li key={label}>
                <a
                  href={href}
                  aria-label={label}
                  {...(href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  className="grid h-9 w-9 place-items-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
                >
                  <Icon className="h-5 w-5" />
                </a>
              </li>
            ))}
            <li>
              <a
                href="/feed.xml"
                aria-label="RSS feed"
                className="grid h-9 w-9 place-items-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
              >
                <RssIcon className="h-5 w-5" />
              </a>
            </li>
          </ul>
        </div>

        <div className="grid grid-cols-3 gap-6">
          {columns.map((col) => (
            <nav key={col.title} aria-label={col.title}>
              <h2 className="text-sm font-semibold">{col.title}</h2>
              <ul className="mt-3 flex flex-col gap-2">
                {col.links.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to} className="text-sm text-muted-foreground transition-colors hover:text-foreground">
                      {l.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>

        <NewsletterForm />
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-muted-foreground sm:px-6 lg:px-8">
          © {year} {name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
