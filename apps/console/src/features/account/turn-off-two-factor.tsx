import { useForm } from 'react-hook-form';
import { ShieldOff } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useTurnOffTwoFactor, type TwoFactorOff } from './account-api';
import { reportAccountError } from './account-errors';
import { codeRules, codeToSend } from './code-rules';
import { TextField } from '@/components/fields/text-field';

/** DELETE /api/me/totp: the password and a code (or a recovery code) prove it is the account's owner. */
export function TurnOffTwoFactor({ onClose }: { onClose: () => void }) {
  const form = useForm<TwoFactorOff>({ defaultValues: { password: '', code: '' } });
  const turnOff = useTurnOffTwoFactor();
  // awaited rather than given callbacks: the stored user changes with the answer, which replaces this form
  const submit = form.handleSubmit(async ({ password, code }) => {
    try {
      await turnOff.mutateAsync({ password, code: codeToSend(code, 'either') });
      toast({ title: 'Two-factor sign-in is off', description: 'Signing in now asks for your password only.' });
      onClose();
    } catch (error) {
      reportAccountError(error, 'Could not turn off two-factor sign-in', form);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        To turn it off, confirm it is you: your password and a code from your authenticator app, or one of your recovery
        codes.
      </p>
      <TextField
        form={form}
        idPrefix="totp-off"
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        rules={{ required: 'Enter your password' }}
      />
      <TextField
        form={form}
        idPrefix="totp-off"
        name="code"
        label="Authentication or recovery code"
        autoComplete="one-time-code"
        spellCheck={false}
        rules={codeRules('either')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" loading={turnOff.isPending}>
          <ShieldOff aria-hidden />
          Turn off two-factor sign-in
        </Button>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
