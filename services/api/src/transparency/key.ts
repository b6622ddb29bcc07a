import { join, resolve } from 'node:path';
import { loadSigningKey, type Config, type SigningKey } from '@roar/platform';

const keys = new WeakMap<Config, SigningKey>();

/** The club's tree-head signing key: TRANSPARENCY_SIGNING_KEY, else DATA_DIR/transparency-ed25519.pem (generated once). */
export function transparencyKeyOf(config: Config): SigningKey {
  let key = keys.get(config);
  if (!key) {
    key = loadSigningKey({ pem: config.TRANSPARENCY_SIGNING_KEY, file: join(resolve(config.DATA_DIR), 'transparency-ed25519.pem') });
    keys.set(config, key);
  }
  return key;
}
