import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, apiRequest } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldShell, errorIdOf } from '@/components/fields/field-shell';
import { failSignIn, startSession, type CodeChallenge } from './sign-in-session';
import { AUTHENTICATOR_INPUT, RECOVERY_INPUT, checkCode } from '@/lib/one-time-code';

const INPUT_ID = 'sign-in-code';

/** The server refused the code itself (it names the field); any other 401 means the challenge is over. */
const isWrongCode = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.body?.fields ?? []).some((field) => field.path === 'code');

const codeInput = (form: HTMLFormElement | null) =>
  form?.elements.namedItem('code') as HTMLInputElement | null | undefined;

interface SignInCodeStepProps {
  challenge: CodeChallenge;
  /** Back to the password step: asked for, or the challenge expired. */
  onBack: () => void;
}

/** The second sign-in step for an account with two-factor sign-in: a TOTP or a recovery code. */
export function SignInCodeStep({ challenge, onBack }: SignInCodeStepProps) {
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const input = () => codeInput(form.current);
  // the step replaces the password form, and the kind of code can change: the field takes the focus each time
  useEffect(() => codeInput(form.current)?.focus(), [recovery]);

  const send = async (code: string) => {
    setPending(true);
    try {
      const { data } = await apiRequest<unknown>('POST', '/api/login/totp', {
        json: { mfa_token: challenge.mfaToken, code },
        auth: false,
      });
      setPending(false);
      startSession(data, challenge.username);
    } catch (failure) {
      setPending(false);
      failSignIn(failure);
      if (isWrongCode(failure)) {
        setError(failure.message);
        input()?.select();
      } else if (failure instanceof ApiError && failure.status === 401) {
        onBack();
      }
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkCode(input()?.value ?? '', recovery ? 'recovery' : 'authenticator');
    if ('error' in check) {
      setError(check.error);
      input()?.focus();
      return;
    }
    setError(undefined);
    void send(check.code);
  };

  const label = recovery ? 'Recovery code' : 'Authentication code';
  return (
    <form ref={form} noValidate onSubmit={submit} className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once.'
          : 'Enter the 6-digit code from your authenticator app.'}
      </p>
      <FieldShell id={INPUT_ID} label={label} error={error}>
        <Input
          key={label}
          id={INPUT_ID}
          name="code"
          {...(recovery ? RECOVERY_INPUT : AUTHENTICATOR_INPUT)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorIdOf(INPUT_ID) : undefined}
        />
      </FieldShell>
      <Button type="submit" className="w-full" loading={pending}>
        {pending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          type="button"
          variant="link"
          className="h-auto px-0"
          onClick={() => {
            setError(undefined);
            setRecovery(!recovery);
          }}
        >
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </Button>
        <Button type="button" variant="link" className="h-auto px-0" onClick={onBack}>
          Back
        </Button>
      </div>
    </form>
  );
}
