import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toastFailure, toastSuccess } from '@/lib/toast';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogActions,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, FieldControl, InputField } from '@/components/ui/form-field';
import { NativeSelect, selectOptions } from '@/components/ui/input';
import { useDeleteUser, useInviteUser, useResetSecondFactor, useSetUserRole, useUpdateProfile } from '../api/users';
import {
  inviteSchema,
  profileSchema,
  type InviteInput,
  type InviteValues,
  type ProfileInput,
  type ProfileValues,
} from '../logic/schemas';
import { APP_ROLES, INVITE_ROLES, type AdminUser, type AppRole } from '../types';
import { deleteWarning, initialRole, roleLabel, userLabel } from '../logic/users';

export function ManageRoleDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Manage Role</Trans>
          </DialogTitle>
          <DialogDescription>
            {user ? t`Choose the role of ${userLabel(user)}. It replaces their current roles.` : ''}
          </DialogDescription>
        </DialogHeader>
        {user && <ManageRoleForm user={user} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function ManageRoleForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const { t } = useLingui();
  const [role, setRole] = useState<AppRole>(initialRole(user));
  const setUserRole = useSetUserRole();

  function onSave() {
    setUserRole.mutate(
      { userId: user.user_id, role },
      {
        onSuccess: () => {
          toastSuccess(t`User role updated successfully`);
          onDone();
        },
      },
    );
  }

  return (
    <>
      <Field id="user-role" label={t`Role`}>
        <FieldControl>
          <NativeSelect
            value={role}
            onChange={(event) => setRole(event.target.value as AppRole)}
            options={selectOptions(APP_ROLES, roleLabel)}
          />
        </FieldControl>
      </Field>
      <DialogActions
        label={t`Update Role`}
        pendingLabel={t`Saving...`}
        pending={setUserRole.isPending}
        onConfirm={onSave}
        onCancel={onDone}
      />
    </>
  );
}

export function EditProfileDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Edit Profile</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>Update the name and e-mail shown for this user.</Trans>
          </DialogDescription>
        </DialogHeader>
        {user && <EditProfileForm user={user} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EditProfileForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const { t } = useLingui();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: user.name ?? '', email: user.email ?? '' },
  });

  const onSubmit = handleSubmit((values) => {
    update.mutate(
      { userId: user.user_id, ...values },
      {
        onSuccess: () => {
          toastSuccess(t`User profile updated successfully`);
          onDone();
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <InputField id="profile-name" label={t`Name`} error={errors.name?.message} {...register('name')} />
      <InputField
        id="profile-email"
        label={t`Email`}
        error={errors.email?.message}
        type="email"
        {...register('email')}
      />
      <DialogActions label={t`Save Changes`} pendingLabel={t`Saving...`} pending={update.isPending} onCancel={onDone} />
    </form>
  );
}

export function DeleteUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useLingui();
  const remove = useDeleteUser();

  function onDelete() {
    if (!user) return;
    remove.mutate(user.user_id, {
      onSuccess: () => {
        toastSuccess(t`User deleted successfully`);
        onClose();
      },
    });
  }

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>
            <Trans>Are you absolutely sure?</Trans>
          </DialogTitle>
          <DialogDescription>{user ? deleteWarning(user) : ''}</DialogDescription>
        </DialogHeader>
        <DialogActions
          label={t`Delete User`}
          pendingLabel={t`Deleting...`}
          pending={remove.isPending}
          destructive
          onConfirm={onDelete}
          onCancel={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}

export function ResetSecondFactorDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useLingui();
  const reset = useResetSecondFactor();

  function onReset() {
    if (!user) return;
    reset.mutate(user.user_id, {
      onSuccess: () => {
        toastSuccess(t`Two-factor sign-in reset`);
        onClose();
      },
    });
  }

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !reset.isPending && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>
            <Trans>Reset two-factor sign-in?</Trans>
          </DialogTitle>
          <DialogDescription>
            {user
              ? t`For a lost or replaced phone: ${userLabel(user)}'s authenticator app stops working and they are signed out everywhere. They sign in again with their password and set up a new app. Check who is asking before you reset it.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        <DialogActions
          label={t`Reset two-factor`}
          pendingLabel={t`Resetting...`}
          pending={reset.isPending}
          destructive
          onConfirm={onReset}
          onCancel={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}

export function InviteUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <Trans>Invite User</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>We e-mail them a link to set their password. They sign in with the role you choose.</Trans>
          </DialogDescription>
        </DialogHeader>
        {open && <InviteUserForm onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function InviteUserForm({ onDone }: { onDone: () => void }) {
  const { t } = useLingui();
  const invite = useInviteUser();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<InviteInput, unknown, InviteValues>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', name: '', role: 'staff' },
  });

  const onSubmit = handleSubmit((values) => {
    invite.mutate(values, {
      onSuccess: () => {
        toastSuccess(t`Invitation sent`, t`${values.email} will receive an e-mail to set their password.`);
        onDone();
      },
      onError: (error) => toastFailure(t`Failed to send the invitation`, error.message, error),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <InputField
        id="invite-email"
        label={t`Email`}
        error={errors.email?.message}
        type="email"
        autoFocus
        {...register('email')}
      />
      <InputField id="invite-name" label={t`Name (optional)`} error={errors.name?.message} {...register('name')} />
      <Field id="invite-role" label={t`Role`}>
        <FieldControl>
          <NativeSelect {...register('role')} options={selectOptions(INVITE_ROLES, roleLabel)} />
        </FieldControl>
      </Field>
      <DialogActions
        label={t`Send Invitation`}
        pendingLabel={t`Sending...`}
        pending={invite.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
