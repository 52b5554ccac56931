import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { TEXT_LIMITS } from '../../../../domain/limits.ts';
import { MESSAGES } from '../../../../domain/messages.ts';
import { COMMENT_SORT_LABELS, PEOPLE_MESSAGES, type CommentSort } from '../../../../domain/people.ts';
import { ArrowUpIcon, MessageIcon, PencilIcon, TrashIcon } from '../../../components/icons.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { formatShortDate } from '../../../lib/format.ts';
import { Avatar } from '../../../components/avatar.tsx';
import { useAuthorAvatars } from '../api/author-avatars.ts';
import { RateLimitExceededError } from '../../../lib/rate-limiter.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { ReportButton } from '../../reports/index.ts';
import { useNewComments } from '../../../lib/live/live.ts';
import { useAddComment } from '../api/add-comment.ts';
import type { Comment } from '../api/comment-rows.ts';
import { useCommentThreads } from '../api/comment-threads.ts';
import { useToggleCommentVote } from '../api/comment-votes.ts';
import { useDeleteComment, useEditComment } from '../api/edit-comment.ts';
import { isTimeoutError, REQUEST_TIMEOUT_MESSAGE } from '../../../lib/request-errors.ts';
import { randomUuid } from '../../../lib/random-uuid.ts';
import { useMentionLinks } from '../api/mention-links.ts';
import { CommentText } from './comment-text.tsx';
import { validateComment } from './validate-comment.ts';

function errorToast(error: unknown, fallback: { title: string; description: string }) {
  if (error instanceof RateLimitExceededError) toast({ variant: 'destructive', title: 'Error', description: MESSAGES.rateLimitExceeded });
  else toast({ variant: 'destructive', ...fallback });
}

/**
 * `closedNote` replaces the form (and the sign-in prompt) where nobody can comment, e.g. on a
 * project not yet published. `makerIds`: the project's makers, whose comments carry the Maker badge.
 */
export function CommentsSection({ projectId, closedNote, makerIds = [], commentCount }: { projectId: string; closedNote?: string; makerIds?: readonly string[]; commentCount?: number }) {
  const { user } = useAuth();
  const [sort, setSort] = useState<CommentSort>('best');
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage, refetch, isRefetching } = useCommentThreads(projectId, sort, user?.id ?? null);
  const pages = data?.pages ?? [];
  const threads = pages.flatMap((p) => p.threads);
  const replies = pages.flatMap((p) => p.replies);
  const upvoted = new Set(pages.flatMap((p) => p.upvoted));
  const rateLimited = pages.some((p) => p.rateLimited);
  const shown = threads.length + replies.length;
  const makers = new Set(makerIds);
  const mentionLinks = useMentionLinks([...threads, ...replies]);
  const avatars = useAuthorAvatars(projectId, [...threads, ...replies].map((c) => c.user_id));
  const context: ThreadContext = { projectId, userId: user?.id ?? null, makers, upvoted, avatars, open: !closedNote, mentions: mentionLinks.data ?? {} };
  const fresh = useNewComments(projectId, user?.id);

  return (
    <section aria-labelledby="comments-heading" className="mt-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="comments-heading" className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <MessageIcon className="h-5 w-5" /> Comments {!isPending && !isError && <span className="text-muted-foreground">({Math.max(commentCount ?? 0, shown)})</span>}
        </h2>
        <div role="group" aria-label="Sort comments" className="inline-flex rounded-lg border border-border p-0.5 text-sm">
          {(Object.keys(COMMENT_SORT_LABELS) as CommentSort[]).map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={sort === key}
              onClick={() => setSort(key)}
              className={`rounded-md px-3 py-1 font-medium ${sort === key ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground'}`}
            >
              {COMMENT_SORT_LABELS[key]}
            </button>
          ))}
        </div>
      </div>

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
        ) : isError || rateLimited ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <p>{rateLimited ? MESSAGES.rateLimitExceeded : "Couldn't load the comments. Check your connection and try again."}</p>
            {!rateLimited && (
              <Button size="sm" variant="outline" disabled={isRefetching} onClick={() => void refetch()}>
                Try again
              </Button>
            )}
          </div>
        ) : threads.length === 0 ? (
          closedNote ? null : <p className="text-sm text-muted-foreground">No comments yet. Start the conversation!</p>
        ) : (
          <>
            <ol className="flex flex-col divide-y divide-border">
              {threads.map((c) => (
                <CommentItem key={c.id} comment={c} context={context} byId={new Map(replies.map((r) => [r.id, r]))}>
                  {replies.some((r) => r.thread_id === c.id) && (
                    <ol className="mt-2 flex flex-col border-l-2 border-border pl-4" aria-label={`Replies to ${c.user_name}`}>
                      {replies
                        .filter((r) => r.thread_id === c.id)
                        .map((r) => (
                          <CommentItem key={r.id} comment={r} context={context} byId={new Map([[c.id, c], ...replies.map((x) => [x.id, x] as const)])} />
                        ))}
                    </ol>
                  )}
                </CommentItem>
              ))}
            </ol>
            {hasNextPage && (
              <Button variant="outline" className="mt-6 w-full" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                {isFetchingNextPage ? 'Loading...' : PEOPLE_MESSAGES.showMore}
              </Button>
            )}
          </>
        )}
      </div>
    </section>
  );
}

interface ThreadContext {
  projectId: string;
  userId: string | null;
  makers: Set<string>;
  upvoted: Set<string>;
  avatars: Map<string, string | null>;
  /** False where nobody can comment (no reply buttons). */
  open: boolean;
  /** Mentioned handles that belong to a creator → their id (the links). */
  mentions: Readonly<Record<string, string>>;
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

function CommentForm({ projectId, userId, parentId, replyingTo, onDone }: { projectId: string; userId: string; parentId?: string; replyingTo?: string; onDone?: () => void }) {
  const id = useId();
  const [content, setContent] = useState('');
  const add = useAddComment(projectId);
  // The comment's id, made here once, so a retry after a timeout never posts it twice (decision 222).
  const clientId = useRef<string | null>(null);
  const [timedOut, setTimedOut] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = validateComment(content, Boolean(userId));
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    clientId.current ??= randomUuid();
    setTimedOut(false);
    try {
      await add.mutateAsync({ id: clientId.current, userId, content: content.trim(), parentId });
      clientId.current = null;
      setContent('');
      toast(MESSAGES.commentPosted);
      onDone?.();
    } catch (error) {
      if (isTimeoutError(error)) setTimedOut(true);
      else if (error instanceof RateLimitExceededError || (error && typeof error === 'object' && 'code' in error)) {
        errorToast(error, MESSAGES.commentFailure);
      } else {
        errorToast(error, { title: 'Error', description: MESSAGES.commentUnexpected });
      }
    }
  }

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
      <label htmlFor={id} className={parentId ? 'sr-only' : 'text-sm font-medium'}>
        {parentId ? `Reply to ${replyingTo ?? 'this comment'}` : 'Add a comment'}
      </label>
      <Textarea
        id={id}
        required
        maxLength={TEXT_LIMITS.comment}
        placeholder={parentId ? 'Write a reply' : 'What do you think of this project?'}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        rows={parentId ? 3 : 4}
        autoFocus={Boolean(parentId)}
      />
      {timedOut && !add.isPending && (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-destructive/40 px-3 py-2 text-sm" data-testid="comment-timeout">
          <span>{REQUEST_TIMEOUT_MESSAGE}</span>
          <Button type="submit" size="sm" variant="outline">
            Retry
          </Button>
        </div>
      )}
      <div className="flex items-center justify-between gap-3">
        <span className="text-xs text-muted-foreground" aria-live="polite">
          {content.length > TEXT_LIMITS.comment * 0.9 ? `${content.length}/${TEXT_LIMITS.comment}` : ''}
        </span>
        <div className="flex gap-2">
          {onDone && (
            <Button type="button" variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Posting...' : parentId ? 'Post Reply' : 'Post Comment'}
          </Button>
        </div>
      </div>
    </form>
  );
}

function CommentItem({ comment, context, byId, children }: { comment: Comment; context: ThreadContext; byId: Map<string, Comment>; children?: ReactNode }) {
  const { projectId, userId } = context;
  const isAuthor = userId === comment.user_id;
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState(comment.content);
  const edit = useEditComment(projectId);
  const remove = useDeleteComment(projectId);
  const editId = useId();
  // A reply to a reply names whom it answers (the thread shows one level).
  const answered = comment.parent_id && comment.parent_id !== comment.thread_id ? byId.get(comment.parent_id) : undefined;

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
      <Avatar name={comment.user_name} url={context.avatars.get(comment.user_id)} size="md" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-medium" data-testid="comment-author">{comment.user_name}</span>
          {context.makers.has(comment.user_id) && (
            <Badge variant="secondary" className="px-2 py-0 text-xs" data-testid="maker-badge">
              {PEOPLE_MESSAGES.makerBadge}
            </Badge>
          )}
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
            {answered && <span className="mr-1 text-muted-foreground">@{answered.user_name}</span>}
            <CommentText content={comment.content} mentions={context.mentions} />
          </p>
        )}
        {!editing && (
          <div className="mt-2 flex flex-wrap items-center gap-1">
            <CommentUpvote comment={comment} context={context} />
            {context.open && userId && (
              <Button size="sm" variant="ghost" className="h-7 px-2 text-muted-foreground" aria-expanded={replying} onClick={() => setReplying((r) => !r)}>
                <MessageIcon className="h-3.5 w-3.5" /> {PEOPLE_MESSAGES.reply}
              </Button>
            )}
            {isAuthor ? (
              <>
                <Button size="sm" variant="ghost" className="h-7 px-2 text-muted-foreground" onClick={() => setEditing(true)}>
                  <PencilIcon className="h-3.5 w-3.5" /> Edit
                </Button>
                <Button size="sm" variant="ghost" className="h-7 px-2 text-muted-foreground" onClick={() => setConfirming(true)}>
                  <TrashIcon className="h-3.5 w-3.5" /> Delete
                </Button>
              </>
            ) : (
              <ReportButton type="comment" targetId={comment.id} label={`Report comment by ${comment.user_name}`} className="h-7 px-2 text-muted-foreground" />
            )}
          </div>
        )}
        {replying && userId && (
          <div className="mt-2">
            <CommentForm projectId={projectId} userId={userId} parentId={comment.id} replyingTo={comment.user_name} onDone={() => setReplying(false)} />
          </div>
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
        {children}
      </div>
    </li>
  );
}

function CommentUpvote({ comment, context }: { comment: Comment; context: ThreadContext }) {
  const vote = useToggleCommentVote(context.projectId);
  const upvoted = context.upvoted.has(comment.id);
  const own = context.userId === comment.user_id;
  const label = `${comment.upvotes} ${comment.upvotes === 1 ? 'upvote' : 'upvotes'}`;
  if (!context.userId || own) {
    return (
      <span className="inline-flex h-7 items-center gap-1 px-2 text-sm text-muted-foreground" title={own ? 'Your comment' : 'Sign in to upvote comments'}>
        <ArrowUpIcon className="h-3.5 w-3.5" aria-hidden="true" />
        <span className="sr-only">{label}</span>
        <span aria-hidden="true" data-testid="comment-upvotes">{comment.upvotes}</span>
      </span>
    );
  }
  return (
    <Button
      size="sm"
      variant="ghost"
      className={`h-7 px-2 ${upvoted ? 'text-primary' : 'text-muted-foreground'}`}
      aria-pressed={upvoted}
      disabled={vote.isPending}
      onClick={() => vote.mutate({ id: comment.id, upvoted }, { onError: (error) => errorToast(error, { title: 'Error', description: 'Failed to upvote the comment' }) })}
    >
      <ArrowUpIcon className="h-3.5 w-3.5" />
      <span className="sr-only">Upvote comment by {comment.user_name}, </span>
      <span data-testid="comment-upvotes">{comment.upvotes}</span>
      <span className="sr-only">{comment.upvotes === 1 ? ' upvote' : ' upvotes'}</span>
    </Button>
  );
}
