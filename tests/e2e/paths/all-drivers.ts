import type { Driver } from './driver';
import { auditDriver } from './drivers/audit.driver';
import { findPeopleDriver } from './drivers/find-people.driver';
import { inviteFriendsDriver } from './drivers/invite-friends.driver';
import { moneySummaryDriver } from './drivers/money-summary.driver';
import { notificationsDriver } from './drivers/notifications.driver';
import { phoneVerificationDriver } from './drivers/phone-verification.driver';
import { preferencesDriver } from './drivers/preferences.driver';
import { pricePointDriver } from './drivers/price-point.driver';
import { profileDriver } from './drivers/profile.driver';
import { profileImagesDriver } from './drivers/profile-images.driver';
import { profileSummaryDriver } from './drivers/profile-summary.driver';
import { publicProfileDriver } from './drivers/public-profile.driver';
import { resourceViewDriver } from './drivers/resource-view.driver';
import { statementDriver } from './drivers/statement.driver';
import { supportersWallDriver } from './drivers/supporters-wall.driver';
import { toastDriver } from './drivers/toast.driver';
import { uploadReplyDriver } from './drivers/upload-reply.driver';
import { withdrawDriver } from './drivers/withdraw.driver';

/**
 * The machines the generated path tests drive, one driver each (tests/e2e/paths/drivers/<name>.driver.ts), in name
 * order. `npm run flows:paths` plans their paths; generated-paths.spec.ts and generated-paths.clock.spec.ts run them.
 */
export const DRIVERS: Driver<unknown>[] = [
  auditDriver,
  findPeopleDriver,
  inviteFriendsDriver,
  moneySummaryDriver,
  notificationsDriver,
  phoneVerificationDriver,
  preferencesDriver,
  pricePointDriver,
  profileDriver,
  profileImagesDriver,
  profileSummaryDriver,
  publicProfileDriver,
  resourceViewDriver,
  statementDriver,
  supportersWallDriver,
  toastDriver,
  uploadReplyDriver,
  withdrawDriver,
];
