export * from './entry-list';
export * from './randomness';
export * from './select';
export * from './winners';
export * from './entry-tree';
