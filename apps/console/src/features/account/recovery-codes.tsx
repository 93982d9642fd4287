import type * as React from 'react';
import { Copy, Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

const FILE_NAME = 'bursary-recovery-codes.txt';

/** The text of the copy and of the downloaded file: who they are for, then one code a line. */
function recoveryCodesText(username: string, codes: string[]): string {
  return [
    `Bursary recovery codes for ${username}`,
    'Each code signs you in once, instead of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({
      title: 'Recovery codes copied',
      description: 'Paste them into your password manager or another safe place.',
    });
  } catch {
    toast({
      variant: 'destructive',
      title: 'Could not copy the codes',
      description: 'Select the codes and copy them yourself, or download them.',
    });
  }
}

function download(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE_NAME;
  link.click();
  // the click has started the download; the object URL is no longer needed
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

interface RecoveryCodesProps {
  username: string;
  codes: string[];
  /** The server's sentence: what the codes are for and that they are not shown again. */
  message: string;
  /** The button that closes the codes, e.g. 'Done' or 'Continue'. */
  children: React.ReactNode;
  /** The heading's level, below the screen's or the card's. */
  heading?: 'h2' | 'h3';
}

/** The ten recovery codes, shown once after two-factor sign-in is turned on, with Copy and Download. */
export function RecoveryCodes({ username, codes, message, children, heading: Heading = 'h3' }: RecoveryCodesProps) {
  const text = recoveryCodesText(username, codes);
  return (
    <section aria-labelledby="recovery-codes-title" className="grid gap-4">
      <Heading id="recovery-codes-title" className="text-lg font-semibold">
        Recovery codes
      </Heading>
      <p className="text-sm text-muted-foreground">{message}</p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-2 rounded-md border bg-muted/40 p-4 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy(text)}>
          <Copy aria-hidden />
          Copy
        </Button>
        <Button type="button" variant="outline" onClick={() => download(text)}>
          <Download aria-hidden />
          Download
        </Button>
        {children}
      </div>
    </section>
  );
}
