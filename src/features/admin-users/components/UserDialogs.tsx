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
import { initialRole, roleLabel } from '../logic/users';

function userLabel(user: AdminUser) {
  return user.name || user.email || 'this user';
}

export function ManageRoleDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Manage Role</DialogTitle>
          <DialogDescription>
            {user ? `Choose the role of ${userLabel(user)}. It replaces their current roles.` : ''}
          </DialogDescription>
        </DialogHeader>
        {user && <ManageRoleForm user={user} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function ManageRoleForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const [role, setRole] = useState<AppRole>(initialRole(user));
  const setUserRole = useSetUserRole();

  function onSave() {
    setUserRole.mutate(
      { userId: user.user_id, role },
      {
        onSuccess: () => {
          toastSuccess('User role updated successfully');
          onDone();
        },
      },
    );
  }

  return (
    <>
      <Field id="user-role" label="Role">
        <FieldControl>
          <NativeSelect
            value={role}
            onChange={(event) => setRole(event.target.value as AppRole)}
            options={selectOptions(APP_ROLES, roleLabel)}
          />
        </FieldControl>
      </Field>
      <DialogActions
        label="Update Role"
        pendingLabel="Saving..."
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
          <DialogTitle>Edit Profile</DialogTitle>
          <DialogDescription>Update the name and e-mail shown for this user.</DialogDescription>
        </DialogHeader>
        {user && <EditProfileForm user={user} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function EditProfileForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
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
          toastSuccess('User profile updated successfully');
          onDone();
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <InputField id="profile-name" label="Name" error={errors.name?.message} {...register('name')} />
      <InputField id="profile-email" label="Email" error={errors.email?.message} type="email" {...register('email')} />
      <DialogActions label="Save Changes" pendingLabel="Saving..." pending={update.isPending} onCancel={onDone} />
    </form>
  );
}

export function DeleteUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const remove = useDeleteUser();

  function onDelete() {
    if (!user) return;
    remove.mutate(user.user_id, {
      onSuccess: () => {
        toastSuccess('User deleted successfully');
        onClose();
      },
    });
  }

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Are you absolutely sure?</DialogTitle>
          <DialogDescription>
            {user
              ? `This action cannot be undone. This will permanently delete the account of ${userLabel(user)}${
                  user.email && user.name ? ` (${user.email})` : ''
                } and remove their profile and roles.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        <DialogActions
          label="Delete User"
          pendingLabel="Deleting..."
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
  const reset = useResetSecondFactor();

  function onReset() {
    if (!user) return;
    reset.mutate(user.user_id, {
      onSuccess: () => {
        toastSuccess('Two-factor sign-in reset');
        onClose();
      },
    });
  }

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !reset.isPending && onClose()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Reset two-factor sign-in?</DialogTitle>
          <DialogDescription>
            {user
              ? `For a lost or replaced phone: ${userLabel(user)}'s authenticator app stops working and they are signed out everywhere. They sign in again with their password and set up a new app. Check who is asking before you reset it.`
              : ''}
          </DialogDescription>
        </DialogHeader>
        <DialogActions
          label="Reset two-factor"
          pendingLabel="Resetting..."
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
          <DialogTitle>Invite User</DialogTitle>
          <DialogDescription>
            We e-mail them a link to set their password. They sign in with the role you choose.
          </DialogDescription>
        </DialogHeader>
        {open && <InviteUserForm onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function InviteUserForm({ onDone }: { onDone: () => void }) {
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
        toastSuccess('Invitation sent', `${values.email} will receive an e-mail to set their password.`);
        onDone();
      },
      onError: (error) => toastFailure('Failed to send the invitation', error.message, error),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <InputField
        id="invite-email"
        label="Email"
        error={errors.email?.message}
        type="email"
        autoFocus
        {...register('email')}
      />
      <InputField id="invite-name" label="Name (optional)" error={errors.name?.message} {...register('name')} />
      <Field id="invite-role" label="Role">
        <FieldControl>
          <NativeSelect {...register('role')} options={selectOptions(INVITE_ROLES, roleLabel)} />
        </FieldControl>
      </Field>
      <DialogActions label="Send Invitation" pendingLabel="Sending..." pending={invite.isPending} onCancel={onDone} />
    </form>
  );
}
