import { useForm } from 'react-hook-form';
import { Save } from 'lucide-react';
import type { User } from '@bursary/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import { useUpdateProfile, type ProfileChange } from './account-api';
import { reportAccountError } from './account-errors';
import { TextField } from '@/components/fields/text-field';

/** Name and email (PATCH /api/me); an empty email clears it. */
export function ProfileCard({ user }: { user: User }) {
  const form = useForm<ProfileChange>({ defaultValues: { name: user.name, email: user.email ?? '' } });
  const update = useUpdateProfile();
  const submit = form.handleSubmit((values) =>
    update.mutate(
      { name: values.name.trim(), email: values.email.trim() },
      {
        onSuccess: (saved) => {
          form.reset({ name: saved.name, email: saved.email ?? '' });
          toast({ title: 'Profile saved', description: 'Your name and email are up to date.' });
        },
        onError: (error) => reportAccountError(error, 'Could not save your profile', form),
      },
    ),
  );
  const field = { form, idPrefix: 'profile' } as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Profile</CardTitle>
        <CardDescription>Signed in as {user.username}. The console greets you by this name.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <TextField
            {...field}
            name="name"
            label="Name"
            autoComplete="name"
            rules={{ validate: (value) => value.trim() !== '' || 'Enter your name' }}
          />
          <TextField
            {...field}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            help="Optional. Leave it empty to remove it."
          />
          <Button type="submit" className="w-fit" loading={update.isPending}>
            <Save aria-hidden />
            Save profile
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
