export * from './merkle';
export * from './leaf';
export * from './tree-store';
export * from './tree-head';
export * from './sealer';
export * from './audit';
