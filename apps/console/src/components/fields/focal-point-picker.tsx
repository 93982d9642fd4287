import type * as React from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useMediaItem, useUpdateMedia } from '@/lib/media-api';
import { fixedWidthSources } from '@/lib/media-urls';
import { toastFailure } from '@/lib/failure-toast';
import type { FocalPoint } from '@/lib/new-image-focal';

const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };
/** An arrow key moves the point by this share of the image; with Shift, by a fifth of it, for fine placing. */
const STEP = 0.05;
const FINE_STEP = 0.01;
/** Arrow keys save once they rest this long, so a run of presses makes one request. */
const KEY_SAVE_PAUSE_MS = 500;

const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000));
const percent = (value: number) => `${Math.round(value * 100)}%`;

const MOVES: Record<string, FocalPoint> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

type Status = 'idle' | 'saving' | 'saved';
const STATUS_TEXT: Record<Status, string> = {
  idle: '',
  saving: 'Saving the focal point…',
  saved: 'Focal point saved.',
};

interface FocalPointAreaProps {
  /** The image shown, as `<img>` takes it. */
  image: React.ImgHTMLAttributes<HTMLImageElement>;
  point: FocalPoint;
  /** False while the stored point is being read: the point cannot be moved yet. */
  ready: boolean;
  /** A click places the point at once; arrow keys place it 'later', once they rest. */
  onPlace: (next: FocalPoint, at: 'now' | 'later') => void;
  /** Where the point is kept, after the hint's first sentence. */
  keptText: string;
  /** Told politely as it changes: saving, saved. */
  statusText: string;
}

/** The preview on which a click or the arrow keys place a focal point: where a cropped copy of the image stays centred. */
function FocalPointArea({ image, point, ready, onPlace, keptText, statusText }: FocalPointAreaProps) {
  const hintId = useId();
  const onClick = (event: React.MouseEvent<HTMLDivElement>) => {
    if (!ready) return;
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onPlace(
      { x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) },
      'now',
    );
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (!move || !ready) return;
    event.preventDefault();
    const step = event.shiftKey ? FINE_STEP : STEP;
    onPlace({ x: clamp(point.x + move.x * step), y: clamp(point.y + move.y * step) }, 'later');
  };

  return (
    <div className="grid gap-2">
      <div
        role="slider"
        tabIndex={0}
        aria-label="Focal point"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(point.x * 100)}
        aria-valuetext={`${percent(point.x)} across, ${percent(point.y)} down`}
        aria-describedby={hintId}
        aria-disabled={!ready || undefined}
        onClick={onClick}
        onKeyDown={onKeyDown}
        className="relative w-fit cursor-crosshair rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        <img
          {...image}
          draggable={false}
          className="block max-h-48 min-h-24 w-fit select-none rounded-md border object-contain"
        />
        {ready && (
          <span
            aria-hidden
            data-testid="focal-marker"
            className="pointer-events-none absolute size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-black/30 shadow-[0_0_0_2px_rgba(0,0,0,0.75)]"
            style={{ left: percent(point.x), top: percent(point.y) }}
          />
        )}
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        Focal point: {percent(point.x)} across, {percent(point.y)} down. Click the image or use the arrow keys to choose
        what a cropped copy keeps in view; {keptText}
      </p>
      <p aria-live="polite" className="text-sm text-muted-foreground">
        {statusText}
      </p>
    </div>
  );
}

interface FocalPointPickerProps {
  /** The stored image's address. */
  url: string;
  /** Its file name in the media library. */
  name: string;
}

/**
 * The focal point of a stored image. The point belongs to the image, wherever it is used, so each move is saved at
 * once rather than with the record.
 */
export function FocalPointPicker({ url, name }: FocalPointPickerProps) {
  const item = useMediaItem(name);
  const update = useUpdateMedia();
  const [moved, setMoved] = useState<FocalPoint | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const waiting = useRef<{ timer: ReturnType<typeof setTimeout>; send: () => void } | null>(null);
  const stored = item.data ? { x: item.data.focal_x, y: item.data.focal_y } : CENTRE;
  const point = moved ?? stored;

  const send = (next: FocalPoint, report: boolean) =>
    update.mutate(
      { name, patch: { focal_x: next.x, focal_y: next.y } },
      report
        ? {
            onSuccess: () => setStatus('saved'),
            onError: (error) => {
              setStatus('idle');
              setMoved(null);
              toastFailure('Focal point not saved', error);
            },
          }
        : undefined,
    );
  const cancelWaiting = () => {
    if (waiting.current) clearTimeout(waiting.current.timer);
    waiting.current = null;
  };
  const place = (next: FocalPoint, at: 'now' | 'later') => {
    setMoved(next);
    cancelWaiting();
    const save = () => {
      waiting.current = null;
      setStatus('saving');
      send(next, true);
    };
    if (at === 'now') save();
    else {
      setStatus('idle');
      // the screen may be gone when the pause ends (the form saved or cancelled): then it is sent without a report
      waiting.current = { timer: setTimeout(save, KEY_SAVE_PAUSE_MS), send: () => send(next, false) };
    }
  };
  useEffect(
    () => () => {
      const pending = waiting.current;
      if (!pending) return;
      clearTimeout(pending.timer);
      pending.send();
    },
    [],
  );

  return (
    <FocalPointArea
      image={{ ...fixedWidthSources(url, 320), alt: 'Current image' }}
      point={point}
      ready={!item.isPending}
      onPlace={place}
      keptText="it is saved at once, for every use of this image."
      statusText={STATUS_TEXT[status]}
    />
  );
}

/**
 * The focal point of a picked image not saved yet: the library does not hold it, so the point is kept with the form
 * and set on the image once the save has stored it.
 */
export function NewImageFocalPoint({
  preview,
  point,
  onChange,
}: {
  preview: string;
  point: FocalPoint | null;
  onChange: (next: FocalPoint) => void;
}) {
  return (
    <FocalPointArea
      image={{ src: preview, alt: 'New image preview' }}
      point={point ?? CENTRE}
      ready
      onPlace={(next) => onChange(next)}
      keptText="it is saved with the image."
      statusText=""
    />
  );
}
