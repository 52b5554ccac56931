import { Link } from 'react-router-dom';
import { BookIcon, CalendarIcon, CheckIcon, MessageIcon } from '../../components/icons.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { useNow } from '../../lib/clock.ts';
import { site } from '../../../domain/site.ts';
import { useSiteName } from '../../lib/site-settings.ts';
import { eventCalendarFile, formatEventTime, upcomingEvents } from './api/community-events.ts';
import { PageShell, Section } from './components/page-shell.tsx';

// Discord is the operator's own server (domain/site.ts); the calendar is this page's event list
// and the resources are the site's documentation, so neither depends on a placeholder address.
const cards = [
  {
    title: 'Discussions',
    text: 'Swap prompts, ask for feedback on your build and help others get unstuck in our Discord server.',
    action: 'Join Discord',
    href: site.community.discord,
    Icon: MessageIcon,
  },
  {
    title: 'Events',
    text: 'Live build sessions, demo days and office hours with makers who ship with AI every day.',
    action: 'View Calendar',
    href: '#events',
    Icon: CalendarIcon,
  },
  {
    title: 'Resources',
    text: 'Guides to getting started, submitting projects and what makes a great showcase entry.',
    action: 'Browse Resources',
    href: '/documentation',
    Icon: BookIcon,
  },
];

const guidelines = [
  'Be kind and constructive. Critique the work, never the person.',
  'Share honestly: say which parts AI built and which you built yourself.',
  'No spam, self-promotion only where it is welcome, and no harassment of any kind.',
  'Respect privacy and intellectual property; do not post what is not yours to share.',
  'Help newcomers. Everyone started with their first prompt.',
];

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

export default function CommunityPage() {
  const siteName = useSiteName();
  const now = new Date(useNow());
  const events = upcomingEvents(now);
  return (
    <PageShell title="Community" lead="Connect with makers who build with AI: learn, share and grow together." wide>
      <div className="grid gap-6 md:grid-cols-3">
        {cards.map(({ title, text, action, href, Icon }) => (
          <div key={title} className="flex flex-col rounded-xl border border-border bg-card p-6 shadow-sm">
            <span className="grid h-10 w-10 place-items-center rounded-lg bg-accent-soft text-accent-soft-foreground">
              <Icon className="h-5 w-5" />
            </span>
            <h2 className="mt-4 text-xl font-semibold">{title}</h2>
            <p className="mt-2 flex-1 text-sm text-muted-foreground">{text}</p>
            {href.startsWith('/') ? (
              <Link to={href} className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
                {action}
              </Link>
            ) : (
              <a href={href} {...(href.startsWith('#') ? {} : external)} className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
                {action}
              </a>
            )}
          </div>
        ))}
      </div>

      <Section id="events" title="Upcoming Events">
        <div className="grid gap-4 md:grid-cols-2">
          {events.map((e) => (
            <div key={e.id} className="flex flex-col rounded-xl border border-border bg-card p-6">
              <p className="text-sm font-medium text-primary">
                <time dateTime={e.start.toISOString()}>{formatEventTime(e.start)}</time>
              </p>
              <h3 className="mt-2 text-lg font-semibold">{e.title}</h3>
              <p className="mt-2 flex-1 text-sm text-muted-foreground">{e.text}</p>
              {/* RSVP saves the event to the visitor's calendar: a file, no third-party sign-up. */}
              <a
                href={`data:text/calendar;charset=utf-8,${encodeURIComponent(eventCalendarFile(e, siteName, now))}`}
                download={`${e.id}.ics`}
                className={buttonVariants({ className: 'mt-5 w-fit' })}
                aria-label={`RSVP for ${e.title}: add it to your calendar`}
              >
                RSVP
              </a>
            </div>
          ))}
        </div>
      </Section>

      <Section id="guidelines" title="Community Guidelines">
        <ul className="grid gap-3 md:grid-cols-2">
          {guidelines.map((g) => (
            <li key={g} className="flex gap-3 rounded-lg border border-border p-4">
              <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-primary" />
              <span className="text-sm">{g}</span>
            </li>
          ))}
        </ul>
      </Section>
    </PageShell>
  );
}
