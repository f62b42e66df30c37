import type { FormEvent } from 'react';
import { changePasswordError, SettingsMessages } from '@inkwell/contracts';
import { LockIcon } from '../../components/icons.tsx';
import { TextField } from '../../components/text-field.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useFormErrors } from '../../lib/use-form-errors.ts';
import { useChangePassword } from './api/change-password.ts';

/** docs/product/screens.md Change password: the server signs every other device out on success. */
export function ChangePasswordPage() {
  usePageTitle('Change Password');
  const errors = useFormErrors('change-password');
  const change = useChangePassword({
    onMutate: () => errors.progress('Changing password…'),
    onSuccess: () => errors.succeed(SettingsMessages.passwordChanged),
    onError: (e) => errors.refuse(e),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = {
      currentPassword: String(data.get('currentPassword') ?? ''),
      newPassword: String(data.get('newPassword') ?? ''),
    };
    const error = changePasswordError(body);
    if (error) {
      errors.refuse(error);
      return;
    }
    change.mutate(body, { onSuccess: () => form.reset() });
  };

  return (
    <form onSubmit={onSubmit} onChange={errors.onEdit} noValidate className="w-full md:max-w-[400px]">
      <h1 className="mb-8 text-2xl max-md:sr-only">Change Password</h1>
      <TextField
        name="currentPassword"
        label="Current Password"
        type="password"
        autoComplete="current-password"
        icon={<LockIcon />}
        showLabel
        error={errors.about('currentPassword')}
      />
      <TextField
        name="newPassword"
        label="New Password"
        type="password"
        autoComplete="new-password"
        icon={<LockIcon />}
        showLabel
        error={errors.about('newPassword')}
      />
      <button type="submit" className="btn-dark mt-2 px-10" disabled={change.isPending}>
        Change Password
      </button>
    </form>
  );
}
