import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { formatShortDate } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { failure } from './components/people-actions.tsx';
import { useMyInvitations } from '../../lib/my-invitations.ts';
import { useRespondToInvitation } from './api/people-api.ts';

/** /invitations: co-maker invitations sent to the reader's confirmed address (issue 18). */
export default function InvitationsPage() {
  const { user } = useAuth();
  useDocumentTitle('Invitations');
  const invitations = useMyInvitations(user?.id ?? null);
  const respond = useRespondToInvitation();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Invitations</h1>
      <p className="mt-2 text-muted-foreground">Makers who invited you to co-make their projects. As a co-maker you can edit the project and appear on it.</p>
      {invitations.isPending ? (
        <p className="mt-8 text-muted-foreground">Loading...</p>
      ) : invitations.isError ? (
        <p role="alert" className="mt-8 text-muted-foreground">Your invitations could not be loaded. Please reload the page to try again.</p>
      ) : invitations.data.length === 0 ? (
        <p className="mt-8 text-muted-foreground">No invitations waiting for you.</p>
      ) : (
        <ul className="mt-8 flex flex-col gap-3">
          {invitations.data.map((i) => (
            <li key={i.id} className="flex flex-col gap-3 rounded-xl border border-border p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="invitation">
              <div className="min-w-0">
                <p className="break-words">
                  <span className="font-semibold">{i.inviter_name}</span> invited you to co-make{' '}
                  <Link to={`/projects/${i.project_id}`} className="font-semibold hover:text-primary">
                    {i.project_title}
                  </Link>
                </p>
                <p className="text-sm text-muted-foreground">{formatShortDate(i.created_at)}</p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  size="sm"
                  disabled={respond.isPending}
                  onClick={() => respond.mutate({ id: i.id, accept: true }, { onSuccess: () => {
                        // Accepting leads to the project, where its makers' panels now show (M8).
                        toast({ title: 'You are now a co-maker', description: `You can edit ${i.project_title} like its owner.` });
                        navigate(`/projects/${i.project_id}`);
                      }, onError: (e) => failure(e, 'Could not accept') })}
                >
                  Accept
                </Button>
                <Button size="sm" variant="outline" disabled={respond.isPending} onClick={() => respond.mutate({ id: i.id, accept: false }, { onError: (e) => failure(e, 'Could not decline') })}>
                  Decline
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
