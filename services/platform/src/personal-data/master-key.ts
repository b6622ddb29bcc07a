import { join, resolve } from 'node:path';
import type { Config } from '../config';
import { loadMasterKey } from './cipher';

const keys = new WeakMap<Config, Buffer>();

/**
 * The master key of personal data (issue 24): PERSONAL_DATA_KEY, else DATA_DIR/personal-data-master.key
 * (generated once). Production must set it: every process needs the same key, and a key generated
 * into one container's data folder is lost with it, and every member's personal data with it.
 */
export function personalDataMasterKeyOf(config: Config): Buffer {
  let key = keys.get(config);
  if (!key) {
    if (!config.PERSONAL_DATA_KEY && config.NODE_ENV === 'production') throw new Error('PERSONAL_DATA_KEY must be set in production');
    key = loadMasterKey({ value: config.PERSONAL_DATA_KEY, file: join(resolve(config.DATA_DIR), 'personal-data-master.key') });
    keys.set(config, key);
  }
  return key;
}
