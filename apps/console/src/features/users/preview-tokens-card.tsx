import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ErrorPanel } from '@/components/list-states';
import { ConfirmAction } from '@/components/row-actions';
import { toastFailure } from '@/lib/failure-toast';
import { formatDate } from '@/lib/format-date';
import { toast } from '@/lib/toast';
import { type LivePreviewToken, useLivePreviewTokens, useRevokePreviewToken } from './preview-tokens-api';

const revokeTexts = (token: LivePreviewToken) => ({
  label: 'Revoke',
  confirm: {
    title: `Revoke ${token.created_by}'s preview link?`,
    text: 'Whoever holds the link can no longer see unpublished content with it. This cannot be undone.',
  },
  done: 'Preview link revoked',
  failed: 'Could not revoke the preview link',
});

/** The preview links that still show unpublished content, with who made each, and revoking any of them. */
export function PreviewTokensCard() {
  const tokens = useLivePreviewTokens();
  const revoke = useRevokePreviewToken();
  const [asking, setAsking] = useState<LivePreviewToken | null>(null);

  const run = async (token: LivePreviewToken) => {
    const texts = revokeTexts(token);
    try {
      await revoke.mutateAsync(token.id);
      toast({ title: texts.done });
    } catch (error) {
      toastFailure(texts.failed, error);
    }
  };

  let body;
  if (tokens.isPending) body = <Spinner label="Loading preview links" />;
  else if (tokens.isError) body = <ErrorPanel noun="preview links" error={tokens.error} />;
  else if (tokens.data.length === 0)
    body = <p className="text-sm text-muted-foreground">No preview link can show unpublished content now.</p>;
  else
    body = (
      <ul aria-label="Live preview links" className="divide-y">
        {tokens.data.map((token) => (
          <li key={token.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div className="grid gap-0.5 text-sm">
              <span className="font-medium">Made by {token.created_by}</span>
              <span className="text-muted-foreground">
                {formatDate(token.created_at)}, works until {formatDate(token.expires_at)}
              </span>
            </div>
            <Button
              type="button"
              variant="outline"
              aria-label={`Revoke ${token.created_by}'s preview link made ${formatDate(token.created_at)}`}
              loading={revoke.isPending && revoke.variables === token.id}
              onClick={() => setAsking(token)}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Preview links</CardTitle>
        <CardDescription>
          Links that show the website with unpublished content, newest first. A link stops working after its hour, when
          it is revoked, or when the person who made it can no longer edit.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
      <ConfirmAction
        texts={asking && revokeTexts(asking)}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) void run(asking);
          setAsking(null);
        }}
      />
    </Card>
  );
}
