import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { inviteFriendsMachine } from '../../../machines/invite-friends.machine';
import { inviteFriendsView } from '../../../machines/invite-friends.view';
import { css } from '../../../styled-system/css';
import { SIGN_UP_PATH, withQuery } from '../../config/paths';
import { i18n } from '../../i18n/i18n';
import { button } from '../../ui/button-styles';
import { MachineForm } from '../../ui/form/machine-form';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { TextField } from '../../ui/form/text-field';
import { useNotify } from '../../ui/notifications/use-notify';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';
import type { PeopleCalls } from './people-calls';
import { buttonRow, fullWidth } from './people-styles';

const FORM_ID = 'invite-friends-form';
const linkText = css({ fontFamily: 'mono', fontSize: 'sm', wordBreak: 'break-all', color: 'fg.default' });

/**
 * Invite friends (/contacts): renders the invite-friends machine (an emailed invitation), and shows the same
 * sign-up link to copy. The link is built like the server's (server/people/invitations.ts).
 */
export function InviteFriendsSection({ userId, username, calls }: { userId: string; username: string; calls: PeopleCalls }) {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const logic = useMemo(
    () =>
      inviteFriendsMachine.provide({
        actors: { invite: calls.invite },
        actions: {
          focusFirstError: () => focusFirstError(FORM_ID),
          notifySent: (_, { email }) => notify.success(i18n.t('people:invite.sent', { email })),
        },
      }),
    [calls, notify],
  );
  const [state, send] = useMachine(logic, { input: { userId }, inspect: appInspect });
  const { email, errors } = state.context;
  const view = inviteFriendsView(state);
  const link = `${window.location.origin}${withQuery(SIGN_UP_PATH, { invited_by: username })}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify.success(tc('copyLink.success'));
    } catch {
      notify.error(tc('copyLink.failed'));
    }
  };

  return (
    <section className={card} aria-labelledby="invite-title">
      <h2 id="invite-title" className={sectionTitle}>
        {t('invite.title')}
      </h2>
      <p className={mutedText}>{t('invite.lead')}</p>
      <MachineForm id={FORM_ID} message={view.message} onSubmit={() => send({ type: 'SUBMIT' })}>
        <div className={fullWidth}>
          <TextField
            id="invite-email"
            type="email"
            autoComplete="off"
            label={t('invite.emailLabel')}
            value={email}
            error={errors.email}
            readOnly={!view.editable}
            onValueChange={(value) => send({ type: 'CHANGE', value })}
          />
        </div>
        <button type="submit" className={button()} disabled={!view.submit.enabled}>
          {t(view.submit.labelKey)}
        </button>
      </MachineForm>
      <h3 id="invite-link-title" className={css({ mt: '6', fontSize: 'md', fontWeight: 'semibold' })}>
        {t('invite.linkLabel')}
      </h3>
      <div className={css({ mt: '2' })}>
        <div className={buttonRow}>
          <span className={linkText} aria-labelledby="invite-link-title">
            {link}
          </span>
          <button type="button" className={button({ variant: 'outline', size: 'sm' })} onClick={() => void copy()}>
            {t('invite.copy')}
          </button>
        </div>
      </div>
    </section>
  );
}
