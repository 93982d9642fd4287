import { useEffect, useState } from 'react';
import { Input } from '@/components/ui/input';
import { useMediaItem } from '@/lib/media-api';
import { mediaDimensions, mediaLabel } from '@/lib/media-label';
import { mediaNameOf } from '@/lib/media-urls';
import type { FocalPoint } from '@/lib/new-image-focal';
import { FocalPointPicker, NewImageFocalPoint } from './focal-point-picker';

export interface ImageInputProps {
  id: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** The record's stored image URL, if any. */
  currentUrl?: string | null;
  /** The accepted types; any image by default. */
  accept?: string;
  invalid?: boolean;
  describedBy?: string;
  /** The focal point picked on a new file, kept until the save stores it. */
  focal?: FocalPoint | null;
  onFocal?: (point: FocalPoint) => void;
}

/** A data URL of the picked file, read in the background, for its preview. */
function usePreviewUrl(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return undefined;
    let live = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (live && typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => {
      live = false;
    };
  }, [file]);
  return file && preview?.file === file ? preview.url : null;
}

/**
 * An image of the library by the name of the file uploaded and its size, never by its address (a content hash); an
 * image from elsewhere by its address.
 */
function CurrentFile({ url, stored }: { url: string; stored: string | null }) {
  const item = useMediaItem(stored);
  let text = `Current Path: ${url}`;
  if (stored && item.data) text = `Current file: ${mediaLabel(item.data)}, ${mediaDimensions(item.data)}`;
  else if (stored) text = item.data === null ? 'Current file: no longer in the media library' : '';
  return <p className="break-words text-sm text-muted-foreground">{text}</p>;
}

/**
 * 'New Image Preview' once a file is picked, otherwise 'Current Image' with the current file (CurrentFile). Either
 * preview takes the image's focal point: a stored image's is saved at once, a new one's with the save that stores it.
 */
export function ImageInput({
  id,
  file,
  onChange,
  currentUrl,
  accept = 'image/*',
  invalid,
  describedBy,
  focal = null,
  onFocal,
}: ImageInputProps) {
  const preview = usePreviewUrl(file);
  const stored = mediaNameOf(currentUrl);
  return (
    <div className="grid gap-3">
      <Input
        id={id}
        name={id}
        type="file"
        accept={accept}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      {file ? (
        <figure className="grid gap-2">
          <figcaption className="text-sm font-medium">New Image Preview</figcaption>
          {preview &&
            (onFocal ? (
              <NewImageFocalPoint preview={preview} point={focal} onChange={onFocal} />
            ) : (
              <img src={preview} alt="New image preview" className="max-h-48 w-fit rounded-md border object-contain" />
            ))}
          <p className="text-sm text-muted-foreground">{file.name}</p>
        </figure>
      ) : currentUrl ? (
        <figure className="grid gap-2">
          <figcaption className="text-sm font-medium">Current Image</figcaption>
          {stored ? (
            <FocalPointPicker url={currentUrl} name={stored} />
          ) : (
            <img src={currentUrl} alt="Current image" className="max-h-48 w-fit rounded-md border object-contain" />
          )}
          <CurrentFile url={currentUrl} stored={stored} />
        </figure>
      ) : null}
    </div>
  );
}
