export * from './db';
export * from './eventstore';
export * from './config';
export * from './logger';
export * from './command';
export * from './storage';
export * from './test-hold';
export * from './zip';
