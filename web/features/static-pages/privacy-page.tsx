import { site } from '../../../domain/site.ts';
import { LegalPage } from './components/page-shell.tsx';

export const PRIVACY_MINIMUM_AGE = 13;

const sections = [
  {
    title: 'Information We Collect',
    body: (
      <p>
        When you create an account we collect your e-mail address and, if you choose, a display name, avatar and bio.
        When you submit projects or comments we store what you post. We also keep basic technical data such as your
        browser type and IP address for security.
      </p>
    ),
  },
  {
    title: 'How We Use Your Information',
    body: (
      <p>
        We use your information to run the showcase: to sign you in, display your projects and comments, review
        submissions, send messages you ask for, and keep the service safe from abuse.
      </p>
    ),
  },
  {
    title: 'Information Sharing',
    body: (
      <p>
        We do not sell your personal information. Your display name, bio and the content you post are public. We share
        data with service providers only as needed to run the service, or when the law requires it.
      </p>
    ),
  },
  {
    title: 'Cookies and Local Storage',
    body: (
      <p>
        We use your browser's local storage to keep you signed in, remember your theme and remember which projects you
        have upvoted. We do not use advertising or tracking cookies.
      </p>
    ),
  },
  {
    title: 'Data Security',
    body: (
      <p>
        Passwords are stored only as strong one-way hashes, connections are encrypted, and access to personal data is
        limited to the people who need it to run the service.
      </p>
    ),
  },
  {
    title: 'Data Retention',
    body: <p>We keep your data while your account is active. When you delete your account, we delete your personal information within 30 days, except where the law requires us to keep it.</p>,
  },
  {
    title: 'Your Rights',
    body: (
      <p>
        You can view and update your profile at any time, and ask us for a copy of your data or to delete it. Contact
        us and we will respond within 30 days.
      </p>
    ),
  },
  {
    title: "Children's Privacy",
    body: (
      <p>
        {site.name} is not intended for children under {PRIVACY_MINIMUM_AGE}. We do not knowingly collect personal
        information from anyone under {PRIVACY_MINIMUM_AGE}; if we learn that we have, we will delete it.
      </p>
    ),
  },
  {
    title: 'Changes and Contact',
    body: (
      <p>
        We will post any changes to this policy on this page and update the date above. For privacy questions, e-mail{' '}
        <a href={`mailto:${site.contactEmail}`} className="font-medium text-primary hover:underline">
          {site.contactEmail}
        </a>
        .
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="March 15, 2024"
      intro={`Your privacy matters to us. This policy explains what ${site.name} collects, why, and the choices you have.`}
      sections={sections}
    />
  );
}
