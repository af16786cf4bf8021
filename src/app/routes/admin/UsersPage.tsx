import { useQuery } from '@tanstack/react-query';
import { MoreHorizontal, Pencil, ShieldCheck, Trash2, UserPlus, UserX } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/AuthProvider';
import { cn } from '@/lib/utils';
import { formatAdminDate } from '@/lib/format-date';
import { useMediaQuery } from '@/lib/use-is-mobile';
import { userQueries } from '@/features/admin-users/api/users';
import {
  DeleteUserDialog,
  EditProfileDialog,
  InviteUserDialog,
  ManageRoleDialog,
} from '@/features/admin-users/components/UserDialogs';
import type { AdminUser } from '@/features/admin-users/types';
import { filterUsers, ROLE_BADGE_VARIANT, roleLabel, userInitials } from '@/features/admin-users/users-logic';

type OpenDialog = { kind: 'role' | 'profile' | 'delete'; user: AdminUser } | { kind: 'invite' } | null;

export default function UsersPage() {
  const users = useQuery(userQueries.list());
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const all = users.data ?? [];
  const shown = filterUsers(all, search);
  const close = () => setDialog(null);

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">User Management</h1>
          <p className="text-muted-foreground">Manage user accounts and roles</p>
        </div>
        <Button onClick={() => setDialog({ kind: 'invite' })}>
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          Invite User
        </Button>
      </div>

      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-center sm:justify-between sm:space-y-0">
          <div>
            <CardTitle className="text-xl">Users ({shown.length})</CardTitle>
            <CardDescription>Accounts registered on the website</CardDescription>
          </div>
          <SearchInput
            className="sm:w-72"
            label="Search users"
            placeholder="Search by email or name..."
            value={search}
            onSearch={setSearch}
            delay={150}
          />
        </CardHeader>
        <CardContent>
          {users.isPending ? (
            <div className="space-y-3" aria-busy="true" aria-label="Loading users">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : shown.length === 0 ? (
            <div className="py-12 text-center text-muted-foreground">
              <UserX className="mx-auto mb-2 h-10 w-10" aria-hidden="true" />
              <p>{search.trim() ? 'No users found matching your search.' : 'No users found.'}</p>
            </div>
          ) : (
            <UserList users={shown} meId={me?.id} onOpen={setDialog} />
          )}
        </CardContent>
      </Card>

      <InviteUserDialog open={dialog?.kind === 'invite'} onClose={close} />
      <ManageRoleDialog user={dialog?.kind === 'role' ? dialog.user : null} onClose={close} />
      <EditProfileDialog user={dialog?.kind === 'profile' ? dialog.user : null} onClose={close} />
      <DeleteUserDialog user={dialog?.kind === 'delete' ? dialog.user : null} onClose={close} />
    </div>
  );
}

type OpenFor = (dialog: { kind: 'role' | 'profile' | 'delete'; user: AdminUser }) => void;

/** A table where there is room for its five columns (1024 px and up), else one card per user. */
function UserList({ users, meId, onOpen }: { users: AdminUser[]; meId: string | undefined; onOpen: OpenFor }) {
  const wide = useMediaQuery('(min-width: 1024px)');
  if (!wide) {
    return (
      <ul className="divide-y" aria-label="Users">
        {users.map((user) => {
          const isMe = user.user_id === meId;
          return (
            <li key={user.user_id} className="flex items-start gap-3 py-4 first:pt-0 last:pb-0">
              <Avatar user={user} />
              <div className="min-w-0 flex-1 space-y-1.5">
                <p className="break-words font-medium">
                  {user.name || '—'}
                  {isMe && <span className="ml-2 text-xs text-muted-foreground">(you)</span>}
                </p>
                <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{user.email ?? '—'}</p>
                <RoleBadges user={user} />
                <p className="text-xs text-muted-foreground">Joined {formatAdminDate(user.created_at)}</p>
              </div>
              <UserActions user={user} isMe={isMe} onOpen={onOpen} className="-mr-2 -mt-1 h-10 w-10" />
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          <th scope="col" className="px-2 py-3 font-medium">
            User
          </th>
          <th scope="col" className="px-2 py-3 font-medium">
            Email
          </th>
          <th scope="col" className="px-2 py-3 font-medium">
            Roles
          </th>
          <th scope="col" className="px-2 py-3 font-medium">
            Joined
          </th>
          <th scope="col" className="px-2 py-3 text-right font-medium">
            Actions
          </th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => {
          const isMe = user.user_id === meId;
          return (
            <tr key={user.user_id} className="border-b last:border-0">
              <td className="px-2 py-3">
                <div className="flex items-center gap-3">
                  <Avatar user={user} />
                  <span className="font-medium">
                    {user.name || '—'}
                    {isMe && <span className="ml-2 text-xs text-muted-foreground">(you)</span>}
                  </span>
                </div>
              </td>
              <td className="px-2 py-3">{user.email ?? '—'}</td>
              <td className="px-2 py-3">
                <RoleBadges user={user} />
              </td>
              <td className="whitespace-nowrap px-2 py-3">{formatAdminDate(user.created_at)}</td>
              <td className="px-2 py-3 text-right">
                <UserActions user={user} isMe={isMe} onOpen={onOpen} className="h-9 w-9" />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Avatar({ user }: { user: AdminUser }) {
  return (
    <span
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-secondary text-xs font-semibold"
      aria-hidden="true"
    >
      {userInitials(user)}
    </span>
  );
}

function RoleBadges({ user }: { user: AdminUser }) {
  return (
    <div className="flex flex-wrap gap-1">
      {user.roles.length === 0 ? (
        <Badge variant="outline">No roles</Badge>
      ) : (
        user.roles.map((role) => (
          <Badge key={role} variant={ROLE_BADGE_VARIANT[role]}>
            {roleLabel(role)}
          </Badge>
        ))
      )}
    </div>
  );
}

function UserActions({
  user,
  isMe,
  onOpen,
  className,
}: {
  user: AdminUser;
  isMe: boolean;
  onOpen: OpenFor;
  className?: string;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={cn('shrink-0', className)}
          aria-label={`Actions for ${user.email ?? user.name ?? 'user'}`}
        >
          <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem disabled={isMe} onSelect={() => onOpen({ kind: 'role', user })}>
          <ShieldCheck className="h-4 w-4" aria-hidden="true" />
          Manage Role
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onOpen({ kind: 'profile', user })}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Edit Profile
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={isMe}
          className="text-destructive focus:text-destructive"
          onSelect={() => onOpen({ kind: 'delete', user })}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          Delete User
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
