import { useState } from 'react';
import { Navigate } from 'react-router';
import { LogOut } from 'lucide-react';
import type { TotpConfirmResponse } from '@bursary/shared';
import { BrandMark } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { accountSetupStep } from '@/lib/account-setup';
import { useSession } from '@/lib/session';
import { useRefreshStoredUser } from './account-api';
import { PasswordForm } from './password-form';
import { RecoveryCodes } from './recovery-codes';
import { TwoFactorSetup } from './two-factor-setup';

function ChooseNewPassword() {
  return (
    <>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Choose a new password
        </CardTitle>
        <CardDescription>
          You signed in with a temporary password. Choose your own to continue; nobody else will know it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PasswordForm currentLabel="Temporary password" submitLabel="Set new password" />
      </CardContent>
    </>
  );
}

function RequiredTwoFactor({ username }: { username: string }) {
  // kept here until 'Continue': the stored user changes only then, which ends this screen
  const [confirmed, setConfirmed] = useState<TotpConfirmResponse | null>(null);
  const refresh = useRefreshStoredUser();
  return (
    <>
      <CardHeader>
        <CardTitle as="h1" className="text-2xl">
          Set up two-factor sign-in
        </CardTitle>
        <CardDescription>Your organisation asks for a second step at sign-in. Set it up to continue.</CardDescription>
      </CardHeader>
      <CardContent>
        {confirmed ? (
          <RecoveryCodes heading="h2" username={username} codes={confirmed.recovery_codes} message={confirmed.message}>
            <Button type="button" loading={refresh.isPending} onClick={() => refresh.mutate()}>
              Continue
            </Button>
          </RecoveryCodes>
        ) : (
          <TwoFactorSetup onConfirmed={setConfirmed} />
        )}
      </CardContent>
    </>
  );
}

/**
 * What a signed-in account must do before anything else (decision 012): choose a new password
 * after a temporary one, set up a required second factor. The server refuses every other call
 * meanwhile, so this screen stands alone, with only a way to sign out.
 */
export function AccountSetupPage({ onSignOut }: { onSignOut: () => void }) {
  const user = useSession()?.user;
  const step = user ? accountSetupStep(user) : null;
  if (!user || !step) return <Navigate to="/dashboard" replace />;
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="flex h-16 items-center justify-between border-b bg-background px-6">
        <BrandMark />
        <Button type="button" variant="ghost" onClick={onSignOut}>
          <LogOut aria-hidden />
          Logout
        </Button>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <Card className="w-full max-w-lg">
          {step === 'password' ? <ChooseNewPassword /> : <RequiredTwoFactor username={user.username} />}
        </Card>
      </main>
    </div>
  );
}
