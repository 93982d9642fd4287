import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, serverMessage } from '@/lib/api-client';
import { refreshSection, useUnsavedChangesGuard } from '@/features/sections';

/** SPEC.md 2.10 and 5 'Create FAQ'. */
export function CreateFaqPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState({ title: false, description: false });
  const question = title.trim();
  const answer = description.trim();
  const guard = useUnsavedChangesGuard(title !== '' || description !== '');

  const create = useMutation({
    mutationFn: () => apiRequest('POST', '/api/faqs', { json: { title: question, description: answer } }),
    onSuccess: async () => {
      toast({ title: 'FAQ created successfully.' });
      guard.allowLeaving();
      await refreshSection(queryClient, 'faqs');
      void navigate('/faqs');
    },
    onError: (error) => toast({
      variant: 'destructive',
      title: 'Error Creating FAQ',
      description: serverMessage(error) ?? 'Could not create FAQ. Please check the details and try again.',
    }),
  });

  const questionError = touched.title && question === '' ? 'Question (Title) is required.' : null;
  const answerError = touched.description && answer === '' ? 'Answer (Description) is required.' : null;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <h1 className="text-3xl font-bold tracking-tight">Create FAQ</h1>
      <Card>
        <CardHeader><CardTitle as="h2">FAQ Details</CardTitle></CardHeader>
        <CardContent>
          <form noValidate className="grid gap-6" onSubmit={(event) => { event.preventDefault(); if (question && answer) create.mutate(); }}>
            <div className="grid gap-2">
              <Label htmlFor="faq-title">Question (Title)</Label>
              <Input id="faq-title" value={title} required aria-invalid={Boolean(questionError) || undefined} aria-describedby={questionError ? 'faq-title-error' : undefined}
                onChange={(event) => setTitle(event.target.value)} onBlur={() => setTouched((t) => ({ ...t, title: true }))} />
              {questionError && <p id="faq-title-error" role="alert" className="text-sm text-destructive">{questionError}</p>}
            </div>
            <div className="grid gap-2">
              <Label htmlFor="faq-description">Answer (Description)</Label>
              <Textarea id="faq-description" rows={8} value={description} required aria-invalid={Boolean(answerError) || undefined}
                aria-describedby={['faq-description-help', answerError ? 'faq-description-error' : ''].filter(Boolean).join(' ')}
                onChange={(event) => setDescription(event.target.value)} onBlur={() => setTouched((t) => ({ ...t, description: true }))} />
              <p id="faq-description-help" className="text-sm text-muted-foreground">Plain text. Basic HTML such as &lt;p&gt;, &lt;strong&gt; or &lt;a&gt; may be used for formatting.</p>
              {answerError && <p id="faq-description-error" role="alert" className="text-sm text-destructive">{answerError}</p>}
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button asChild variant="outline"><Link to="/faqs">Cancel</Link></Button>
              <Button type="submit" disabled={question === '' || answer === ''} loading={create.isPending}>
                {create.isPending ? 'Saving...' : 'Create FAQ'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
