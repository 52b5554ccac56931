import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../../components/ui/dropdown-menu.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { formatShortDate } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { errorMessage } from '../api/errors.ts';
import { useStaffRole } from '../api/staff-role.ts';
import { useAdminUsers, useInviteUser, useSetUserBan, useSetUserRole, type AdminUser } from '../api/users.ts';
import { DataTable, PageHeader, Pager, StatusBadge } from '../components/data-table.tsx';
import { useDebounced } from '../components/use-debounced.ts';

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

function RowMenu({ row, isAdmin, self }: { row: AdminUser; isAdmin: boolean; self: boolean }) {
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
    setRole.mutate(
      { userId: row.id, role },
      {
        onSuccess: () => toast({ title: 'Role updated', description: `${row.email} is now ${role === 'user' ? 'a user' : `a ${role}`}.` }),
        onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
      },
    );
  };
  const toggleBan = () => {
    if (!isAdmin) return refuse(BAN_DENIED);
    setBan.mutate(
      { userId: row.id, banned: !row.is_banned },
      {
        onSuccess: () => toast({ title: row.is_banned ? 'User unbanned' : 'User banned', description: row.email }),
        onError: (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }),
      },
    );
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Actions for ${row.email}`} disabled={self}>
          •••
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {row.role !== 'admin' && <DropdownMenuItem onSelect={() => changeRole('admin')}>Make Admin</DropdownMenuItem>}
        {row.role !== 'moderator' && <DropdownMenuItem onSelect={() => changeRole('moderator')}>Make Moderator</DropdownMenuItem>}
        {row.role !== 'user' && <DropdownMenuItem onSelect={() => changeRole('user')}>Make User</DropdownMenuItem>}
        <DropdownMenuItem onSelect={toggleBan}>{row.is_banned ? 'Unban User' : 'Ban User'}</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export default function UsersPage() {
  useDocumentTitle('Users');
  const { user } = useAuth();
  const isAdmin = useStaffRole(user?.id).data === 'admin';
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [inviting, setInviting] = useState(false);
  const term = useDebounced(search, 250);
  const users = useAdminUsers(term, page);

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
        columns={['Name', 'Email', 'Role', 'Joined', 'Last Sign In', 'Status', 'Actions']}
        loading={users.isPending}
        error={users.isError ? 'Could not load users. Please reload the page.' : undefined}
        empty={users.data?.rows.length === 0}
      >
        {users.data?.rows.map((row) => (
          <tr key={row.id}>
            <td className="px-4 py-3 font-medium">{row.name}</td>
            <td className="px-4 py-3">{row.email}</td>
            <td className="px-4 py-3 capitalize">{row.role}</td>
            <td className="px-4 py-3">{formatShortDate(row.created_at)}</td>
            <td className="px-4 py-3">{row.last_sign_in_at ? formatShortDate(row.last_sign_in_at) : 'Never'}</td>
            <td className="px-4 py-3">
              <StatusBadge status={row.is_banned ? 'Banned' : 'Active'} />
            </td>
            <td className="px-4 py-3">
              <RowMenu row={row} isAdmin={isAdmin} self={row.id === user?.id} />
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager page={page} total={users.data?.total ?? 0} onPage={setPage} />
      {isAdmin && <InviteDialog open={inviting} onOpenChange={setInviting} />}
    </>
  );
}
