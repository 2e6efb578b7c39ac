import type { ComponentType } from 'react';
import { useLocation } from 'wouter';

/**
 * Several screens of one area as one lazy page: the route table gives their paths one entry, and the path picks the
 * screen here. Each lazy page in the route table costs the entry chunk a loader and a preload map of hashed file
 * names (which gzip cannot shrink), and the entry has a 110 KB budget. Someone who opens one screen of an area
 * (the wallet, withdrawals, settings) usually opens the next, so one chunk per area suits them too.
 */
export function screenByPath(screens: Record<string, ComponentType>, fallback: ComponentType): ComponentType {
  return function ScreenByPath() {
    const [location] = useLocation();
    const Screen = screens[location.replace(/\/+$/, '')] ?? fallback;
    return <Screen />;
  };
}
