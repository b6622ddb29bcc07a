import { readFile, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { Router, type Response } from 'express';
import sharp from 'sharp';
import { SHARE_IMAGE, SITE_SHARE_IMAGE_PATH } from '@roar/contracts/prizes';
import { getPrize } from '@roar/projections';
import type { AppContext } from '../context';
import { uploadsStorage } from '../storage';
import { MEDIA_BASE_PATH } from '../media';
import { PUBLIC_STATUSES } from './content';

/** The member console's picture of a giveaway without one (its `DEFAULT_PRIZE_IMAGE`), and the card of every other page. */
const DEFAULT_IMAGE = '/images/giveaway-default.svg';
/** Where a hero image given as a bare name lies (the member console's `IMAGE_BASE_PATH`). */
const IMAGE_BASE_PATH = '/assets/';
const PICTURE_FILES = new Set(['.svg', '.png', '.jpg', '.jpeg', '.webp', '.gif']);
const KEPT_IMAGES = 64;
const SLUG_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.jpg$/;

interface Source {
  /** Names the picture's bytes: a file by its path, size and time, an upload by its key (never reused). */
  readonly key: string;
  readonly read: () => Promise<Buffer | null>;
}

/** Where a hero image's bytes are: a file of the member console's build, an upload, or nowhere this server reads. */
async function sourceOf(app: AppContext, memberDist: string, hero: string | null | undefined): Promise<Source | null> {
  const value = hero?.trim() || DEFAULT_IMAGE;
  if (/^(https?:)?\/\//i.test(value) || /^[a-z][a-z0-9+.-]*:/i.test(value)) return null;
  const path = value.startsWith('/') ? value : `${IMAGE_BASE_PATH}${value}`;
  if (path.startsWith(`${MEDIA_BASE_PATH}/`)) {
    // Uploads are served as WebP only (mediaPublicRouter): anything else under /media is not one.
    if (!path.endsWith('.webp')) return null;
    const key = `media/${path.slice(MEDIA_BASE_PATH.length + 1)}`;
    return {
      key: `upload:${key}`,
      read: async () =>
        (
          await uploadsStorage(app)
            .get(key)
            .catch(() => null)
        )?.data ?? null,
    };
  }
  const root = resolve(memberDist);
  let file: string;
  try {
    file = resolve(root, `.${decodeURIComponent(path.split(/[?#]/)[0]!)}`);
  } catch {
    return null;
  }
  if (!file.startsWith(`${root}${sep}`) || !PICTURE_FILES.has(extname(file).toLowerCase())) return null;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return { key: `file:${file}:${info.size}:${info.mtimeMs}`, read: () => readFile(file) };
}

/** The picture cropped to the card's shape from its centre, on white where it is transparent, as JPEG. */
async function drawCard(data: Buffer): Promise<Buffer> {
  return sharp(data, { limitInputPixels: 40_000_000 })
    .resize(SHARE_IMAGE.width, SHARE_IMAGE.height, { fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/**
 * `GET /share/events/<slug>.jpg`: the picture a shared link to a giveaway shows (issue 25: its
 * Open Graph and Twitter card, `shareImagePath`). Facebook, X and LinkedIn draw JPEG, PNG, WebP or
 * GIF, never SVG (the club's own giveaway art) and not always WebP (staff uploads), so the hero
 * image is drawn here as a 1200 x 630 JPEG, cropped from its centre. A giveaway without a picture,
 * or whose picture is elsewhere (a foreign address is never fetched by the server) or unreadable,
 * shows the site's default giveaway picture. Drawn once per picture and kept (the latest
 * KEPT_IMAGES), so a link shared widely is not drawn again for every site that reads it.
 * `GET /share/site.jpg` is the same drawing of the default picture: the card of every other public page.
 */
export function shareImageRouter(app: AppContext, memberDist: string): Router {
  const router = Router();
  const kept = new Map<string, Promise<Buffer>>();
  const cardOf = (source: Source): Promise<Buffer> => {
    const known = kept.get(source.key);
    if (known) {
      // Most recently used last: the oldest is the first to go.
      kept.delete(source.key);
      kept.set(source.key, known);
      return known;
    }
    const drawn = source.read().then((data) => {
      if (!data) throw new Error(`share image: nothing at ${source.key}`);
      return drawCard(data);
    });
    kept.set(source.key, drawn);
    drawn.catch(() => kept.delete(source.key));
    for (const key of kept.keys()) {
      if (kept.size <= KEPT_IMAGES) break;
      kept.delete(key);
    }
    return drawn;
  };
  /** The card of `hero` (blank: the default picture; the default too where it cannot be drawn), or null when not even that can. */
  const drawnCard = async (hero: string | null, slug: string | null): Promise<Buffer | null> => {
    const own = await sourceOf(app, memberDist, hero);
    const card = own
      ? await cardOf(own).catch((error: unknown) => {
          app.logger.warn({ err: error, slug, image: hero }, 'share image: the picture could not be drawn; the default shows');
          return null;
        })
      : null;
    if (card) return card;
    const fallback = await sourceOf(app, memberDist, DEFAULT_IMAGE);
    return fallback && fallback.key !== own?.key ? cardOf(fallback).catch(() => null) : null;
  };
  const send = (res: Response, card: Buffer | null) => {
    if (!card) {
      res.status(404).json({ errors: [{ message: 'Not found.' }] });
      return;
    }
    res.setHeader('Content-Type', SHARE_IMAGE.type);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(card);
  };
  router.get(SITE_SHARE_IMAGE_PATH, (_req, res, next) => {
    drawnCard(DEFAULT_IMAGE, null).then((card) => send(res, card), next);
  });
  router.get('/share/events/:file', async (req, res, next) => {
    try {
      const slug = SLUG_FILE.exec(req.params.file ?? '')?.[1];
      const row = slug ? await getPrize(app.sql, slug) : null;
      if (!row || row.prize.slug !== slug || !PUBLIC_STATUSES.includes(row.prize.status)) {
        send(res, null);
        return;
      }
      // A giveaway without a picture shows the default one, as its page does.
      send(res, await drawnCard(row.prize.hero_image, slug));
    } catch (error) {
      next(error);
    }
  });
  return router;
}
