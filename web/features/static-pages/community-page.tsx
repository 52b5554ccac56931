import { BookIcon, CalendarIcon, CheckIcon, MessageIcon } from '../../components/icons.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { site } from '../../lib/site.ts';
import { PageShell, Section } from './page-shell.tsx';

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
    href: site.community.calendar,
    Icon: CalendarIcon,
  },
  {
    title: 'Resources',
    text: 'Templates, prompt libraries and tutorials collected by the community, for every skill level.',
    action: 'Browse Resources',
    href: site.community.resources,
    Icon: BookIcon,
  },
];

const events = [
  {
    title: 'AI Builders Demo Day',
    date: 'April 18, 2024 · 6:00 PM UTC',
    text: 'Five makers present what they built this month with Lovable, Cursor and Bolt, followed by open Q&A.',
  },
  {
    title: 'Prompting Workshop: From Idea to MVP',
    date: 'May 2, 2024 · 5:00 PM UTC',
    text: 'A hands-on session on structuring prompts, iterating on generated code and knowing when to take the wheel.',
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
            <a href={href} {...external} className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
              {action}
            </a>
          </div>
        ))}
      </div>

      <Section id="events" title="Upcoming Events">
        <div className="grid gap-4 md:grid-cols-2">
          {events.map((e) => (
            <div key={e.title} className="flex flex-col rounded-xl border border-border bg-card p-6">
              <p className="text-sm font-medium text-primary">{e.date}</p>
              <h3 className="mt-2 text-lg font-semibold">{e.title}</h3>
              <p className="mt-2 flex-1 text-sm text-muted-foreground">{e.text}</p>
              <a href={site.community.rsvp} {...external} className={buttonVariants({ className: 'mt-5 w-fit' })} aria-label={`RSVP for ${e.title}`}>
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
