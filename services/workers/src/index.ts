export { createJobRuntime, DEFAULT_STAFF_MAILBOX, uniqueQueuePrefix, type JobRuntime, type JobRuntimeOptions } from './runtime';
export {
  DEFAULT_RETRY,
  JobQueueUnavailableError,
  PermanentJobError,
  QUEUE_NAMES,
  type FailedJob,
  type JobHandler,
  type JobRequest,
  type QueueName,
  type RetryPolicy,
} from './jobs/types';
export { createMailer, listSentMail, mailDir, stableMessageId, type Mailer, type SentMail, type OutgoingMail } from './mail/mailer';
export { escapeHtml, formatDollars, tierChangedEmail, type RenderedEmail, type TierChangeNotice } from './mail/templates';
export {
  cancellationEmail,
  formatDate,
  passwordResetEmail,
  paymentReceiptEmail,
  renewalEmail,
  welcomeEmail,
  type ReceiptNotice,
} from './mail/member-templates';
export { emailJobSchema, type EmailJob } from './mail/email-job';
export { listEmailsSentTo, type SentEmailRow } from './mail/sent-log';
export { attestationRequestEmail } from './mail/clubhouse-templates';
export { TRACKED_EVENTS, TRACKED_EVENT_NAMES, adPlatformEventName, type TrackedEvent } from './tracking/events';
export { trackingJobSchema, conversionsApiBody, type TrackingJob, type FacebookConfig } from './tracking/tracking-job';
export {
  REACTORS,
  catalogueNotifications,
  memberEmails,
  memberTracking,
  jobIdFor,
  runReactor,
  type LinkTokens,
  type Reactor,
  type ReactorContext,
} from './reactors';
export { migrateJobs, JOBS_SCHEMA_SQL } from './schema';
export { DEFAULT_SELLER, sellerFromConfig, type Seller } from './mail/shop-templates';
export { myDataExportJobSchema, type MyDataExportJob, type MyDataExporter } from './my-data/export-job';
export { myDataReadyEmail } from './reactors/my-data-exports';
