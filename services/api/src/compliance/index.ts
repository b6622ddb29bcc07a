import './docs';
export { readDrawSettings, readDrawSettingsState } from './settings';
export { drawSettingsAdminRouter } from './settings-admin';
