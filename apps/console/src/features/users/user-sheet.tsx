import type { UserSummary } from '@bursary/shared';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { UserForm, type UserFormValues } from './user-form';

interface UserSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user edited; none when one is added. */
  user: UserSummary | null;
  onSave: (values: UserFormValues) => Promise<unknown>;
}

/** The panel to add a user or edit one, sliding in from the right. */
export function UserSheet({ open, onOpenChange, user, onSave }: UserSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent className="left-auto right-0 w-full max-w-md overflow-y-auto border-l border-r-0 data-[state=open]:animate-[slide-in-right_200ms_ease-out]">
        <div className="grid gap-1 pr-6">
          <SheetTitle>{user ? `Edit "${user.username}"` : 'Add user'}</SheetTitle>
          <SheetDescription>
            {user
              ? 'Their name, email and role. The username stays as it is.'
              : 'They get a temporary password, shown once, and choose their own at the first sign-in.'}
          </SheetDescription>
        </div>
        <UserForm
          key={user?.id ?? 'new'}
          user={user}
          submitLabel={user ? 'Save changes' : 'Add user'}
          onSubmit={onSave}
        />
      </SheetContent>
    </Sheet>
  );
}
