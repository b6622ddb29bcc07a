import { Box, Card, CardContent, Typography } from '@mui/material';
import { Fragment, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Title } from 'react-admin';
import { beforeYouSell } from './guide';

/** `code` spans of the guide as <code>, the rest as text (React escapes it). */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/(`[^`]+`)/)
        .map((part, i) =>
          part.startsWith('`') && part.endsWith('`') ? <code key={i}>{part.slice(1, -1)}</code> : <Fragment key={i}>{part}</Fragment>,
        )}
    </>
  );
}

/** /admin/before-you-sell: the guide the dashboard's checklist links to, one card per setting. */
export function BeforeYouSellPage() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 860, '& code': { overflowWrap: 'anywhere' } }}>
      <Title title={beforeYouSell.title} />
      {beforeYouSell.intro.map((p, i) => (
        <Typography key={i} variant="body1" sx={{ mb: 2 }}>
          <Prose text={p} />
        </Typography>
      ))}
      {beforeYouSell.sections.map((s) => (
        <Card key={s.id} id={s.id} variant="outlined" component="section" aria-labelledby={`${s.id}-title`} sx={{ mb: 2, scrollMarginTop: 72 }}>
          <CardContent>
            <Typography id={`${s.id}-title`} variant="h6" component="h2" gutterBottom>
              {s.title}
            </Typography>
            {s.paragraphs.map((p, i) => (
              <Typography key={i} variant="body2" sx={{ mb: 1 }}>
                <Prose text={p} />
              </Typography>
            ))}
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
