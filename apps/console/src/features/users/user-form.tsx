import { useForm } from 'react-hook-form';
import { ROLES, type Role, type UserSummary } from '@bursary/shared';
import { FieldShell, describedByOf } from '@/components/fields/field-shell';
import { pinServerFieldErrors } from '@/components/fields/server-field-errors';
import { TextField } from '@/components/fields/text-field';
import { Button } from '@/components/ui/button';

export interface UserFormValues {
  username: string;
  name: string;
  email: string;
  role: Role;
}

const ROLE_NAMES: Record<Role, string> = { admin: 'Administrator', editor: 'Editor', viewer: 'Viewer' };
export const roleName = (role: Role) => ROLE_NAMES[role];

const ROLE_HELP =
  'Administrators also manage users. Editors change all content, its history and the trash. Viewers read everything and change nothing.';

interface UserFormProps {
  /** The user edited; none when one is added. */
  user: UserSummary | null;
  submitLabel: string;
  /** Saves; a refusal is thrown back so that a 400's fields are shown at their inputs. */
  onSubmit: (values: UserFormValues) => Promise<unknown>;
}

/** Add or edit a user: username (fixed once created), name, email and role. */
export function UserForm({ user, submitLabel, onSubmit }: UserFormProps) {
  const form = useForm<UserFormValues>({
    defaultValues: {
      username: user?.username ?? '',
      name: user?.name ?? '',
      email: user?.email ?? '',
      role: user?.role ?? 'editor',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      pinServerFieldErrors(form, error);
    }
  });

  const roleError = errors.role?.message;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      {!user && (
        <TextField
          form={form}
          idPrefix="user"
          name="username"
          label="Username"
          required
          rules={{ required: 'Username is required' }}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
      )}
      <TextField
        form={form}
        idPrefix="user"
        name="name"
        label="Name"
        required
        rules={{ required: 'Name is required' }}
        autoComplete="off"
        spellCheck
      />
      <TextField
        form={form}
        idPrefix="user"
        name="email"
        label="Email"
        type="email"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <FieldShell id="user-role" label="Role" required help={ROLE_HELP} error={roleError}>
        <select
          id="user-role"
          aria-describedby={describedByOf('user-role', { help: ROLE_HELP, error: roleError })}
          aria-invalid={roleError ? true : undefined}
          className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          {...form.register('role')}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roleName(role)}
            </option>
          ))}
        </select>
      </FieldShell>
      <Button type="submit" className="w-fit justify-self-end" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
