import { Spinner } from '@/components/ui/spinner';

/** Shown while a screen's code is still loading. */
export function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner className="size-6" label="Loading" />
    </div>
  );
}
