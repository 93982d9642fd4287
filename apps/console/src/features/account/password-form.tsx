import { useForm } from 'react-hook-form';
import { KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useChangePassword } from './account-api';
import { reportAccountError } from './account-errors';
import { TextField } from '@/components/fields/text-field';

interface PasswordValues {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

interface PasswordFormProps {
  /** 'Current password', or 'Temporary password' on a first sign-in. */
  currentLabel: string;
  submitLabel: string;
}

/**
 * PUT /api/me/password with the current password, the new one and its confirmation. The server
 * judges the new one (length, common passwords) and says why it refuses, on the field.
 */
export function PasswordForm({ currentLabel, submitLabel }: PasswordFormProps) {
  const form = useForm<PasswordValues>({
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const change = useChangePassword();
  // awaited rather than given callbacks: the stored user changes with the answer, which may close this screen
  const submit = form.handleSubmit(async ({ current_password, new_password }) => {
    try {
      const { message } = await change.mutateAsync({ current_password, new_password });
      form.reset();
      toast({ title: 'Password changed', description: message });
    } catch (error) {
      reportAccountError(error, 'Could not change the password', form);
    }
  });
  const field = { form, idPrefix: 'password', type: 'password' } as const;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <TextField
        {...field}
        name="current_password"
        label={currentLabel}
        autoComplete="current-password"
        rules={{ required: `Enter your ${currentLabel.toLowerCase()}` }}
      />
      <TextField
        {...field}
        name="new_password"
        label="New password"
        autoComplete="new-password"
        help="A long passphrase is best; common passwords are refused."
        rules={{ required: 'Enter a new password' }}
      />
      <TextField
        {...field}
        name="confirm_password"
        label="Confirm new password"
        autoComplete="new-password"
        rules={{ validate: (value, values) => value === values.new_password || 'The two new passwords do not match' }}
      />
      <Button type="submit" className="w-fit" loading={change.isPending}>
        <KeyRound aria-hidden />
        {submitLabel}
      </Button>
    </form>
  );
}
