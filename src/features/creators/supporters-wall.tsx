import { useMachine } from '@xstate/react';
import { lazy, Suspense, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiFailure } from '../../../machines/forms/api-failure';
import { supportersWallMachine } from '../../../machines/supporters-wall.machine';
import { supportersWallView, type SupportersWallState } from '../../../machines/supporters-wall.view';
import { css, cx } from '../../../styled-system/css';
import { visuallyHidden } from '../../../styled-system/patterns';
import { useApi } from '../../api/use-api';
import { supportersCalls } from '../../api/pay-page-calls';
import { SessionContext } from '../../app/providers/session-context';
import { i18n } from '../../i18n/i18n';
import { useLocale } from '../../i18n/use-locale';
import { appInspect } from '../../lib/app-inspector';
import { Avatar } from '../../ui/avatar';
import { button } from '../../ui/button-styles';
import { useNotify } from '../../ui/notifications/use-notify';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';

// Only the page's owner ever sees Hide and its confirmation: the dialog (Ark's, with its focus trap) is its own chunk,
// so a visitor's pay page does not carry it — and, shared with no public page, it stays in the signed-in shell's group
// rather than pulling that group into every page (the home budget, tests/e2e/bundle-budget.spec.ts).
const ConfirmDialog = lazy(() => import('../../ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

// The wall keeps at least the height of its loading rows, so reading it (after the page is up) moves nothing below it.
const wall = css({
  display: 'grid',
  gap: '4',
  alignContent: 'start',
  minH: '64',
});
const title = css({ outline: 'none' });
const list = css({
  display: 'grid',
  gap: '4',
  listStyle: 'none',
  p: '0',
  m: '0',
});
const row = css({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  gap: '3',
  alignItems: 'start',
});
const who = css({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: '2',
  alignItems: 'baseline',
  minW: '0',
});
const nameText = css({
  fontWeight: 'semibold',
  color: 'fg.default',
  overflowWrap: 'anywhere',
});
const small = css({
  fontSize: 'sm',
  color: 'fg.muted',
  overflowWrap: 'anywhere',
});
const message = css({
  mt: '1',
  color: 'fg.default',
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
});
const placeholder = css({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: '3',
  alignItems: 'center',
});
const dot = css({ w: '10', h: '10', borderRadius: 'full', bg: 'gray.100' });
const bar = css({ h: '4', borderRadius: 'md', bg: 'gray.100' });

/**
 * The supporters wall on the pay page `/{username}` (issue 23 item 2): renders the supporters-wall machine through
 * its view-model. It reads the wall once mounted (after hydration when the page comes rendered by the server); the
 * signed-in creator gets Hide on each message. A new viewer (signing in or out) starts it afresh.
 */
export function SupportersWall({ username, creatorId }: { username: string; creatorId: string }) {
  const viewerId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? null);
  return <Wall key={viewerId ?? ''} username={username} creatorId={creatorId} viewerId={viewerId} />;
}

function Wall({ username, creatorId, viewerId }: { username: string; creatorId: string; viewerId: string | null }) {
  const { t } = useTranslation('creators');
  const language = useLocale();
  const api = useApi();
  const notify = useNotify();
  const heading = useRef<HTMLHeadingElement>(null);
  const logic = useMemo(
    () =>
      supportersWallMachine.provide({
        actors: supportersCalls(api),
        actions: {
          notifyHidden: () => {
            notify.success(i18n.t('creators:supporters.hidden'));
            // The message and its Hide button are gone: focus goes to the wall's heading, not to the page's start.
            requestAnimationFrame(() => heading.current?.focus());
          },
          notifyFailure: (_, { error }) => notify.error(isApiFailure(error) && error.detail ? error.detail : i18n.t('errors:generic')),
        },
      }),
    [api, notify],
  );
  const [state, send] = useMachine(logic, {
    input: { username, creatorId, viewerId },
    inspect: appInspect,
  });
  const view = supportersWallView({ value: state.value as SupportersWallState, context: state.context }, language, new Date());

  return (
    <section className={cx(card, wall)} aria-labelledby="supporters-title" aria-busy={view.loading}>
      <h2 id="supporters-title" ref={heading} tabIndex={-1} className={cx(sectionTitle, title)}>
        {view.count === null ? t('supporters.title') : t('supporters.count', { count: view.count })}
      </h2>
      {view.loading ? (
        <>
          <p role="status" className={visuallyHidden()}>
            {t('supporters.loading')}
          </p>
          <div aria-hidden="true" className={list}>
            {[0, 1, 2].map((i) => (
              <div key={i} className={placeholder}>
                <span className={dot} />
                <span className={bar} />
              </div>
            ))}
          </div>
        </>
      ) : null}
      {view.failed ? (
        <div role="alert">
          <p>{t('supporters.loadFailed')}</p>
          <button type="button" className={cx(button({ variant: 'outline', size: 'sm' }), css({ mt: '2' }))} onClick={() => send({ type: 'RETRY' })}>
            {t('supporters.retry')}
          </button>
        </div>
      ) : null}
      {view.emptyKey ? <p className={mutedText}>{t(view.emptyKey)}</p> : null}
      {view.rows.length > 0 ? (
        <ul className={list}>
          {view.rows.map((supporter) => (
            <li key={supporter.id} className={row}>
              <Avatar src={supporter.photo} alt="" name={supporter.name} size="sm" />
              <div>
                <p className={who}>
                  <span className={nameText}>{supporter.name}</span>
                  <span className={small}>{supporter.handle}</span>
                </p>
                {supporter.message ? <p className={message}>{supporter.message}</p> : null}
                <time className={small} dateTime={supporter.at} title={supporter.exactly}>
                  {supporter.when}
                </time>
              </div>
              {view.canHide ? (
                <button
                  type="button"
                  className={button({ variant: 'ghost', size: 'sm' })}
                  aria-label={t('supporters.hideLabel', {
                    name: supporter.name,
                  })}
                  disabled={view.busy}
                  onClick={() => send({ type: 'HIDE', id: supporter.id })}
                >
                  {t('supporters.hide')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {view.busy ? <p role="status">{t('supporters.hiding')}</p> : null}
      {view.canHide ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={view.confirming !== null}
            title={t('supporters.confirmTitle')}
            body={view.confirming ? t('supporters.confirmBody', { name: view.confirming.name }) : ''}
            yesLabel={t('supporters.hide')}
            destructive
            onCancel={() => send({ type: 'CANCEL' })}
            onConfirm={() => send({ type: 'CONFIRM' })}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
