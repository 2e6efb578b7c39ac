import { CHAT_WIDGET_MOBILE_PADDING_PX } from '../../../domain/limits';

/**
 * What the page tells the optional widgets, through globals their loader scripts read at start and events
 * they can listen to for changes. Vendor-neutral: a small adapter script per vendor maps them to its own API.
 *
 *   window.tipjarChat      = { verticalPadding }   (event `tipjar:chat-settings`)
 *   window.tipjarRecording = { userId }            (event `tipjar:recording-user`)
 */
export interface ChatWidgetSettings {
  /** Pixels between the widget's launcher and the bottom edge. */
  verticalPadding: number;
}

interface RecordingIdentity {
  /** The signed-in user's id, so recordings are keyed by user; null for a visitor. */
  userId: string | null;
}

declare global {
  interface Window {
    tipjarChat?: ChatWidgetSettings;
    tipjarRecording?: RecordingIdentity;
  }
}

/** Spec 9: 80 px on phones, where the bottom bar would cover the launcher; 0 otherwise. */
export function chatWidgetSettings(isMobile: boolean): ChatWidgetSettings {
  return { verticalPadding: isMobile ? CHAT_WIDGET_MOBILE_PADDING_PX : 0 };
}

/** The widget script URLs the server put in the page (<meta>), or null when that widget is not configured. */
export function configuredScript(name: 'tipjar-chat-widget' | 'tipjar-session-recording'): string | null {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim();
  return content ? content : null;
}
