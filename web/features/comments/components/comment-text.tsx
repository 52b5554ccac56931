import { Link } from 'react-router-dom';
import { splitMentions } from '../../../../domain/handles.ts';

/**
 * A comment's text with its @mentions of real creators as links to their page. Every part is
 * React text (escaped); a mention's link is built from the creator's id, never from the text.
 */
export function CommentText({ content, mentions }: { content: string; mentions: Readonly<Record<string, string>> }) {
  return (
    <>
      {splitMentions(content).map((part, i) => {
        const creatorId = part.handle ? mentions[part.handle] : undefined;
        return creatorId ? (
          <Link key={i} to={`/creators/${creatorId}`} className="font-medium text-primary hover:underline" data-testid="comment-mention">
            {part.text}
          </Link>
        ) : (
          part.text
        );
      })}
    </>
  );
}
