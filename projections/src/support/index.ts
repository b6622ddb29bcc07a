export { supportProjector, supportRequestRowSchema, SUPPORT_REQUEST_COLUMNS, type SupportRequestRow } from './projector';
