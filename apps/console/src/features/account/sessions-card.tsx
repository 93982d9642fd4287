import { LogOut } from 'lucide-react';
import type { SessionInfo } from '@bursary/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useEndOtherSessions, useMySessions } from './account-api';
import { failureSentence, reportAccountError } from './account-errors';
import { deviceName } from './device-name';
import { formatDate } from '@/lib/format-date';

function SessionRow({ session }: { session: SessionInfo }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3">
      <div className="grid gap-0.5 text-sm">
        <span className="font-medium">{deviceName(session.user_agent)}</span>
        <span className="text-muted-foreground">Signed in {formatDate(session.created_at)}</span>
        <span className="text-muted-foreground">Last active {formatDate(session.last_seen_at)}</span>
      </div>
      {session.current && <Badge variant="blue">This device</Badge>}
    </li>
  );
}

/** GET /api/me/sessions and 'Sign out other devices' (DELETE /api/me/sessions). */
export function SessionsCard() {
  const sessions = useMySessions();
  const endOthers = useEndOtherSessions();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  const signOutOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ message }) => toast({ title: 'Signed out other devices', description: message }),
      onError: (error) => reportAccountError(error, 'Could not sign out other devices'),
    });

  let list;
  if (sessions.isPending) list = <Spinner label="Loading sessions" />;
  else if (sessions.isError)
    list = (
      <p role="alert" className="text-sm text-danger">
        Could not load your sessions. {failureSentence(sessions.error)}
      </p>
    );
  else {
    list = (
      <ul aria-label="Signed-in devices" className="divide-y">
        {sessions.data.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Signed-in devices</CardTitle>
        <CardDescription>
          Each sign-in of your account, newest first. Changing your password also signs out the others.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {list}
        <Button
          type="button"
          variant="outline"
          className="w-fit"
          onClick={signOutOthers}
          loading={endOthers.isPending}
          disabled={others === 0}
        >
          <LogOut aria-hidden />
          Sign out other devices
        </Button>
      </CardContent>
    </Card>
  );
}
