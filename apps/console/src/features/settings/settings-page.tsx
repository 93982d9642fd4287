import { useState } from 'react';
import { Save } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/lib/toast';
import { useSession } from '@/lib/session';
import { defaultSettings, type SettingField, settingGroups, type SettingsValues } from './settings-model';

/** Local only; 'Save Settings' shows a toast and keeps nothing, and the page says so under its heading. */
export function SettingsPage() {
  const session = useSession();
  const [values, setValues] = useState<SettingsValues>(() => defaultSettings(session?.user.email));
  const set = (key: keyof SettingsValues, value: string | boolean) =>
    setValues((current) => ({ ...current, [key]: value }));

  const control = (field: SettingField) => {
    const id = `setting-${field.key}`;
    const value = values[field.key];
    if (field.type === 'switch') {
      return (
        <div key={field.key} className="flex items-center justify-between gap-4">
          <Label htmlFor={id}>{field.label}</Label>
          <Switch id={id} checked={value === true} onCheckedChange={(checked) => set(field.key, checked)} />
        </div>
      );
    }
    return (
      <div key={field.key} className="grid gap-2">
        <Label htmlFor={id}>{field.label}</Label>
        <Input
          id={id}
          type={field.type}
          value={String(value)}
          onChange={(event) => set(field.key, event.target.value)}
          className={field.type === 'color' ? 'h-10 w-24 p-1' : undefined}
        />
      </div>
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
        <p className="text-muted-foreground">These settings are not used yet: saving keeps nothing.</p>
      </div>
      <form
        className="grid gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          toast({ title: 'Settings saved successfully' });
        }}
      >
        {settingGroups.map((group) => (
          <Card key={group.title}>
            <CardHeader>
              <CardTitle as="h2">{group.title}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">{group.fields.map(control)}</CardContent>
          </Card>
        ))}
        <Button type="submit" className="w-fit justify-self-end">
          <Save aria-hidden />
          Save Settings
        </Button>
      </form>
    </div>
  );
}
