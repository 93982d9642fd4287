import { GraduationCap } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The product's own name. */
export const BRAND = 'Bursary';

export function BrandMark({ showName = true, className }: { showName?: boolean; className?: string }) {
  return (
    <span className={cn('flex items-center gap-2 font-semibold', className)}>
      <GraduationCap className="size-6 shrink-0 text-primary" aria-hidden />
      {showName ? <span>{BRAND}</span> : <span className="sr-only">{BRAND}</span>}
    </span>
  );
}
