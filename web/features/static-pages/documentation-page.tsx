import { Link } from 'react-router-dom';
import { CheckIcon } from '../../components/icons.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { PageShell, Section } from './page-shell.tsx';

const steps = [
  { title: 'Sign in', text: 'Create a free account or sign in with e-mail or GitHub.' },
  { title: 'Click Submit Project', text: 'You will find it in the header once you are signed in.' },
  { title: 'Fill in the details', text: 'Give your project a title, a short description and the story of how you built it. Pick the AI tool and a category.' },
  { title: 'Add screenshots and links', text: 'Upload a screenshot (under 5MB) and add links to the live site and the source code if it is public.' },
  { title: 'Submit for review', text: 'Our team checks every submission, usually within a couple of days. You can follow its progress under My Projects.' },
];

const guidelines = [
  'Projects must be built with or meaningfully enhanced by AI coding tools such as Lovable, Cursor or Bolt.',
  'Write a clear description: what the project does, who it is for and how AI helped you build it.',
  'Include a working demo link or screenshots so others can see the result.',
  'Follow our community guidelines: be respectful, honest and constructive.',
  'Respect intellectual property: only submit work you have the right to share, and credit others where due.',
];

export default function DocumentationPage() {
  return (
    <PageShell title="Documentation" lead="Everything you need to share your AI-built projects with the community.">
      <Section id="getting-started" title="Getting Started">
        <p>
          The showcase is a home for projects built with AI coding tools. Anyone can browse, search, filter and upvote
          projects; with a free account you can also comment on projects and share your own work.
        </p>
        <p>
          New here? Start by <Link to="/projects" className="font-medium text-primary underline-offset-4 hover:underline">exploring the projects</Link>{' '}
          to see what others have made, then create an account when you are ready to join in.
        </p>
      </Section>

      <Section id="submitting" title="Submitting Projects">
        <ol className="flex flex-col gap-4">
          {steps.map((s, i) => (
            <li key={s.title} className="flex gap-4">
              <span aria-hidden="true" className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold">{s.title}</h3>
                <p className="text-muted-foreground">{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <div>
          <Link to="/submit-project" className={buttonVariants()}>
            Submit Project
          </Link>
        </div>
      </Section>

      <Section id="guidelines" title="Project Guidelines">
        <ul className="flex flex-col gap-3">
          {guidelines.map((g) => (
            <li key={g} className="flex gap-3">
              <CheckIcon className="mt-1 h-4 w-4 shrink-0 text-primary" />
              <span>{g}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="api" title="API Documentation">
        <div className="rounded-xl border border-dashed border-border p-6 text-center">
          <p className="font-semibold">Coming soon</p>
          <p className="mt-1 text-sm text-muted-foreground">A public API for reading projects is on our roadmap.</p>
        </div>
      </Section>
    </PageShell>
  );
}
