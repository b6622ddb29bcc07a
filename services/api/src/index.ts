export { createApp, type AppOptions } from './app';
export type { AppContext, JobsPort, ProjectionsPort } from './context';
export { openInfrastructure, type Infrastructure } from './infrastructure';
export { seedCatalogue } from './seed';
