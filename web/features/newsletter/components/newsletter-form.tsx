import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { subscribeToNewsletter } from '../api/subscribe.ts';

/** The footer's Stay Updated form; the result is told in a toast, and the field keeps its value on failure. */
export function NewsletterForm() {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const result = await subscribeToNewsletter(email);
      if (result.ok) {
        setEmail('');
        toast({ title: 'Subscribed', description: "Thanks! We'll e-mail you when there's something new to see." });
      } else {
        toast({ variant: 'destructive', title: result.title, description: result.description });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="text-sm font-semibold">
        Stay Updated
      </h2>
      <p className="text-sm text-muted-foreground">New projects, community events and tips, about once a month.</p>
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          maxLength={320}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
    </form>
  );
}
