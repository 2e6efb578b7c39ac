import { useMachine } from '@xstate/react';
import { useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { auditMachine } from '../../../machines/audit.machine';
import { auditView, type AuditView } from '../../../machines/audit.view';
import { useApi } from '../../api/use-api';
import { useFormat } from '../../lib/use-format';
import { appInspect } from '../../lib/app-inspector';
import { PageHeader } from '../../ui/page-header';
import { NotFoundPage } from '../../ui/not-found-page';
import { button } from '../../ui/button-styles';
import { card, sectionTitle } from '../../ui/page-styles';
import { fieldBox, fieldInput, fieldLabel, formAlert } from '../../ui/form/form-styles';
import { auditCalls } from './audit-calls';
import { bad, good } from './audit-styles';
import { Trail } from './audit-trail';

const stack = css({ display: 'grid', gap: '6' });
const row = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end' });

/** /audit (issue 9): the ledger check and any payment's trail, for auditors; "not found" for everyone else. */
export function AuditPage() {
  const { t } = useTranslation('atlas');
  const api = useApi();
  const logic = useMemo(() => auditMachine.provide({ actors: auditCalls(api) }), [api]);
  const [state, send] = useMachine(logic, { inspect: appInspect });
  const view = auditView(state);

  if (view.forbidden) return <NotFoundPage />;
  return (
    <div className={stack}>
      <PageHeader title={t('audit.title')} lead={t('audit.lead')} />
      <LedgerSection view={view} onRetry={() => send({ type: 'RETRY' })} onRecheck={() => send({ type: 'RECHECK' })} />
      {view.search ? (
        <SearchSection search={view.search} onChange={(value) => send({ type: 'CHANGE', value })} onFind={() => send({ type: 'FIND' })} />
      ) : null}
      {view.trail ? <Trail audit={view.trail} /> : null}
    </div>
  );
}

/** The ledger check: running, failed (try again), or its counts and any breaches, with Recheck. */
function LedgerSection({ view, onRetry, onRecheck }: { view: AuditView; onRetry: () => void; onRecheck: () => void }) {
  const { t } = useTranslation('atlas');
  const format = useFormat();
  const { ledger } = view;
  return (
    <section className={card} aria-labelledby="audit-ledger-title" aria-busy={view.checking}>
      <h2 id="audit-ledger-title" className={sectionTitle}>
        {t('audit.ledger')}
      </h2>
      {view.checking ? <p>{t('audit.checking')}</p> : null}
      {view.retry ? (
        <div role="alert" className={formAlert}>
          <p>{t('audit.unavailable')}</p>
          <button type="button" className={button({ variant: 'outline', size: 'sm' })} onClick={onRetry}>
            {t('audit.retry')}
          </button>
        </div>
      ) : null}
      {ledger ? (
        <>
          <p>
            {t('audit.ledgerCounted', {
              time: format.date(ledger.result.checked_at, 'dateTime'),
              entries: ledger.result.entries,
              accounts: ledger.result.accounts,
              payments: ledger.result.payments,
            })}
          </p>
          {ledger.result.breaches.length ? (
            <div role="alert" className={formAlert}>
              <p className={bad}>{t('audit.ledgerBreaches', { n: ledger.result.breaches.length })}</p>
              <ul>
                {ledger.result.breaches.map((b) => (
                  <li key={b}>{b}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p className={good}>{t('audit.ledgerSound')}</p>
          )}
          <button type="button" className={button({ variant: 'outline', size: 'sm' })} disabled={!ledger.recheck} onClick={onRecheck}>
            {t('audit.recheck')}
          </button>
        </>
      ) : null}
    </section>
  );
}

/** Find a payment by id: the field (its value is the machine's), Find, and why the last search found nothing. */
function SearchSection({ search, onChange, onFind }: { search: NonNullable<AuditView['search']>; onChange: (value: string) => void; onFind: () => void }) {
  const { t } = useTranslation('atlas');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFind();
  };
  return (
    <section className={card} aria-labelledby="audit-find-title">
      <h2 id="audit-find-title" className={sectionTitle}>
        {t('audit.find')}
      </h2>
      <form className={row} onSubmit={submit} noValidate>
        <div className={fieldBox}>
          <label htmlFor="audit-payment-id" className={fieldLabel}>
            {t('audit.paymentId')}
          </label>
          <input
            id="audit-payment-id"
            className={fieldInput}
            value={search.value}
            onChange={(e) => onChange(e.currentTarget.value)}
            aria-invalid={search.invalid || undefined}
            aria-describedby={search.message ? 'audit-find-message' : undefined}
            spellCheck={false}
            autoComplete="off"
          />
        </div>
        <button type="submit" className={button({ variant: 'solid', size: 'md' })} disabled={!search.find}>
          {t('audit.findButton')}
        </button>
      </form>
      {search.message ? (
        <p id="audit-find-message" role="alert" className={bad}>
          {t(search.message.key, { id: search.message.id })}
        </p>
      ) : null}
    </section>
  );
}
