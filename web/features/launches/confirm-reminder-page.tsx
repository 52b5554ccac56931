import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { confirmLaunchEmail } from './api/email-reminder.ts';
import { launchKeys } from './api/query-keys.ts';
import { dayLabel } from '../../../domain/launch-periods.ts';

/** /upcoming/confirm?token=…: the link in a launch reminder's confirmation e-mail. */
export default function ConfirmReminderPage() {
  useDocumentTitle('Confirm your launch reminder');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirmed = useQuery({
    queryKey: launchKeys.confirmEmail(token),
    queryFn: () => confirmLaunchEmail(token),
    retry: false,
    staleTime: Infinity,
  });
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      {confirmed.isPending ? (
        <div className="flex w-full flex-col items-center gap-4" aria-busy="true" aria-label="Confirming your reminder">
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-5 w-full" />
        </div>
      ) : confirmed.isError ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight">Link not valid</h1>
          <p role="alert" className="mt-4 text-muted-foreground">
            {confirmed.error.message} Ask again from the upcoming launches.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight">You're on the list</h1>
          <p role="status" className="mt-4 text-muted-foreground">
            {confirmed.data.launched
              ? `${confirmed.data.title} has launched already: go and see it.`
              : `We'll e-mail you once when ${confirmed.data.title} launches${confirmed.data.launch_date ? ` on ${dayLabel(confirmed.data.launch_date)}` : ''}.`}
          </p>
        </>
      )}
      <div className="mt-8 flex gap-3">
        {confirmed.data?.launched ? (
          <Link to={`/projects/${confirmed.data.project_id}`} className={buttonVariants()}>
            See the project
          </Link>
        ) : (
          <Link to="/upcoming" className={buttonVariants({ variant: confirmed.isError ? 'default' : 'outline' })}>
            Upcoming launches
          </Link>
        )}
      </div>
    </section>
  );
}
