import './docs';
export { readDrawSettings, readDrawSettingsState } from './settings';
export { drawSettingsAdminRouter } from './settings-admin';
export { permitsAdminRouter } from './permits-admin';
export { complianceRulesAdminRouter } from './rules-admin';
export { complianceCalendarRouter } from './calendar';
