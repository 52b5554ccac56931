import { LightbulbIcon, MailIcon, ShieldIcon, StarIcon, UsersIcon } from '../../components/icons.tsx';
import { site } from '../../../domain/site.ts';
import { PageShell, Section } from './components/page-shell.tsx';

const values = [
  { title: 'Innovation', text: 'We celebrate bold experiments and new ways of building software with AI.', Icon: LightbulbIcon },
  { title: 'Community', text: 'Makers learn fastest from each other. We keep the space welcoming and generous.', Icon: UsersIcon },
  { title: 'Transparency', text: 'We are open about how projects are reviewed and how AI shaped each build.', Icon: ShieldIcon },
  { title: 'Quality', text: 'Every project is reviewed so the showcase stays worth your time.', Icon: StarIcon },
];

const team = [
  { name: 'Alex Morgan', role: 'Founder & Product', bio: 'Built three startups and now helps makers ship faster with AI.' },
  { name: 'Priya Natarajan', role: 'Engineering Lead', bio: 'Keeps the platform fast and reliable, and reviews far too many pull requests.' },
  { name: 'Jordan Lee', role: 'Community Manager', bio: 'Runs events, welcomes newcomers and curates the featured projects.' },
];

export default function AboutPage() {
  return (
    <PageShell title="About" lead={`${site.name} is where makers show what they build with AI coding tools.`} wide>
      <Section id="mission" title="Our Mission">
        <p className="max-w-3xl">
          AI coding tools like Lovable, Cursor and Bolt are changing who can build software and how fast. Our mission is
          to give the people using them a place to share their work, learn from each other and find inspiration for
          what to build next, and to show the world what human creativity and AI can make together.
        </p>
      </Section>

      <Section id="values" title="Our Values">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {values.map(({ title, text, Icon }) => (
            <div key={title} className="rounded-xl border border-border bg-card p-6">
              <Icon className="h-6 w-6 text-primary" />
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{text}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section id="team" title="Our Team">
        <div className="grid gap-4 md:grid-cols-3">
          {team.map((m) => (
            <div key={m.name} className="rounded-xl border border-border bg-card p-6 text-center">
              <span aria-hidden="true" className="mx-auto grid h-16 w-16 place-items-center rounded-full bg-accent-soft text-lg font-semibold text-accent-soft-foreground">
                {m.name.split(' ').map((w) => w[0]).join('')}
              </span>
              <h3 className="mt-4 font-semibold">{m.name}</h3>
              <p className="text-sm text-primary">{m.role}</p>
              <p className="mt-2 text-sm text-muted-foreground">{m.bio}</p>
            </div>
          ))}
        </div>
      </Section>

      <Section id="contact" title="Contact Us">
        <p>
          Questions, ideas or partnership requests? We would love to hear from you at{' '}
          <a href={`mailto:${site.contactEmail}`} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
            <MailIcon className="h-4 w-4" /> {site.contactEmail}
          </a>
          .
        </p>
      </Section>
    </PageShell>
  );
}
