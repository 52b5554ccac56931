import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { TEXT_LIMITS } from '../../../domain/limits.ts';
import { MESSAGES } from '../../../domain/messages.ts';
import { MessageIcon, PencilIcon, TrashIcon } from '../../components/icons.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { formatShortDate, initials } from '../../lib/format.ts';
import { RateLimitExceededError } from '../../lib/rate-limiter.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { ReportButton } from '../reports/report-button.tsx';
import { useNewComments } from '../live/live.ts';
import { useAddComment, useComments, useDeleteComment, useEditComment, type Comment } from './comments-api.ts';
import { validateComment } from './validate-comment.ts';

function errorToast(error: unknown, fallback: { title: string; description: string }) {
  if (error instanceof RateLimitExceededError) toast({ variant: 'destructive', title: 'Error', description: MESSAGES.rateLimitExceeded });
  else toast({ variant: 'destructive', ...fallback });
}

/** `closedNote` replaces the form (and the sign-in prompt) where nobody can comment, e.g. on a project not yet published. */
export function CommentsSection({ projectId, closedNote }: { projectId: string; closedNote?: string }) {
  const { user } = useAuth();
  const { data, isPending, isError } = useComments(projectId);
  const comments = data?.comments ?? [];
  const fresh = useNewComments(projectId, user?.id);

  return (
    <section aria-labelledby="comments-heading" className="mt-12">
      <h2 id="comments-heading" className="flex items-center gap-2 text-2xl font-bold tracking-tight">
        <MessageIcon className="h-5 w-5" /> Comments {!isPending && !isError && <span className="text-muted-foreground">({comments.length})</span>}
      </h2>

      <div className="mt-6">
        {closedNote ? <p className="text-sm text-muted-foreground">{closedNote}</p> : user ? <CommentForm projectId={projectId} userId={user.id} /> : <SignInPrompt />}
      </div>

      <div aria-live="polite">
        {fresh.count > 0 && (
          <button
            type="button"
            onClick={fresh.reveal}
            data-testid="new-comments"
            className="mt-6 w-full cursor-pointer rounded-lg border border-primary/40 bg-primary/5 px-4 py-2 text-sm font-medium text-primary hover:bg-primary/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {fresh.count === 1 ? '1 new comment' : `${fresh.count} new comments`}
          </button>
        )}
      </div>

      <div className="mt-8" aria-busy={isPending}>
        {isPending ? (
          <div className="flex flex-col gap-4">
            {[0, 1].map((i) => (
              <div key={i} className="flex gap-3">
                <Skeleton className="h-9 w-9 rounded-full" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-4 w-full" />
                </div>
              </div>
            ))}
          </div>
        ) : isError || data?.rateLimited ? (
          <p role="alert" className="text-sm text-muted-foreground">
            {data?.rateLimited ? MESSAGES.rateLimitExceeded : 'Comments could not be loaded. Please reload the page to try again.'}
          </p>
        ) : comments.length === 0 ? (
          closedNote ? null : <p className="text-sm text-muted-foreground">No comments yet. Start the conversation!</p>
        ) : (
          <ol className="flex flex-col divide-y divide-border">
            {comments.map((c) => (
              <CommentItem key={c.id} comment={c} projectId={projectId} isAuthor={user?.id === c.user_id} />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

function SignInPrompt() {
  const location = useLocation();
  return (
    <div className="rounded-xl border border-border bg-muted/50 p-6 text-center">
      <p className="text-sm text-muted-foreground">Sign in to join the conversation and share your thoughts.</p>
      <Link to="/signin" state={{ from: location }} className={buttonVariants({ className: 'mt-4' })}>
        Sign in to comment
      </Link>
    </div>
  );
}

function CommentForm({ projectId, userId }: { projectId: string; userId: string }) {
  const id = useId();
  const [content, setContent] = useState('');
  const add = useAddComment(projectId);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = validateComment(content, Boolean(userId));
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    try {
      await add.mutateAsync({ userId, content: content.trim() });
      setContent('');
      toast(MESSAGES.commentPosted);
    } catch (error) {
      if (error instanceof RateLimitExceededError || (error && typeof error === 'object' && 'code' in error)) {
        errorToast(error, MESSAGES.commentFailure);
      } else {
        errorToast(error, { title: 'Error', description: MESSAGES.commentUnexpected });
      }
    }
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
      <label htmlFor={id} className="text-sm font-medium">
        Add a comment
      </label>
      <Textarea
        id={id}
        required
        maxLength={TEXT_LIMITS.comment}
        placeholder="What do you think of this project?"
        value={content}
        onChange={(e) => setContent(e.target.value)}
        rows={4}
      />
      <div className="flex items-center justify-between gap-3">
        <span className="text-xs text-muted-foreground" aria-live="polite">
          {content.length > TEXT_LIMITS.comment * 0.9 ? `${content.length}/${TEXT_LIMITS.comment}` : ''}
        </span>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Posting...' : 'Post Comment'}
        </Button>
      </div>
    </form>
  );
}

function CommentItem({ comment, projectId, isAuthor }: { comment: Comment; projectId: string; isAuthor: boolean }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState(comment.content);
  const edit = useEditComment(projectId);
  const remove = useDeleteComment(projectId);
  const editId = useId();

  async function save(e: FormEvent) {
    e.preventDefault();
    const problem = validateComment(draft, true);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    try {
      await edit.mutateAsync({ id: comment.id, content: draft.trim() });
      setEditing(false);
      toast({ title: 'Comment updated', description: 'Your changes have been saved' });
    } catch (error) {
      errorToast(error, { title: 'Error', description: 'Failed to update your comment' });
    }
  }

  async function onDelete() {
    try {
      await remove.mutateAsync(comment.id);
      setConfirming(false);
      toast({ title: 'Comment deleted', description: 'Your comment has been removed' });
    } catch (error) {
      errorToast(error, { title: 'Error', description: 'Failed to delete your comment' });
    }
  }

  return (
    <li className="flex gap-3 py-5" data-testid="comment">
      <span aria-hidden="true" className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-accent-soft text-sm font-semibold text-accent-soft-foreground">
        {initials(comment.user_name)}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-medium" data-testid="comment-author">{comment.user_name}</span>
          <time dateTime={comment.created_at} className="text-sm text-muted-foreground">
            {formatShortDate(comment.created_at)}
          </time>
          {comment.edited_at && <span className="text-xs text-muted-foreground">(edited)</span>}
        </div>
        {editing ? (
          <form onSubmit={save} className="mt-2 flex flex-col gap-2">
            <label htmlFor={editId} className="sr-only">
              Edit your comment
            </label>
            <Textarea id={editId} value={draft} maxLength={TEXT_LIMITS.comment} onChange={(e) => setDraft(e.target.value)} rows={3} />
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={edit.isPending}>
                {edit.isPending ? 'Saving...' : 'Save'}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  setDraft(comment.content);
                  setEditing(false);
                }}
              >
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <p className="mt-1 whitespace-pre-line break-words text-sm leading-relaxed" data-testid="comment-content">
            {comment.content}
          </p>
        )}
        {isAuthor && !editing && (
          <div className="mt-2 flex gap-1">
            <Button size="sm" variant="ghost" className="h-7 px-2 text-muted-foreground" onClick={() => setEditing(true)}>
              <PencilIcon className="h-3.5 w-3.5" /> Edit
            </Button>
            <Button size="sm" variant="ghost" className="h-7 px-2 text-muted-foreground" onClick={() => setConfirming(true)}>
              <TrashIcon className="h-3.5 w-3.5" /> Delete
            </Button>
          </div>
        )}
        {!isAuthor && !editing && (
          <ReportButton type="comment" targetId={comment.id} label={`Report comment by ${comment.user_name}`} className="mt-1 h-7 px-2 text-muted-foreground" />
        )}
        <Dialog open={confirming} onOpenChange={setConfirming}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Delete this comment?</DialogTitle>
              <DialogDescription>This cannot be undone.</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <DialogClose className={buttonVariants({ variant: 'outline' })}>Cancel</DialogClose>
              <Button variant="destructive" disabled={remove.isPending} onClick={() => void onDelete()}>
                {remove.isPending ? 'Deleting...' : 'Delete comment'}
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </div>
    </li>
  );
}
