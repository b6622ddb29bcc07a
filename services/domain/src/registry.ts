import { EventRegistry } from '@roar/platform';
import { checkoutEvents, refundEvents, webhookEvents } from './checkout';
import { emailReservationEvents } from './email-reservation';
import { entriesEvents } from './entries';
import { memberEvents, memberLoginEvents } from './member';
import { membershipCatalogueEvents } from './membership-catalogue';
import { prizeEvents, prizeSlugEvents } from './prize';
import { referralEvents, referralInviteEvents } from './referral';
import { partnerEvents, rewardRevealEvents } from './rewards';
import { cashbackEvents, receiptFingerprintEvents } from './cashback';
import { teamEvents, teamSeatEvents } from './team';
import { courseEvents, handicapEvents } from './clubhouse';
import { shopEvents } from './shop/events';
import { supportEvents } from './support';
import { trackingEvents } from './tracking';
import { memberControlsEvents } from './member-controls';
import { myDataEvents } from './my-data';
import { complianceRuleEvents, permitEvents } from './compliance';
import { drawSettingsEvents } from './draw-settings';
import { drawRecordsEvents } from './draw-records';
import { approvalEvents, staffAccountEvents, staffSecuritySettingsEvents } from './approval';

/** Every event type the product writes, with its schema: the store refuses anything else. */
export function createEventRegistry(): EventRegistry {
  return new EventRegistry().register(
    ...membershipCatalogueEvents,
    ...memberEvents,
    ...memberLoginEvents,
    ...entriesEvents,
    ...checkoutEvents,
    ...refundEvents,
    ...webhookEvents,
    ...emailReservationEvents,
    ...referralEvents,
    ...referralInviteEvents,
    ...teamEvents,
    ...teamSeatEvents,
    ...prizeEvents,
    ...prizeSlugEvents,
    ...complianceRuleEvents,
    ...permitEvents,
    ...handicapEvents,
    ...courseEvents,
    ...shopEvents,
    ...partnerEvents,
    ...rewardRevealEvents,
    ...cashbackEvents,
    ...receiptFingerprintEvents,
    ...supportEvents,
    ...approvalEvents,
    ...staffSecuritySettingsEvents,
    ...staffAccountEvents,
    ...trackingEvents,
    ...memberControlsEvents,
    ...myDataEvents,
    ...drawSettingsEvents,
    ...drawRecordsEvents,
  );
}
