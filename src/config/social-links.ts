import type { ComponentType } from 'react';
import { InstagramIcon, TiktokIcon, XIcon, type IconProps } from '../ui/icons';

/** The footer's three social links (spec 2); each name is a translation key under `footer`. */
export const SOCIAL_LINKS: readonly {
  href: string;
  nameKey: 'instagram' | 'x' | 'tiktok';
  icon: ComponentType<IconProps>;
}[] = [
  { href: 'https://www.instagram.com/tipjar', nameKey: 'instagram', icon: InstagramIcon },
  { href: 'https://x.com/tipjar', nameKey: 'x', icon: XIcon },
  { href: 'https://www.tiktok.com/@tipjar', nameKey: 'tiktok', icon: TiktokIcon },
];
