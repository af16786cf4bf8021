import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { UserPlus, UserX } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth/AuthProvider';
import { userQueries } from '../api/users';
import { filterUsers } from '../logic/users';
import type { AdminUser } from '../types';
import {
  DeleteUserDialog,
  EditProfileDialog,
  InviteUserDialog,
  ManageRoleDialog,
  ResetSecondFactorDialog,
} from './UserDialogs';
import { UsersTable } from './UsersTable';

type OpenDialog = { kind: 'role' | 'profile' | 'delete' | 'two-factor'; user: AdminUser } | { kind: 'invite' } | null;

export function UserManagement() {
  const { t } = useLingui();
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
          <h1 className="text-3xl font-bold">
            <Trans>User Management</Trans>
          </h1>
          <p className="text-muted-foreground">
            <Trans>Manage user accounts and roles</Trans>
          </p>
        </div>
        <Button onClick={() => setDialog({ kind: 'invite' })}>
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          <Trans>Invite User</Trans>
        </Button>
      </div>

      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-center sm:justify-between sm:space-y-0">
          <div>
            <CardTitle className="text-xl">
              <Trans>Users ({shown.length})</Trans>
            </CardTitle>
            <CardDescription>
              <Trans>Accounts registered on the website</Trans>
            </CardDescription>
          </div>
          <SearchInput
            className="sm:w-72"
            label={t`Search users`}
            placeholder={t`Search by email or name...`}
            value={search}
            onSearch={setSearch}
            delay={150}
          />
        </CardHeader>
        <CardContent>
          {users.isPending ? (
            <div className="space-y-3" aria-busy="true" aria-label={t`Loading users`}>
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : shown.length === 0 ? (
            <div className="py-12 text-center text-muted-foreground">
              <UserX className="mx-auto mb-2 h-10 w-10" aria-hidden="true" />
              <p>{search.trim() ? t`No users found matching your search.` : t`No users found.`}</p>
            </div>
          ) : (
            <UsersTable users={shown} meId={me?.id} onOpen={setDialog} />
          )}
        </CardContent>
      </Card>

      <InviteUserDialog open={dialog?.kind === 'invite'} onClose={close} />
      <ManageRoleDialog user={dialog?.kind === 'role' ? dialog.user : null} onClose={close} />
      <EditProfileDialog user={dialog?.kind === 'profile' ? dialog.user : null} onClose={close} />
      <DeleteUserDialog user={dialog?.kind === 'delete' ? dialog.user : null} onClose={close} />
      <ResetSecondFactorDialog user={dialog?.kind === 'two-factor' ? dialog.user : null} onClose={close} />
    </div>
  );
}
