import { useActorRef } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../../domain/limits';
import { thirdPartyScriptMachine } from '../../../machines/third-party-script.machine';
import { appInspect } from '../../lib/app-inspector';
import { scriptCalls } from '../../api/script-calls';
import { SessionContext } from '../providers/session-context';
import { chatWidgetSettings, configuredScript } from './widget-settings';

/** The browser's loader for one script: insert it, and log (never show) a failure. */
function useThirdPartyScript(src: string | null) {
  const logic = useMemo(
    () =>
      thirdPartyScriptMachine.provide({
        actors: scriptCalls,
        actions: { reportFailure: ({ context }) => console.warn(`Optional script did not load: ${context.src}`) },
      }),
    [],
  );
  useActorRef(logic, { input: { src }, inspect: appInspect });
}

/** Publishes the chat widget's padding for the current viewport, and again whenever it crosses the breakpoint. */
function useChatSettings(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return undefined;
    const phone = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
    const publish = () => {
      window.tipjarChat = chatWidgetSettings(phone.matches);
      window.dispatchEvent(new CustomEvent('tipjar:chat-settings', { detail: window.tipjarChat }));
    };
    publish();
    phone.addEventListener('change', publish);
    return () => phone.removeEventListener('change', publish);
  }, [enabled]);
}

/** Keeps the recording keyed by the signed-in user (spec 1), following sign-in and sign-out. */
function useRecordingIdentity(enabled: boolean) {
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? null);
  useEffect(() => {
    if (!enabled) return;
    window.tipjarRecording = { userId };
    window.dispatchEvent(new CustomEvent('tipjar:recording-user', { detail: window.tipjarRecording }));
  }, [enabled, userId]);
}

/**
 * The customer-chat widget and the session recorder (spec 1), each only when the server configured it. This
 * runs inside the app services chunk, which loads after the first render has settled, so neither can delay it.
 * The settings are published before the scripts can run: effects run in this commit, scripts arrive later.
 */
export function SupportWidgets() {
  const chat = useMemo(() => configuredScript('tipjar-chat-widget'), []);
  const recording = useMemo(() => configuredScript('tipjar-session-recording'), []);
  useChatSettings(chat !== null);
  useRecordingIdentity(recording !== null);
  useThirdPartyScript(chat);
  useThirdPartyScript(recording);
  return null;
}
