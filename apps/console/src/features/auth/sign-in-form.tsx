import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { LoginRequest, LoginResponse } from '@bursary/shared';
import { apiRequest } from '@/lib/api-client';
import { clearSession, setSession } from '@/lib/session';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { signInFailureText } from './sign-in-errors';

/** SPEC.md 5 and 9: the sign-in checks. */
export const MIN_PASSWORD_LENGTH = 6;
const signInSchema = z.object({
  username: z.string().trim().min(1, 'Username is required'),
  password: z.string().min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters'),
});

async function signIn(credentials: LoginRequest): Promise<LoginResponse> {
  const { data } = await apiRequest<Partial<LoginResponse> | null>('POST', '/api/login', { json: credentials, auth: false });
  // A success without a token and a named user cannot start a session (SPEC.md 8.1, rule 4).
  if (!data || typeof data.token !== 'string' || typeof data.user?.name !== 'string') {
    throw new Error('The sign-in answer has no session.');
  }
  return { token: data.token, user: data.user, message: data.message ?? '' };
}

export function SignInForm() {
  const { register, handleSubmit, formState: { errors } } = useForm<LoginRequest>({
    resolver: zodResolver(signInSchema),
    defaultValues: { username: '', password: '' },
  });
  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: ({ token, user }, credentials) => {
      // Storing the session is enough to move on: the sign-in route sends a signed-in user onward.
      setSession({ token, user });
      toast({ title: 'Login successful', description: `Welcome back, ${user.username || credentials.username}!` });
    },
    onError: (error) => {
      clearSession();
      toast({ title: 'Login failed', description: signInFailureText(error), variant: 'destructive' });
    },
  });
  const pending = mutation.isPending;

  return (
    <form noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="username">Username</Label>
        <Input
          id="username"
          placeholder="your_username"
          autoComplete="username"
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? 'username-error' : undefined}
          {...register('username')}
        />
        {errors.username && <p id="username-error" role="alert" className="text-sm text-danger">{errors.username.message}</p>}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="password">Password</Label>
        <Input
          id="password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'password-error' : undefined}
          {...register('password')}
        />
        {errors.password && <p id="password-error" role="alert" className="text-sm text-danger">{errors.password.message}</p>}
      </div>
      <Button type="submit" className="w-full" loading={pending}>
        {pending ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
