import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { FormDataConsumer } from 'react-admin';
import { contentPreviewAnswerSchema } from '@roar/contracts/content';
import { parseAnswer, postAction } from '../dataProvider';
import { SafeHtml } from '../ui/SafeHtml';

/**
 * Shows the HTML as members will receive it: cleaned by the server (the same policy as on save),
 * then shown through SafeHtml like every other HTML in the console.
 */
export function HtmlPreview({ source }: { source: string }) {
  return (
    <FormDataConsumer>
      {({ formData }) => <PreviewBox html={typeof formData[source] === 'string' ? (formData[source] as string) : ''} />}
    </FormDataConsumer>
  );
}

function PreviewBox({ html }: { html: string }) {
  const [preview, setPreview] = useState<string | null>(null);
  const show = async () => setPreview(parseAnswer(contentPreviewAnswerSchema, await postAction('/content-preview', { html }), 'the preview').html);
  return (
    <Box sx={{ my: 1, width: '100%' }}>
      <Button variant="outlined" onClick={() => void show()}>
        Preview
      </Button>
      {preview !== null && (
        <Box sx={{ mt: 1, p: 2, border: '1px solid #ddd', borderRadius: 1 }} aria-label="Preview">
          <Typography variant="caption">Preview: what members will see</Typography>
          <SafeHtml html={preview} kind="rich" />
        </Box>
      )}
    </Box>
  );
}
