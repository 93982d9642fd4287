/**
 * A write is JSON of the form's fields, unless an image file is present; then it is
 * multipart form data with every non-null field appended.
 */
export type RequestBody = { json: unknown; formData?: undefined } | { formData: FormData; json?: undefined };

export function toRequestBody(values: Record<string, unknown>): RequestBody {
  const hasFile = Object.values(values).some((value) => value instanceof Blob);
  if (!hasFile) return { json: values };
  const formData = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    if (value instanceof Blob) formData.append(name, value);
    else if (typeof value === 'object') formData.append(name, JSON.stringify(value));
    else formData.append(name, String(value));
  }
  return { formData };
}
