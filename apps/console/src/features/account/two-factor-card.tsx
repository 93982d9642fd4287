import { useState } from 'react';
import { ShieldOff } from 'lucide-react';
import type { TotpConfirmResponse, User } from '@bursary/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useRefreshStoredUser } from './account-api';
import { RecoveryCodes } from './recovery-codes';
import { TurnOffTwoFactor } from './turn-off-two-factor';
import { TwoFactorSetup } from './two-factor-setup';

function TwoFactorOn({ turningOff, setTurningOff }: { turningOff: boolean; setTurningOff: (on: boolean) => void }) {
  if (turningOff) return <TurnOffTwoFactor onClose={() => setTurningOff(false)} />;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Signing in asks for a code from your authenticator app after your password. Lost your phone? Sign in with a
        recovery code.
      </p>
      <Button type="button" variant="outline" className="w-fit" onClick={() => setTurningOff(true)}>
        <ShieldOff aria-hidden />
        Turn off
      </Button>
    </div>
  );
}

/** Two-factor sign-in: set it up (QR code, first code, recovery codes), or turn it off. */
export function TwoFactorCard({ user }: { user: User }) {
  // the recovery codes stay on screen until dismissed, though the stored user already says 'on'
  const [confirmed, setConfirmed] = useState<TotpConfirmResponse | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const refresh = useRefreshStoredUser();
  const onConfirmed = (answer: TotpConfirmResponse) => {
    setConfirmed(answer);
    refresh.mutate();
  };

  let body;
  if (confirmed) {
    body = (
      <RecoveryCodes username={user.username} codes={confirmed.recovery_codes} message={confirmed.message}>
        <Button type="button" onClick={() => setConfirmed(null)}>
          Done
        </Button>
      </RecoveryCodes>
    );
  } else if (user.two_factor) {
    body = <TwoFactorOn turningOff={turningOff} setTurningOff={setTurningOff} />;
  } else {
    body = <TwoFactorSetup onConfirmed={onConfirmed} />;
  }
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle as="h2">Two-factor sign-in</CardTitle>
          <Badge variant={user.two_factor ? 'green' : 'grey'}>{user.two_factor ? 'On' : 'Off'}</Badge>
        </div>
        <CardDescription>A second step at sign-in, with an authenticator app.</CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
