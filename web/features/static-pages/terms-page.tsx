import { site } from '../../../domain/site.ts';
import { LegalPage } from './components/page-shell.tsx';

const sections = [
  {
    title: 'Acceptance of Terms',
    body: <p>By accessing or using {site.name}, you agree to these Terms of Service. If you do not agree, please do not use the service.</p>,
  },
  {
    title: 'User Accounts',
    body: (
      <p>
        You are responsible for your account and for keeping your password secure. Provide accurate information, and
        tell us promptly if you suspect someone else is using your account.
      </p>
    ),
  },
  {
    title: 'User Content',
    body: (
      <p>
        You keep ownership of the projects, comments and other content you post. By posting, you grant us a
        worldwide, non-exclusive, royalty-free licence to display and distribute that content on the service. You
        confirm that you have the rights to everything you submit.
      </p>
    ),
  },
  {
    title: 'Acceptable Use',
    body: (
      <p>
        Do not post unlawful, harmful, misleading or infringing content, do not harass other members, and do not
        attempt to disrupt, overload or gain unauthorised access to the service or its data.
      </p>
    ),
  },
  {
    title: 'Project Review and Moderation',
    body: (
      <p>
        Submissions are reviewed before they appear in the showcase. We may decline, remove or edit content that
        breaks these terms or our community guidelines, and suspend accounts that repeatedly do so.
      </p>
    ),
  },
  {
    title: 'Intellectual Property',
    body: (
      <p>
        The {site.name} name, logo and site design belong to us. Projects shown belong to their creators; respect
        their rights and licences when you use or build on their work.
      </p>
    ),
  },
  {
    title: 'Disclaimers and Limitation of Liability',
    body: (
      <p>
        The service is provided “as is” without warranties of any kind. Projects link to third-party sites we do not
        control. To the extent permitted by law, we are not liable for indirect or consequential losses arising from
        your use of the service.
      </p>
    ),
  },
  {
    title: 'Changes to These Terms',
    body: (
      <p>
        We may update these terms from time to time. When we make significant changes we will notify you on the site;
        continuing to use the service after that means you accept the updated terms. Questions? Write to{' '}
        <a href={`mailto:${site.contactEmail}`} className="font-medium text-primary hover:underline">
          {site.contactEmail}
        </a>
        .
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="March 15, 2024"
      intro={`These terms govern your use of ${site.name}. Please read them carefully; they explain your rights and responsibilities as a member of our community.`}
      sections={sections}
    />
  );
}
