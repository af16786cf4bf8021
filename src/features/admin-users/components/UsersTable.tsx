import { Trans, useLingui } from '@lingui/react/macro';
import { KeyRound, MoreHorizontal, Pencil, ShieldCheck, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { formatAdminDate } from '@/lib/format-date';
import { useMediaQuery } from '@/lib/use-is-mobile';
import { cn } from '@/lib/utils';
import { ROLE_BADGE_VARIANT, roleLabel, userInitials } from '../logic/users';
import type { AdminUser } from '../types';

export type OpenFor = (dialog: { kind: 'role' | 'profile' | 'delete' | 'two-factor'; user: AdminUser }) => void;

/** The users: a table where there is room for its five columns (1024 px and up), else one card per user. */
export function UsersTable({ users, meId, onOpen }: { users: AdminUser[]; meId: string | undefined; onOpen: OpenFor }) {
  const { t } = useLingui();
  const wide = useMediaQuery('(min-width: 1024px)');
  if (!wide) {
    return (
      <ul className="divide-y" aria-label={t`Users`}>
        {users.map((user) => {
          const isMe = user.user_id === meId;
          return (
            <li key={user.user_id} className="flex items-start gap-3 py-4 first:pt-0 last:pb-0">
              <Avatar user={user} />
              <div className="min-w-0 flex-1 space-y-1.5">
                <p className="break-words font-medium">
                  {user.name || '—'}
                  {isMe && <span className="ml-2 text-xs text-muted-foreground">{t`(you)`}</span>}
                </p>
                <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{user.email ?? '—'}</p>
                <RoleBadges user={user} />
                <p className="text-xs text-muted-foreground">
                  <Trans>Joined {formatAdminDate(user.created_at)}</Trans>
                </p>
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
            <Trans>User</Trans>
          </th>
          <th scope="col" className="px-2 py-3 font-medium">
            <Trans>Email</Trans>
          </th>
          <th scope="col" className="px-2 py-3 font-medium">
            <Trans>Roles</Trans>
          </th>
          <th scope="col" className="px-2 py-3 font-medium">
            <Trans>Joined</Trans>
          </th>
          <th scope="col" className="px-2 py-3 text-right font-medium">
            <Trans>Actions</Trans>
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
                    {isMe && <span className="ml-2 text-xs text-muted-foreground">{t`(you)`}</span>}
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
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap gap-1">
      {user.roles.length === 0 ? (
        <Badge variant="outline">
          <Trans>No roles</Trans>
        </Badge>
      ) : (
        user.roles.map((role) => (
          <Badge key={role} variant={ROLE_BADGE_VARIANT[role]}>
            {roleLabel(role)}
          </Badge>
        ))
      )}
      {user.two_factor && (
        <Badge variant="outline" title={t`Signs in with an authenticator app`}>
          <Trans>Two-factor</Trans>
        </Badge>
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
  const { t } = useLingui();
  const who = user.email ?? user.name ?? t`user`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className={cn('shrink-0', className)} aria-label={t`Actions for ${who}`}>
          <MoreHorizontal className="h-4 w-4" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem disabled={isMe} onSelect={() => onOpen({ kind: 'role', user })}>
          <ShieldCheck className="h-4 w-4" aria-hidden="true" />
          <Trans>Manage Role</Trans>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onOpen({ kind: 'profile', user })}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          <Trans>Edit Profile</Trans>
        </DropdownMenuItem>
        <DropdownMenuItem disabled={isMe || !user.two_factor} onSelect={() => onOpen({ kind: 'two-factor', user })}>
          <KeyRound className="h-4 w-4" aria-hidden="true" />
          <Trans>Reset two-factor</Trans>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={isMe}
          className="text-destructive focus:text-destructive"
          onSelect={() => onOpen({ kind: 'delete', user })}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
          <Trans>Delete User</Trans>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
