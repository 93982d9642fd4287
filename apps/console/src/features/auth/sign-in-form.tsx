import { useState, type FormEvent } from 'react';
import type { LoginRequest, LoginResponse } from '@bursary/shared';
import { apiRequest } from '@/lib/api-client';
import { clearSession, setSession } from '@/lib/session';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { signInFailureText } from './sign-in-errors';
import { checkSignIn, type SignInErrors } from './sign-in-validation';

const FIELDS = ['username', 'password'] as const;

function readCredentials(form: HTMLFormElement): LoginRequest {
  const data = new FormData(form);
  return { username: String(data.get('username') ?? ''), password: String(data.get('password') ?? '') };
}

async function signIn(credentials: LoginRequest): Promise<LoginResponse> {
  const { data } = await apiRequest<Partial<LoginResponse> | null>('POST', '/api/login', { json: credentials, auth: false });
  // A success without a token and a named user cannot start a session (SPEC.md 8.1, rule 4).
  if (!data || typeof data.token !== 'string' || typeof data.user?.name !== 'string') {
    throw new Error('The sign-in answer has no session.');
  }
  return { token: data.token, user: data.user, message: data.message ?? '' };
}

export function SignInForm() {
  const [errors, setErrors] = useState<SignInErrors>({});
  // Checked on submit; after the first attempt, again on every change, so a fixed field clears.
  const [attempted, setAttempted] = useState(false);
  const [pending, setPending] = useState(false);

  // A plain request rather than a query mutation: the sign-in page does not load the data layer.
  const send = async (credentials: LoginRequest) => {
    setPending(true);
    let answer: LoginResponse;
    try {
      answer = await signIn(credentials);
    } catch (error) {
      setPending(false);
      clearSession();
      toast({ title: 'Login failed', description: signInFailureText(error), variant: 'destructive' });
      return;
    }
    setPending(false);
    // Storing the session is enough to move on: the sign-in route sends a signed-in user onward.
    setSession({ token: answer.token, user: answer.user });
    toast({ title: 'Login successful', description: `Welcome back, ${answer.user.username || credentials.username}!` });
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
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? 'username-error' : undefined}
          name="username"
        />
        {errors.username && <p id="username-error" role="alert" className="text-sm text-danger">{errors.username}</p>}
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
        {errors.password && <p id="password-error" role="alert" className="text-sm text-danger">{errors.password}</p>}
      </div>
      <Button type="submit" className="w-full" loading={pending}>
        {pending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
