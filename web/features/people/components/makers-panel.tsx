import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MAX_PENDING_INVITATIONS, PEOPLE_MESSAGES } from '../../../../domain/people.ts';
import { CloseIcon } from '../../../components/icons.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { failure } from './people-actions.tsx';
import { cancelInvitation, invite, removeMaker, useMakersMutation, useProjectInvitations, useProjectMakers } from '../api/people-api.ts';

/**
 * The project's co-makers, under its creator: everyone sees them; the owner invites by e-mail,
 * cancels invitations and removes co-makers; a co-maker may leave (issue 18).
 */
export function MakersPanel({ projectId, ownerId }: { projectId: string; ownerId: string }) {
  const { user } = useAuth();
  const makers = useProjectMakers(projectId);
  const isOwner = user?.id === ownerId;
  const coMakers = (makers.data ?? []).filter((m) => m.role === 'maker');
  const amCoMaker = Boolean(user && coMakers.some((m) => m.user_id === user.id));
  const remove = useMakersMutation(projectId, removeMaker(projectId));
  const navigate = useNavigate();
  if (!isOwner && coMakers.length === 0) return null;
  return (
    <div className="mt-6 border-t border-border pt-4" data-testid="makers-panel">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Co-makers</h3>
      {coMakers.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">None yet.</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-1">
          {coMakers.map((m) => (
            <li key={m.user_id} className="flex items-center justify-between gap-2">
              <Link to={`/creators/${m.user_id}`} className="min-w-0 truncate font-medium hover:text-primary" data-testid="co-maker">
                {m.name}
              </Link>
              {isOwner && (
                <Button
                  size="icon"
                  variant="ghost"
                  className="h-7 w-7 text-muted-foreground"
                  aria-label={`Remove ${m.name}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(m.user_id, { onSuccess: () => toast({ title: `${m.name} is no longer a maker` }), onError: (e) => failure(e, 'Could not remove the maker') })}
                >
                  <CloseIcon className="h-4 w-4" />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {amCoMaker && user && (
        <Button
          size="sm"
          variant="ghost"
          className="mt-2 px-0 text-muted-foreground"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(user.id, {
              onSuccess: () => {
                toast({ title: 'You left the project' });
                navigate('/my-projects');
              },
              onError: (e) => failure(e, 'Could not leave the project'),
            })
          }
        >
          Leave this project
        </Button>
      )}
      {isOwner && <OwnerInvitations projectId={projectId} />}
    </div>
  );
}

function OwnerInvitations({ projectId }: { projectId: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const pending = useProjectInvitations(projectId, true);
  const send = useMakersMutation(projectId, invite(projectId));
  const cancel = useMakersMutation(projectId, cancelInvitation);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    try {
      await send.mutateAsync(email.trim());
      setEmail('');
      toast({ title: 'Invitation sent', description: PEOPLE_MESSAGES.inviteSent });
    } catch (error) {
      failure(error, 'Could not send the invitation');
    }
  }

  return (
    <div className="mt-4">
      <form onSubmit={onSubmit} className="flex flex-col gap-2" noValidate>
        <label htmlFor={id} className="text-sm font-medium">
          Invite a co-maker by e-mail
        </label>
        <div className="flex gap-2">
          <Input id={id} type="email" autoComplete="off" value={email} placeholder="name@example.com" onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" size="sm" className="h-10" disabled={send.isPending}>
            Invite
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">Up to {MAX_PENDING_INVITATIONS} invitations can wait for an answer.</p>
      </form>
      {pending.data && pending.data.length > 0 && (
        <ul className="mt-3 flex flex-col gap-1" aria-label="Pending invitations">
          {pending.data.map((i) => (
            <li key={i.id} className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 truncate text-muted-foreground">{i.email} (pending)</span>
              <Button
                size="icon"
                variant="ghost"
                className="h-7 w-7 text-muted-foreground"
                aria-label={`Cancel the invitation to ${i.email}`}
                disabled={cancel.isPending}
                onClick={() => cancel.mutate(i.id, { onError: (e) => failure(e, 'Could not cancel the invitation') })}
              >
                <CloseIcon className="h-4 w-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
