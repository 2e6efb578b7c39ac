import type { ReactNode } from 'react';
import { lazyPage, type LazyPage } from './lazy-page';

export type LayoutKind = 'public' | 'auth' | 'app' | 'minimal' | 'tool';

type Layout = LazyPage<{ children: ReactNode }>;

/** The four page frames (spec 2): each a lazy chunk, so a visitor never downloads the signed-in shell. */
export const layouts: Record<LayoutKind, Layout> = {
  public: lazyPage(() => import('../../layouts/public/public-layout').then((m) => m.PublicLayout)),
  auth: lazyPage(() => import('../../layouts/auth/auth-layout').then((m) => m.AuthLayout)),
  app: lazyPage(() => import('../../layouts/app-shell/app-shell').then((m) => m.AppShell)),
  minimal: lazyPage(() => import('../../layouts/minimal/minimal-layout').then((m) => m.MinimalLayout)),
  tool: lazyPage(() => import('../../layouts/tool/tool-layout').then((m) => m.ToolLayout)),
};
