import type { ComponentType } from 'react';
import type { ParseKeys } from 'i18next';
import {
  HOME_PATH,
  PAYMENT_PATH,
  PROFILE_PATH,
  SETTINGS_PATH,
  TRANSACTIONS_PATH,
  WITHDRAW_FUNDS_PATH,
} from '../../config/paths';
import { ActivityIcon, BankIcon, HomeIcon, SettingsIcon, SwapIcon, UserIcon, type IconProps } from '../../ui/icons';

export interface NavItem {
  href: string;
  labelKey: ParseKeys<'common'>;
  icon: ComponentType<IconProps>;
  /** The highlighted call to action (Send or Request / Pay). */
  primary?: boolean;
}

/** Spec 2: the large-screen tab bar (Support and logout are added by the bar itself). */
export const TAB_BAR_ITEMS: readonly NavItem[] = [
  { href: HOME_PATH, labelKey: 'shell.home', icon: HomeIcon },
  { href: TRANSACTIONS_PATH, labelKey: 'shell.activity', icon: ActivityIcon },
  { href: WITHDRAW_FUNDS_PATH, labelKey: 'shell.withdrawals', icon: BankIcon },
  { href: SETTINGS_PATH, labelKey: 'shell.settings', icon: SettingsIcon },
  { href: PROFILE_PATH, labelKey: 'shell.myProfile', icon: UserIcon },
];

export const SEND_OR_REQUEST_ITEM: NavItem = {
  href: PAYMENT_PATH,
  labelKey: 'shell.sendOrRequest',
  icon: SwapIcon,
  primary: true,
};

/** Spec 2: the mobile bottom bar's five links, payment highlighted in the middle. */
export const BOTTOM_BAR_ITEMS: readonly NavItem[] = [
  { href: HOME_PATH, labelKey: 'shell.home', icon: HomeIcon },
  { href: TRANSACTIONS_PATH, labelKey: 'shell.activity', icon: ActivityIcon },
  { href: PAYMENT_PATH, labelKey: 'shell.pay', icon: SwapIcon, primary: true },
  { href: SETTINGS_PATH, labelKey: 'shell.settings', icon: SettingsIcon },
  { href: PROFILE_PATH, labelKey: 'shell.myProfile', icon: UserIcon },
];
