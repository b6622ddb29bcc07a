import type { Router } from 'express';
import type { AppContext } from '../context';
import './docs';
import { createMyDataRouter } from './routes';

/** Issue 23: the member's own data to download (Australian Privacy Principle 12). */
export function createMyDataModule(app: AppContext): Router {
  return createMyDataRouter(app);
}
