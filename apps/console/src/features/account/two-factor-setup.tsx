import { useForm } from 'react-hook-form';
import { ShieldCheck } from 'lucide-react';
import type { TotpConfirmResponse, TotpSetupResponse } from '@bursary/shared';
import { Button } from '@/components/ui/button';
import { AUTHENTICATOR_INPUT } from '@/lib/one-time-code';
import { useConfirmTwoFactor, useStartTwoFactor } from './account-api';
import { reportAccountError } from './account-errors';
import { codeRules, codeToSend } from './code-rules';
import { QrCode } from './qr-code';
import { TextField } from '@/components/fields/text-field';

/** The key as authenticator apps show it when typed by hand: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

interface ScanStepProps {
  setup: TotpSetupResponse;
  onConfirmed: (answer: TotpConfirmResponse) => void;
  onCancel: () => void;
}

/** The QR code and the key to add to an app, and the first code from it to turn two-factor sign-in on. */
function ScanStep({ setup, onConfirmed, onCancel }: ScanStepProps) {
  const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const confirm = useConfirmTwoFactor();
  const submit = form.handleSubmit(({ code }) =>
    confirm.mutate(codeToSend(code, 'authenticator'), {
      onSuccess: onConfirmed,
      onError: (error) => reportAccountError(error, 'Could not turn on two-factor sign-in', form),
    }),
  );
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        1. Scan this QR code with your authenticator app (for example Aegis, Google Authenticator, Microsoft
        Authenticator or 1Password).
      </p>
      <QrCode
        text={setup.uri}
        label="QR code to add Bursary to your authenticator app"
        className="size-48 rounded-md border"
      />
      <div className="grid gap-1 text-sm">
        <p>Can&apos;t scan it? Type this key into the app instead:</p>
        <dl className="grid gap-1">
          <dt className="text-muted-foreground">Setup key</dt>
          <dd>
            <code className="break-words rounded bg-muted px-2 py-1 font-mono">{grouped(setup.secret)}</code>
          </dd>
        </dl>
      </div>
      <p className="text-sm">2. Enter the 6-digit code the app now shows.</p>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
        <TextField
          form={form}
          idPrefix="totp-setup"
          name="code"
          label="Authentication code"
          {...AUTHENTICATOR_INPUT}
          rules={codeRules('authenticator')}
          className="max-w-48"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={confirm.isPending}>
            <ShieldCheck aria-hidden />
            Turn on
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

interface TwoFactorSetupProps {
  /** The server confirmed the code: the answer carries the recovery codes, shown this once. */
  onConfirmed: (answer: TotpConfirmResponse) => void;
}

/** 'Set up' asks the server for a new secret (POST /api/me/totp); then the scan step confirms it. */
export function TwoFactorSetup({ onConfirmed }: TwoFactorSetupProps) {
  const start = useStartTwoFactor();
  // cancelling leaves the unconfirmed secret on the server: nothing uses it, and a new start replaces it
  if (start.data) return <ScanStep setup={start.data} onConfirmed={onConfirmed} onCancel={() => start.reset()} />;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        After your password, Bursary will ask for a code from an authenticator app on your phone, so a stolen password
        is not enough to sign in.
      </p>
      <Button
        type="button"
        className="w-fit"
        loading={start.isPending}
        onClick={() =>
          start.mutate(undefined, { onError: (error) => reportAccountError(error, 'Could not start the set-up') })
        }
      >
        <ShieldCheck aria-hidden />
        Set up
      </Button>
    </div>
  );
}
