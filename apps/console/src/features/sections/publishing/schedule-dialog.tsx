import { useId, useState } from 'react';
import type { SectionDef, SectionRecord } from '@bursary/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { DateReading, readingIdOf, withReading } from '@/components/fields/date-reading';
import { serverMessage } from '@/lib/api-client';
import { publishingOf } from '@/lib/publishing';
import { toast } from '@/lib/toast';
import { browserTimeZone, isoToLocalInput, localInputToIso } from '@/lib/zoned-time';
import { useUnsavedEdits } from '@/features/sections/form/unsaved-edits';
import { type ScheduleTimes, useScheduleActions } from './publishing-api';

const EDITS_KEPT = 'Your unsaved edits are saved with it as unpublished changes: they wait for the schedule.';
const EDITS_REFUSED = 'Your edits could not be saved: correct them in the form, then save the schedule again.';

interface ScheduleDialogProps {
  section: SectionDef;
  record: SectionRecord;
  onClose: () => void;
}

/** The times picked, checked: at least one, each a real time in the future. A sentence says what is wrong. */
function checkTimes(publish: string, unpublish: string): ScheduleTimes | string {
  const times: ScheduleTimes = {};
  for (const [name, value] of [
    ['publish_at', publish],
    ['unpublish_at', unpublish],
  ] as const) {
    if (value === '') continue;
    const iso = localInputToIso(value);
    if (!iso) return 'Enter a date and a time.';
    if (new Date(iso).getTime() <= Date.now()) return 'Choose a time in the future.';
    times[name] = iso;
  }
  if (!times.publish_at && !times.unpublish_at) return 'Choose when to publish, when to unpublish, or both.';
  return times;
}

/** 'Schedule': when the record goes live and/or comes off the website, picked in the browser's time zone. */
export function ScheduleDialog({ section, record, onClose }: ScheduleDialogProps) {
  const state = publishingOf(record);
  const { save, clear } = useScheduleActions(section, record);
  const [publish, setPublish] = useState(isoToLocalInput(state.publishAt));
  const [unpublish, setUnpublish] = useState(isoToLocalInput(state.unpublishAt));
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const zone = browserTimeZone();
  const hasSchedule = Boolean(state.publishAt || state.unpublishAt);
  // edits typed in the form are saved as waiting changes first: a later save would otherwise publish them at once
  const unsavedEdits = useUnsavedEdits();
  const [edited] = useState(() => unsavedEdits()?.dirty() ?? false);
  const [keeping, setKeeping] = useState(false);

  const done = (title: string, description?: string) => {
    toast({ title, description });
    onClose();
  };
  const refused = (error: unknown) => setProblem(serverMessage(error) ?? 'The schedule could not be saved.');
  const submit = async () => {
    const times = checkTimes(publish, unpublish);
    if (typeof times === 'string') {
      setProblem(times);
      return;
    }
    setProblem(null);
    const edits = unsavedEdits();
    const keep = edits?.dirty() ?? false;
    if (edits && keep) {
      setKeeping(true);
      const kept = await edits.keepWaiting();
      setKeeping(false);
      if (!kept) {
        setProblem(EDITS_REFUSED);
        return;
      }
    }
    save.mutate(times, {
      onSuccess: () => done('Schedule saved', keep ? 'Your edits wait for it as unpublished changes.' : undefined),
      onError: refused,
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Schedule</DialogTitle>
        <DialogDescription>
          Times are in your time zone: <strong>{zone}</strong>.
        </DialogDescription>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-publish`}>Publish at ({zone})</Label>
            <Input
              id={`${id}-publish`}
              type="datetime-local"
              value={publish}
              onChange={(event) => setPublish(event.target.value)}
              aria-describedby={withReading(`${id}-publish`, publish)}
            />
            <DateReading id={readingIdOf(`${id}-publish`)} value={publish} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-unpublish`}>Unpublish at ({zone})</Label>
            <Input
              id={`${id}-unpublish`}
              type="datetime-local"
              value={unpublish}
              onChange={(event) => setUnpublish(event.target.value)}
              aria-describedby={withReading(`${id}-unpublish`, unpublish)}
            />
            <DateReading id={readingIdOf(`${id}-unpublish`)} value={unpublish} />
          </div>
          {edited && <p className="text-sm">{EDITS_KEPT}</p>}
          {problem && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {problem}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {hasSchedule && (
              <Button
                type="button"
                variant="outline"
                loading={clear.isPending}
                onClick={() => clear.mutate(undefined, { onSuccess: () => done('Schedule cleared'), onError: refused })}
              >
                Clear schedule
              </Button>
            )}
            <Button type="submit" loading={keeping || save.isPending}>
              Save schedule
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
