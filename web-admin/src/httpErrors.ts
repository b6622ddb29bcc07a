import { z } from 'zod';

/** The API's failure body: `{errors:[{message, extensions:{code, field?}}]}`. */
const errorListSchema = z.object({
  errors: z.array(z.object({ message: z.string(), extensions: z.object({ field: z.string().optional() }).loose().optional() })).min(1),
});

export function firstErrorMessage(body: unknown): string | undefined {
  const parsed = errorListSchema.safeParse(body);
  return parsed.success ? parsed.data.errors[0]?.message : undefined;
}

/**
 * Field errors keyed by field, as react-admin forms expect in `HttpError.body.errors`, so a
 * refused edit shows its message under the input (the server prefixes it with `field: `).
 */
export function fieldErrors(body: unknown): Record<string, string> {
  const parsed = errorListSchema.safeParse(body);
  if (!parsed.success) return {};
  const out: Record<string, string> = {};
  for (const item of parsed.data.errors) {
    const field = item.extensions?.field;
    if (field && !(field in out)) out[field] = item.message.startsWith(`${field}: `) ? item.message.slice(field.length + 2) : item.message;
  }
  return out;
}
