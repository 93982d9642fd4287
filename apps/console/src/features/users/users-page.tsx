import { useCan } from '@/lib/permissions';
import { UserAdministration } from './user-administration';

/** A placeholder sentence for editors and viewers; administrators manage users here. */
export function UsersPage() {
  if (useCan('users:manage')) return <UserAdministration />;
  return (
    <div className="mx-auto grid w-full max-w-[1400px] gap-4">
      <h1 className="text-3xl font-bold tracking-tight">Users</h1>
      <p className="text-muted-foreground">
        User administration is currently handled elsewhere or not yet implemented in this interface.
      </p>
    </div>
  );
}
