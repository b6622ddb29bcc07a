import express from 'express';

/**
 * The read bench's baseline: express answering fixed JSON bodies (the product's own bytes, given
 * in BARE_BODIES as {path with query: body}), nothing else. `/ready` answers for the start-up wait.
 */
const bodies = JSON.parse(process.env.BARE_BODIES ?? '{}') as Record<string, string>;
const app = express();
app.disable('x-powered-by');
app.get('/ready', (_req, res) => {
  res.json({ status: 'ready' });
});
app.use((req, res) => {
  const body = bodies[req.originalUrl];
  if (body === undefined) {
    res.status(404).end();
    return;
  }
  res.type('application/json').send(body);
});
app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
