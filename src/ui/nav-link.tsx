import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';

/** True when `href` is the current page or one of its sub-pages ("/" only matches itself). */
export function isActivePath(href: string, location: string): boolean {
  if (href === '/') return location === '/';
  return location === href || location.startsWith(`${href}/`);
}

/** A navigation link that marks the current section with aria-current="page" (styled by that attribute). */
export function NavLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const [location] = useLocation();
  return (
    <Link href={href} className={className} aria-current={isActivePath(href, location) ? 'page' : undefined}>
      {children}
    </Link>
  );
}
