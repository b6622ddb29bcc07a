import type { PersonalDataKeys } from '@roar/platform';

/**
 * A stand-in for the member key store (issue 24, branch pd-core) while this branch is built beside
 * it: it remembers erasures in this process only. Merging pd-core replaces it with the real key
 * store in infrastructure.ts; nothing else uses it.
 */
export function memoryPersonalDataKeys(): PersonalDataKeys {
  const erased = new Set<string>();
  return {
    erase(memberId) {
      erased.add(memberId);
      return Promise.resolve();
    },
    isErased(memberId) {
      return Promise.resolve(erased.has(memberId));
    },
  };
}
