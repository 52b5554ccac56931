-- The three blog posts 0051 seeds (the spec's blog sample) had 2024 dates and bodies of about 150
-- words, so a "step-by-step walkthrough" read "1 min read" two years after it was "published"
-- (issue 22, defects 20 and 21; decision 132). Here each post gets a body as long as its excerpt
-- promises (read_time is derived from the body, so it now says 3 to 4 minutes, honestly) and a date
-- a few days before this migration runs, i.e. before the site went up.
--
-- Only posts nobody has touched are replaced: still unedited (updated_at = created_at, which an
-- admin's save changes) and still carrying the 0051 date. A post an admin edited, or a site that
-- deleted them, is left alone. Delete and insert, because the content_items trigger keeps
-- created_at on update; an insert without a caller keeps the date it is given.
do $migration$
declare
  today timestamptz := date_trunc('day', showcase_private.app_now());
  post record;
begin
  for post in
    select * from (values
      ('building-your-first-app-with-lovable', timestamptz '2024-03-10 09:00:00+00', 3,
       'Building Your First App with Lovable', 'Tutorial', 'Sarah Chen',
       'A step-by-step walkthrough of turning an idea into a working web app with Lovable, from the first prompt to a shareable link.',
       $md$Lovable turns a plain-language description into a running web app. This walkthrough follows one small project, a reading list you can share with friends, from the idea to a link you can send. It takes about an afternoon, and you do not need to write code to follow along, although reading the code Lovable writes will teach you a lot.

## Start with a clear prompt

Before you open Lovable, write three sentences on paper: what the app does, who it is for, and what someone does on it in their first minute. For the reading list that might be: "A page where I keep the books I want to read. Friends can see the list and suggest a book. I can mark a book as read."

Then turn those sentences into your first prompt. Name the screens you expect (a list, a form to add a book, a small page for suggestions) and the few fields each item needs (title, author, a note, whether it is read). Short, concrete prompts work better than long wish lists: the model builds what you describe, and everything you leave out it has to guess.

Resist the urge to ask for everything at once. Logins, dark mode, sharing and statistics can all come later. A first version that does one thing well is easier to check and easier to change.

## Iterate in small steps

Once the first version appears, click through it as a visitor would. Write down what feels wrong before you ask for changes, then ask for one change at a time: "make the add form a dialog", "show read books greyed out at the bottom", "sort by the date added".

Check the preview after each step so you always know what changed. When something breaks, say exactly what you did and what you saw ("after adding a book, the list is empty until I reload"). A precise bug report gets a precise fix; "it doesn't work" gets a guess.

If a change goes in a direction you do not like, go back to the previous version instead of piling corrections on top. Lovable keeps the history, and an early undo is cheaper than a long repair.

## Connect data

Until now the list lives in the browser and disappears with it. When the app needs to remember things, connect a database and describe the tables in words: "a books table with title, author, note, read (yes or no) and the date it was added; a suggestions table with the book title, who suggested it and a message".

Keep permissions in mind from the start: who may read, who may write. For the reading list, anyone with the link may read the list and send a suggestion, but only you may add, edit or delete books. Say so in the prompt, then test it: open the app in a private window, signed out, and try to delete a book. If you can, the rules are not there yet.

Add sign-in only when a feature needs to know who someone is. Here that is you, the owner; visitors can stay anonymous.

## Polish what people see first

Spend your last hour on the first impression. Give the app a name and a one-line description at the top. Make the empty state friendly ("No books yet. Add the first one."). Check it on your phone: most people will open your link there. Ask Lovable to fix anything that overflows or is hard to tap.

Then read every text on the screen once more. Typos and placeholder words ("Lorem ipsum", "Item 1") are the first thing visitors notice.

## Share it

Publish the app and open the public link in a private window to see what others will see. Send it to two or three friends and watch them use it without explaining anything; where they hesitate is your next prompt.

Finally, submit it here. Add a screenshot, a short description of what you built and which parts Lovable did, and the link. The community can try it, upvote it and leave feedback, and your walkthrough might be what helps the next maker get started.$md$),
      ('cursor-tips-for-faster-development', timestamptz '2024-03-05 09:00:00+00', 9,
       '10 Cursor Tips for Faster Development', 'Tips & Tricks', 'Alex Rivera',
       'Practical habits for working with Cursor: better context, smaller diffs and reviews that catch what the model missed.',
       $md$Cursor is at its best when you give it the right context and keep each change small. These ten habits come from makers in this community who ship with it every day. None of them is a trick; together they turn "the model wrote something" into "the model wrote what I needed".

1. **Open the files that matter before you ask.** The model works with what it can see. Open the component, its test and the module it calls, or mention them by name, so it does not invent an API that already exists under another name.

2. **Ask for a plan before asking for code.** "How would you add pagination to this list? Don't write code yet." A plan takes seconds to read and is cheap to correct. Code built on a wrong plan is expensive to untangle.

3. **Keep each request to one change.** "Add pagination" is one request; "add pagination, fix the header and rename the store" is three. Small requests give small diffs, and small diffs are the ones you can actually review.

4. **Read every diff before you accept it.** Look for deleted lines you did not expect, new dependencies, and changes outside the files you named. If a diff is too long to read, the request was too big: reject it and split the request.

5. **Run the tests after each change.** Let the tests, not your impression, tell you whether a change works. If there are no tests for the part you are changing, ask Cursor to write one first that shows the current behaviour, then make the change.

6. **Name things clearly so the model can find them.** `fetchProjectsPage` is found and reused; `getData2` is duplicated. Good names help the model the same way they help a new colleague.

7. **Keep a short notes file describing the architecture.** Half a page: where the code for each feature lives, how data flows, the rules you never break ("permissions live in the database"). Point the model at it in every new conversation and it stops proposing designs you have already ruled out.

8. **Ask it to explain code you did not write.** Before changing an unfamiliar module, ask what it does, what calls it and what would break if it changed. The answer is often the fastest documentation you will get, and when the explanation is wrong you have found a misunderstanding before it became a bug.

9. **Use it to write tests first, then the code.** Describe the behaviour, let Cursor write failing tests, read them, then ask for the implementation. The tests keep the model honest and leave you with a safety net for the next change.

10. **Commit often, so a bad suggestion is one step to undo.** Commit after every change that works. When a suggestion goes sideways you can throw it away with one command instead of picking it apart by hand, and your history tells the story of how the feature was built.

## Putting it together

A good session looks like a loop: give context, ask for a plan, make one small change, read the diff, run the tests, commit. It feels slower than asking for a whole feature at once, and it is faster by the end of the day, because almost nothing has to be redone.

Share the habits that work for you in the comments of your projects here; the best tips we hear will make it into the next edition of this list.$md$),
      ('the-future-of-ai-assisted-coding', timestamptz '2024-02-28 09:00:00+00', 16,
       'The Future of AI-Assisted Coding', 'Industry', 'Jordan Lee',
       'Where tools like Lovable, Cursor and Bolt are heading, and what it means for people who build software.',
       $md$AI coding tools have moved from autocomplete to building whole features in a few years. Lovable and Bolt start from a sentence and end with a running app; Cursor sits inside the editor and changes code across a project. What comes next, and what does it mean for the people who build software?

## From suggestions to collaborators

The first tools completed the line you were typing. Today's tools keep track of a whole project, not just the current file. They plan, edit several files, run the result and read the errors. The next step is already visible: tools that hold a task for hours, come back with a finished change and a summary of what they tried.

That changes the shape of the work. Less time goes into typing code, more into describing what should happen, breaking work into pieces a tool can finish, and checking the result. Those were always the hard parts of software; the tools make that plainer.

## Humans stay in charge

The best results still come from people who know what they want, review what they get and care about the details users notice. A model can produce a settings page in seconds; it cannot know that your users read it on a phone in bright sunlight, or that "delete" must never be one tap away from "save".

Three skills grow in value as the tools improve:

- **Judgement about what to build.** Cheap code makes it tempting to build everything. Deciding what not to build matters more than ever.
- **Reading code critically.** Reviewing a change you did not write, spotting what is missing, is now a daily task for everyone who ships with AI.
- **Owning the consequences.** Security, privacy and accessibility are still the builder's responsibility, whoever typed the code.

## New kinds of builders

The most interesting change may be who builds. Designers ship working prototypes, teachers build the tools their class needs, small business owners automate the chores no vendor would ever sell them a product for. Many of the projects on this site come from people who did not call themselves developers a year ago.

Professional developers are not left behind; they move up a level. They design systems, set the rules the tools follow and take on problems that were too big to attempt before.

## Showcases matter

Sharing what you built, and how, is how the community learns what works. A screenshot and a link show the result; the story of the prompts, the dead ends and the fixes teaches the craft. That is why this site exists: to make that knowledge easy to find and easy to pass on.

So when you submit your next project, tell us how AI helped, and where it did not. That story is part of the future of building software too.$md$)
    ) as t(slug, seeded_at, days_ago, title, category, author, excerpt, body)
  loop
    delete from public.content_items c
     where c.slug = post.slug and c.type = 'blog' and c.created_by is null
       and c.created_at = post.seeded_at and c.updated_at = c.created_at;
    if found then
      insert into public.content_items (slug, type, title, category, excerpt, body, author, status, position, created_at)
      values (post.slug, 'blog', post.title, post.category, post.excerpt, post.body, post.author, 'published', 0,
              today - make_interval(days => post.days_ago) + interval '9 hours');
    end if;
  end loop;
end
$migration$;
