export { approvalsProjector, approvalRowSchema, type ApprovalRow } from './projector';
export * from './queries';
