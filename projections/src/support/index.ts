export { supportProjector, supportRequestRowSchema, SUPPORT_REQUEST_COLUMNS, type SupportRequestRow } from './projector';
export {
  countOpenSupportRequests,
  getSupportRequest,
  searchSupportRequests,
  SUPPORT_REQUEST_SORT_FIELDS,
  type SupportRequestSearch,
} from './queries';
