import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { BellIcon } from '../../components/icons.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { supabase } from '../../lib/supabase.ts';
import { useAuth } from '../auth/auth-context.tsx';

/** "Notify me" on /upcoming: a signed-in user gets a notification when the project launches. */
export function NotifyMeButton({ projectId, title }: { projectId: string; title: string }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const reminders = useQuery({
    queryKey: ['launches', 'reminders', user?.id],
    enabled: !!user,
    queryFn: async () => {
      const { data, error } = await supabase.from('launch_reminders').select('project_id');
      if (error) throw error;
      return new Set((data as { project_id: string }[]).map((r) => r.project_id));
    },
  });
  const on = reminders.data?.has(projectId) ?? false;
  const toggle = useMutation({
    mutationFn: async () => {
      const { error } = on
        ? await supabase.from('launch_reminders').delete().eq('project_id', projectId)
        : await supabase.from('launch_reminders').insert({ project_id: projectId, user_id: user!.id });
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['launches', 'reminders'] }),
  });
  if (!user) {
    return (
      <Link to="/signin" state={{ from: { pathname: '/upcoming', search: '', hash: '' } }} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        <BellIcon className="h-4 w-4" /> Notify me
      </Link>
    );
  }
  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant={on ? 'secondary' : 'outline'} size="sm" aria-pressed={on} aria-label={`${on ? 'Notifying you about' : 'Notify me about'} ${title}`} disabled={toggle.isPending || reminders.isPending} onClick={() => toggle.mutate()}>
        <BellIcon className="h-4 w-4" /> {on ? "We'll notify you" : 'Notify me'}
      </Button>
      {toggle.isError && <p role="alert" className="text-xs text-destructive">{toggle.error.message}</p>}
    </div>
  );
}
