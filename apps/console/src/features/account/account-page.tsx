import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/session';
import { PasswordForm } from './password-form';
import { ProfileCard } from './profile-card';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';

/** /account: the signed-in user's own name, email, password, second factor and sessions. */
export function AccountPage() {
  const user = useSession()?.user;
  // the route guard lets no one here without a session
  if (!user) return null;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Account</h1>
        <p className="text-muted-foreground">Your profile, your password and how you sign in</p>
      </div>
      <ProfileCard key={user.id} user={user} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Password</CardTitle>
          <CardDescription>Changing your password signs you out on every other device.</CardDescription>
        </CardHeader>
        <CardContent>
          <PasswordForm currentLabel="Current password" submitLabel="Change password" />
        </CardContent>
      </Card>
      <TwoFactorCard user={user} />
      <SessionsCard />
    </div>
  );
}
