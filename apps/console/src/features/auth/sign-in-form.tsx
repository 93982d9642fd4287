import { useState, type FormEvent } from 'react';
import type { LoginRequest } from '@bursary/shared';
import { apiRequest } from '@/lib/api-client';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { failSignIn, mfaTokenOf, startSession, type CodeChallenge } from './sign-in-session';
import { checkSignIn, type SignInErrors } from './sign-in-validation';

const FIELDS = ['username', 'password'] as const;

function readCredentials(form: HTMLFormElement): LoginRequest {
  const data = new FormData(form);
  return { username: String(data.get('username') ?? ''), password: String(data.get('password') ?? '') };
}

interface SignInFormProps {
  /** The password was right and the account has two-factor sign-in: the card asks for the code. */
  onCodeNeeded: (challenge: CodeChallenge) => void;
  /** The name typed before, when the card comes back from the code step. */
  defaultUsername?: string;
}

export function SignInForm({ onCodeNeeded, defaultUsername }: SignInFormProps) {
  const [errors, setErrors] = useState<SignInErrors>({});
  // Checked on submit; after the first attempt, again on every change, so a fixed field clears.
  const [attempted, setAttempted] = useState(false);
  const [pending, setPending] = useState(false);

  // A plain request rather than a query mutation: the sign-in page does not load the data layer.
  const send = async (credentials: LoginRequest) => {
    setPending(true);
    try {
      const { data } = await apiRequest<unknown>('POST', '/api/login', { json: credentials, auth: false });
      setPending(false);
      const mfaToken = mfaTokenOf(data);
      if (mfaToken) onCodeNeeded({ mfaToken, username: credentials.username });
      else startSession(data, credentials.username);
    } catch (error) {
      setPending(false);
      failSignIn(error);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    const check = checkSignIn(readCredentials(event.currentTarget));
    if (!check.ok) {
      setErrors(check.errors);
      const first = FIELDS.find((field) => check.errors[field]);
      if (first) (event.currentTarget.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setErrors({});
    void send(check.credentials);
  };
  const recheck = (event: FormEvent<HTMLFormElement>) => {
    const check = checkSignIn(readCredentials(event.currentTarget));
    setErrors(check.ok ? {} : check.errors);
  };

  return (
    <form noValidate onSubmit={submit} onChange={attempted ? recheck : undefined} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="username">Username</Label>
        <Input
          id="username"
          placeholder="your_username"
          autoComplete="username"
          defaultValue={defaultUsername}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? 'username-error' : undefined}
          name="username"
        />
        {errors.username && (
          <p id="username-error" role="alert" className="text-sm text-danger">
            {errors.username}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="password">Password</Label>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'password-error' : undefined}
          name="password"
        />
        {errors.password && (
          <p id="password-error" role="alert" className="text-sm text-danger">
            {errors.password}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" loading={pending}>
        {pending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
