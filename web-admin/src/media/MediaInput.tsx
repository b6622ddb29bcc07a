import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useId, useState, type ChangeEvent } from 'react';
import { useInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { uploadMedia, type MediaKind } from './upload';

interface MediaInputProps {
  readonly source: string;
  readonly label: string;
  readonly kind: MediaKind;
  /** The variant this field holds ('landscape', 'square'...); the first one when not given. */
  readonly variant?: string;
  /** Other fields filled from the same upload, e.g. { hero_image_portrait: 'portrait' }. */
  readonly alsoSets?: Readonly<Record<string, string>>;
  /** What "no image" is stored as: null (the default) or '' for resources whose image is a plain string. */
  readonly emptyValue?: '' | null;
}

/**
 * An image field for any resource (issue 14): pick a file, the server checks it by its bytes,
 * resizes it to the sizes the member console uses and answers the URLs; the field keeps the URL
 * and shows a preview. Replaces typing image URLs by hand.
 */
export function MediaInput({ source, label, kind, variant, alsoSets = {}, emptyValue = null }: MediaInputProps) {
  const { field } = useInput({
    source,
    parse: (v: string | null) => (v === '' || v === null ? emptyValue : v),
    ...(emptyValue === '' ? { defaultValue: '' } : {}),
  });
  const form = useFormContext();
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const value = typeof field.value === 'string' ? field.value : '';

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const uploaded = await uploadMedia(file, kind);
      const variants = Object.entries(uploaded.variants);
      const mine = (variant ? uploaded.variants[variant] : variants[0]?.[1])?.url;
      if (mine) field.onChange(mine);
      for (const [other, v] of Object.entries(alsoSets)) {
        const url = uploaded.variants[v]?.url;
        if (url) form.setValue(other, url, { shouldDirty: true });
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The upload failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ my: 1 }} data-testid={`media-input-${source}`}>
      <Typography variant="body2" color="text.secondary" component="label" htmlFor={inputId}>
        {label}
      </Typography>
      <Stack direction="row" sx={{ mt: 0.5, flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {value ? (
          <Box
            component="img"
            src={value}
            alt={`${label} preview`}
            sx={{
              width: 192,
              height: 108,
              objectFit: kind === 'partner' ? 'contain' : 'cover',
              borderRadius: 1,
              border: '1px solid',
              borderColor: 'divider',
            }}
          />
        ) : (
          <Box sx={{ width: 192, height: 108, display: 'grid', placeItems: 'center', borderRadius: 1, border: '1px dashed', borderColor: 'divider' }}>
            <Typography variant="caption">No image</Typography>
          </Box>
        )}
        <Button variant="outlined" component="label" disabled={busy}>
          {busy ? 'Uploading...' : value ? 'Replace image' : 'Upload image'}
          <input
            id={inputId}
            hidden
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-label={`${label} file`}
            onChange={(e) => void pick(e)}
          />
        </Button>
        {value && (
          <Button color="inherit" onClick={() => field.onChange(emptyValue)} disabled={busy}>
            Remove
          </Button>
        )}
      </Stack>
      {value && (
        <Typography variant="caption" sx={{ display: 'block', mt: 0.5, wordBreak: 'break-all' }}>
          {value}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
