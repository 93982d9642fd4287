import { type FormEvent, useId, useState } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { toastFailure } from '@/lib/failure-toast';
import { useLocaleMutations } from '@/lib/locales-api';

/** A new language by its code ('fr', 'fr-CA') and, if wanted, its name; without one the server names it. */
export function AddLanguageForm() {
  const { add } = useLocaleMutations();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [blank, setBlank] = useState(false);
  const codeId = useId();
  const nameId = useId();
  const messageId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (trimmed === '') {
      setBlank(true);
      return;
    }
    add.mutate(
      { code: trimmed, ...(name.trim() ? { name: name.trim() } : {}) },
      {
        onSuccess: ({ data }) => {
          toast({ title: 'Language added', description: `${data.name} is not shown on the website yet.` });
          setCode('');
          setName('');
        },
        onError: (error) => toastFailure('Could not add the language', error),
      },
    );
  };

  return (
    <form
      noValidate
      aria-label="Add a language"
      onSubmit={submit}
      className="grid gap-4 rounded-lg border p-4 md:grid-cols-[1fr_2fr_auto] md:items-end"
    >
      <div className="grid gap-2">
        <Label htmlFor={codeId}>Code</Label>
        <Input
          id={codeId}
          value={code}
          placeholder="fr"
          aria-invalid={blank || undefined}
          aria-describedby={blank ? messageId : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setBlank(false);
          }}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={nameId}>Name</Label>
        <Input id={nameId} value={name} placeholder="Français" onChange={(event) => setName(event.target.value)} />
      </div>
      <Button type="submit" loading={add.isPending}>
        {!add.isPending && <Plus aria-hidden />}
        Add language
      </Button>
      {blank && (
        <p id={messageId} role="alert" className="text-sm text-destructive md:col-span-3">
          Code is required.
        </p>
      )}
    </form>
  );
}
