import type { ReactNode } from 'react';
import { MinimalFrame } from '../minimal/minimal-layout';

/** The minimal frame at full width: for the developer tools (/flows), whose diagrams need the room. */
export function ToolLayout({ children }: { children: ReactNode }) {
  return <MinimalFrame width="wide">{children}</MinimalFrame>;
}
