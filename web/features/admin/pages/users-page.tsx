import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { formatShortDate } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { errorMessage } from '../api/errors.ts';
import { useStaffRole } from '../api/staff-role.ts';
import { useAdminUsers, useInviteUser, useSetUserBan, useSetUserRole, type AdminUser } from '../api/users.ts';
import { DataTable, PageHeader, Pager, StatusBadge, type Column } from '../components/data-table.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

const ROLE_DENIED = "You don't have admin permissions to update user roles";
const BAN_DENIED = "You don't have admin permissions to ban/unban users";

function refuse(message: string) {
  console.error(message);
  toast({ title: 'Permission denied', description: message, variant: 'destructive' });
}

function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [email, setEmail] = useState('');
  const invite = useInviteUser();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(
      { email: email.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Invitation sent', description: `An invitation e-mail is on its way to ${email.trim()}.` });
          setEmail('');
          onOpenChange(false);
        },
        onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit}>
          <DialogHeader>
            <DialogTitle>Invite User</DialogTitle>
            <DialogDescription>They get an e-mail with a link to set their password.</DialogDescription>
          </DialogHeader>
          <div className="my-4 grid gap-2">
            <Label htmlFor="invite-email">Email</Label>
            <Input id="invite-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <DialogFooter>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? 'Sending...' : 'Send Invitation'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const ROLE_NOUN: Record<AdminUser['role'], string> = { user: 'a user', moderator: 'a moderator', admin: 'an admin' };

type ConfirmedAction = 'make-admin' | 'make-moderator' | 'ban';

const CONFIRM: Record<ConfirmedAction, { title: (email: string) => string; description: string; label: string; busy: string; destructive: boolean }> = {
  'make-admin': {
    title: (email) => `Make ${email} an admin?`,
    description: 'Admins can change every setting, manage users and roles, and delete any project or post.',
    label: 'Make Admin',
    busy: 'Saving...',
    destructive: false,
  },
  'make-moderator': {
    title: (email) => `Make ${email} a moderator?`,
    description: 'Moderators can approve, reject and feature projects, hide comments and handle reports.',
    label: 'Make Moderator',
    busy: 'Saving...',
    destructive: false,
  },
  ban: {
    title: (email) => `Ban ${email}?`,
    description: 'They are signed out on every device at once and can no longer sign in, post, vote or report. You can unban them later.',
    label: 'Ban User',
    busy: 'Banning...',
    destructive: true,
  },
};

function RowMenu({ row, isAdmin, self, onConfirm }: { row: AdminUser; isAdmin: boolean; self: boolean; onConfirm: (action: ConfirmedAction) => void }) {
  const setRole = useSetUserRole();
  const setBan = useSetUserBan();
  if (!isAdmin) {
    return (
      <Button variant="ghost" size="sm" disabled aria-label={`Actions for ${row.email}`}>
        •••
      </Button>
    );
  }
  const changeRole = (role: AdminUser['role']) => {
    if (!isAdmin) return refuse(ROLE_DENIED);
    runRoleChange(setRole, row, role);
  };
  const unban = () => {
    if (!isAdmin) return refuse(BAN_DENIED);
    runBanChange(setBan, row, false);
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Actions for ${row.email}`} disabled={self}>
          •••
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {/* Granting staff rights and banning ask first (defect 16); taking rights back does not. */}
        {row.role !== 'admin' && <DropdownMenuItem onSelect={() => onConfirm('make-admin')}>Make Admin</DropdownMenuItem>}
        {row.role !== 'moderator' && <DropdownMenuItem onSelect={() => onConfirm('make-moderator')}>Make Moderator</DropdownMenuItem>}
        {row.role !== 'user' && <DropdownMenuItem onSelect={() => changeRole('user')}>Make User</DropdownMenuItem>}
        {row.is_banned ? <DropdownMenuItem onSelect={unban}>Unban User</DropdownMenuItem> : <DropdownMenuItem onSelect={() => onConfirm('ban')}>Ban User</DropdownMenuItem>}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function runRoleChange(setRole: ReturnType<typeof useSetUserRole>, row: AdminUser, role: AdminUser['role'], done?: () => void) {
  setRole.mutate(
    { userId: row.id, role },
    {
      onSuccess: () => {
        toast({ title: 'Role updated', description: `${row.email} is now ${ROLE_NOUN[role]}.` });
        done?.();
      },
      onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
    },
  );
}

function runBanChange(setBan: ReturnType<typeof useSetUserBan>, row: AdminUser, banned: boolean, done?: () => void) {
  setBan.mutate(
    { userId: row.id, banned },
    {
      onSuccess: () => {
        toast({ title: banned ? 'User banned' : 'User unbanned', description: row.email });
        done?.();
      },
      onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
    },
  );
}

export default function UsersPage() {
  useDocumentTitle('Users');
  const { user } = useAuth();
  const isAdmin = useStaffRole(user?.id).data === 'admin';
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [inviting, setInviting] = useState(false);
  const [confirming, setConfirming] = useState<{ row: AdminUser; action: ConfirmedAction } | null>(null);
  const setRole = useSetUserRole();
  const setBan = useSetUserBan();
  const term = useDebouncedValue(search, 250);
  const users = useAdminUsers(term, page);
  const close = () => setConfirming(null);
  const confirm = ({ row, action }: { row: AdminUser; action: ConfirmedAction }) => {
    if (!isAdmin) return refuse(action === 'ban' ? BAN_DENIED : ROLE_DENIED);
    if (action === 'ban') runBanChange(setBan, row, true, close);
    else runRoleChange(setRole, row, action === 'make-admin' ? 'admin' : 'moderator', close);
  };
  const asked = confirming ? CONFIRM[confirming.action] : null;

  const columns: ReadonlyArray<Column<AdminUser>> = [
    { header: 'Name', userText: true, cell: (row) => <span className="font-medium">{row.name}</span> },
    { header: 'Email', cell: (row) => row.email },
    { header: 'Role', cell: (row) => <span className="capitalize">{row.role}</span> },
    { header: 'Joined', cell: (row) => formatShortDate(row.created_at) },
    { header: 'Last Sign In', cell: (row) => (row.last_sign_in_at ? formatShortDate(row.last_sign_in_at) : 'Never') },
    { header: 'Status', cell: (row) => <StatusBadge status={row.is_banned ? 'Banned' : 'Active'} /> },
    {
      header: 'Actions',
      cell: (row) => <RowMenu row={row} isAdmin={isAdmin} self={row.id === user?.id} onConfirm={(action) => setConfirming({ row, action })} />,
    },
  ];

  return (
    <>
      <PageHeader
        title="Users"
        description={isAdmin ? 'Manage accounts, roles and bans.' : 'Accounts on the site (read-only for moderators).'}
        actions={
          isAdmin && (
            <Button onClick={() => setInviting(true)}>Invite User</Button>
          )
        }
      />
      <Input
        type="search"
        aria-label="Search users"
        placeholder="Search users..."
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(0);
        }}
        className="mb-4 max-w-sm"
      />
      <DataTable
        caption="Users"
        columns={columns}
        rows={users.data?.rows}
        rowKey={(row) => row.id}
        loading={users.isPending}
        error={users.isError ? 'Could not load users. Please reload the page.' : undefined}
      />
      <Pager page={page} total={users.data?.total ?? 0} onPage={setPage} />
      {isAdmin && <InviteDialog open={inviting} onOpenChange={setInviting} />}
      <ConfirmDialog
        target={confirming}
        onClose={close}
        title={asked && confirming ? asked.title(confirming.row.email) : ''}
        description={asked?.description ?? ''}
        confirmLabel={asked?.label ?? ''}
        busyLabel={asked?.busy ?? ''}
        busy={setRole.isPending || setBan.isPending}
        destructive={asked?.destructive}
        onConfirm={confirm}
      />
    </>
  );
}
