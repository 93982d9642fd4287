import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import type { UserSummary } from '@bursary/shared';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { ErrorPanel, ListLoading } from '@/components/list-states';
import { type ShownOnce, ShownOnceDialog } from '@/components/shown-once-dialog';
import { toastFailure } from '@/lib/failure-toast';
import { useSession } from '@/lib/session';
import { useIsMobile } from '@/lib/use-is-mobile';
import { type AccountAction, accountActionTexts } from './account-actions';
import { ConfirmAction } from '@/components/row-actions';
import { UserActionsMenu } from './user-actions-menu';
import type { UserFormValues } from './user-form';
import { PreviewTokensCard } from './preview-tokens-card';
import { UserCards, UserTable } from './user-list';
import { UserSheet } from './user-sheet';
import { useUserMutations, useUsers } from './users-api';

type Panel = { mode: 'add' } | { mode: 'edit'; user: UserSummary };
interface Chosen {
  action: AccountAction;
  user: UserSummary;
}

const temporaryPassword = (username: string, value: string, message: string): ShownOnce => ({
  title: `Temporary password for "${username}"`,
  label: 'Temporary password',
  value,
  message,
});

/** /users for administrators: the users, and adding, editing and looking after each. */
export function UserAdministration() {
  const users = useUsers();
  const mutations = useUserMutations();
  const ownId = useSession()?.user.id;
  const isMobile = useIsMobile();
  const [panel, setPanel] = useState<Panel | null>(null);
  const [asking, setAsking] = useState<Chosen | null>(null);
  const [running, setRunning] = useState<Chosen | null>(null);
  const [revealed, setRevealed] = useState<ShownOnce | null>(null);
  const edited = panel?.mode === 'edit' ? panel.user : null;

  const save = async (values: UserFormValues) => {
    const fields = { name: values.name.trim(), email: values.email.trim(), role: values.role };
    try {
      if (edited) {
        await mutations.update.mutateAsync({ id: edited.id, change: fields });
        setPanel(null);
        toast({ title: `Changes to "${edited.username}" saved` });
        return;
      }
      const created = await mutations.create.mutateAsync({ username: values.username.trim(), ...fields });
      setPanel(null);
      toast({ title: `User "${created.user.username}" added` });
      setRevealed(temporaryPassword(created.user.username, created.temporary_password, created.message));
    } catch (error) {
      toastFailure(edited ? 'Could not save the changes' : 'Could not add the user', error);
      throw error;
    }
  };

  const run = async ({ action, user }: Chosen) => {
    const texts = accountActionTexts(action, user, ownId);
    setRunning({ action, user });
    try {
      let message: string | undefined;
      if (action === 'disable' || action === 'enable') {
        await mutations.update.mutateAsync({ id: user.id, change: { disabled: action === 'disable' } });
      } else if (action === 'reset-password') {
        const answer = await mutations.resetPassword.mutateAsync(user.id);
        setRevealed(temporaryPassword(user.username, answer.temporary_password, answer.message));
      } else {
        message = (
          await (action === 'sign-out' ? mutations.signOutEverywhere : mutations.turnOffTwoFactor).mutateAsync(user.id)
        ).message;
      }
      toast({ title: texts.done, description: message });
    } catch (error) {
      toastFailure(texts.failed, error);
    } finally {
      setRunning(null);
    }
  };

  // an action that takes something away is asked about first
  const choose = (chosen: Chosen) => {
    if (accountActionTexts(chosen.action, chosen.user, ownId).confirm) setAsking(chosen);
    else void run(chosen);
  };

  // closing the dialog forgets the password: the state and the mutations that answered it
  const forgetPassword = () => {
    setRevealed(null);
    mutations.create.reset();
    mutations.resetPassword.reset();
  };

  let body;
  if (users.isPending) body = <ListLoading noun="users" />;
  else if (users.isError) body = <ErrorPanel noun="users" error={users.error} />;
  else {
    const List = isMobile ? UserCards : UserTable;
    body = (
      <List
        users={users.data}
        ownId={ownId}
        actions={(user) => (
          <UserActionsMenu
            user={user}
            ownId={ownId}
            pending={running?.user.id === user.id}
            onEdit={(chosen) => setPanel({ mode: 'edit', user: chosen })}
            onAction={(action, chosen) => choose({ action, user: chosen })}
          />
        )}
      />
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-[1400px] gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Users</h1>
          <p className="text-muted-foreground">Add people, choose what each may do and look after their sign-in.</p>
        </div>
        <Button type="button" onClick={() => setPanel({ mode: 'add' })}>
          <UserPlus aria-hidden />
          Add user
        </Button>
      </div>
      {body}
      <PreviewTokensCard />
      <UserSheet
        open={panel !== null}
        onOpenChange={(open) => {
          if (!open) setPanel(null);
        }}
        user={edited}
        onSave={save}
      />
      <ConfirmAction
        texts={asking && accountActionTexts(asking.action, asking.user, ownId)}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) void run(asking);
          setAsking(null);
        }}
      />
      <ShownOnceDialog shown={revealed} onClose={forgetPassword} />
    </div>
  );
}
