import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { ImageInput } from '@/components/fields/image-input';
import { apiRequest, serverMessage, toRequestBody } from '@/lib/api-client';
import { refreshSection, useUnsavedChangesGuard } from '@/features/sections';

/** SPEC.md 5 and 9: testimonial images are png, jpeg, gif, webp or svg. */
export const TESTIMONIAL_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'];
const WRONG_TYPE = 'Please choose a PNG, JPEG, GIF, WebP or SVG image.';

/** SPEC.md 2.9. */
export function CreateTestimonialPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const universityName = name.trim();
  const guard = useUnsavedChangesGuard(name !== '' || image !== null);

  const create = useMutation({
    mutationFn: () => apiRequest('POST', '/api/disbursement-testimonials', toRequestBody({ university_name: universityName, image })),
    onSuccess: async () => {
      toast({ title: 'Testimonial created successfully.' });
      guard.allowLeaving();
      await refreshSection(queryClient, 'disbursement-testimonials');
      void navigate('/disbursement-testimonials');
    },
    onError: (error) => toast({
      variant: 'destructive',
      title: 'Error Creating Testimonial',
      description: serverMessage(error) ?? 'Could not create Testimonial. Please check the details and try again.',
    }),
  });

  const pickImage = (file: File | null) => {
    if (file && !TESTIMONIAL_IMAGE_TYPES.includes(file.type)) {
      setImage(null);
      setImageError(WRONG_TYPE);
      return;
    }
    setImageError(null);
    setImage(file);
  };

  const nameError = touched && universityName === '' ? 'University Name is required.' : null;

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <h1 className="text-3xl font-bold tracking-tight">Create Testimonial</h1>
      <Card>
        <CardHeader><CardTitle as="h2">Testimonial Details</CardTitle></CardHeader>
        <CardContent>
          <form noValidate className="grid gap-6" onSubmit={(event) => { event.preventDefault(); if (universityName) create.mutate(); }}>
            <div className="grid gap-2">
              <Label htmlFor="university-name">University Name</Label>
              <Input id="university-name" value={name} required aria-invalid={Boolean(nameError) || undefined} aria-describedby={nameError ? 'university-name-error' : undefined}
                onChange={(event) => { setName(event.target.value); setTouched(true); }} onBlur={() => setTouched(true)} />
              {nameError && <p id="university-name-error" role="alert" className="text-sm text-amber-700 dark:text-amber-300">{nameError}</p>}
            </div>
            <div className="grid gap-2">
              <Label htmlFor="university-image">University Logo / Image</Label>
              <ImageInput id="university-image" file={image} onChange={pickImage} accept={TESTIMONIAL_IMAGE_TYPES.join(',')}
                invalid={Boolean(imageError)} describedBy={imageError ? 'university-image-error' : undefined} />
              {imageError && <p id="university-image-error" role="alert" className="text-sm text-destructive">{imageError}</p>}
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button asChild variant="outline"><Link to="/disbursement-testimonials">Cancel</Link></Button>
              <Button type="submit" disabled={universityName === ''} loading={create.isPending}>
                {create.isPending ? 'Saving...' : 'Create Testimonial'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
