import { useMachine } from '@xstate/react';
import { useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { auditMachine, type PaymentAudit } from '../../../machines/audit.machine';
import { auditView } from '../../../machines/audit.view';
import { parseAmount } from '../../../domain/money/amount';
import { paymentLifecycleMachine } from '../../../machines/payment-lifecycle.machine';
import { useApi } from '../../api/use-api';
import { useFormat } from '../../lib/use-format';
import { appInspect } from '../../lib/app-inspector';
import { PageHeader } from '../../ui/page-header';
import { NotFoundPage } from '../../ui/not-found-page';
import { button } from '../../ui/button-styles';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';
import { fieldBox, fieldInput, fieldLabel, formAlert } from '../../ui/form/form-styles';
import { flowGraph } from '../../ui/machine-diagram/flow-graph';
import { MachineDiagram } from '../../ui/machine-diagram/machine-diagram';
import { useLayout } from '../../ui/machine-diagram/use-layout';
import { auditCalls } from './audit-calls';
import { trailMarks } from './trail-marks';

const stack = css({ display: 'grid', gap: '6' });
const row = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end' });
const good = css({ color: 'green.800', fontWeight: 'semibold' });
const bad = css({ color: 'red.700', fontWeight: 'semibold' });
const timeline = css({ display: 'grid', gap: '3', pl: '6', m: 0, listStyle: 'decimal' });
const table = css({ width: 'full', borderCollapse: 'collapse', fontSize: 'sm', '& th, & td': { textAlign: 'start', p: '2', borderBottomWidth: '1px', borderColor: 'border.subtle', verticalAlign: 'top' } });
const diagramBox = css({ overflowX: 'auto', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.subtle', p: '3' });
const lifecycleGraph = flowGraph(paymentLifecycleMachine);

function Trail({ audit }: { audit: PaymentAudit }) {
  const { t } = useTranslation('atlas');
  const format = useFormat();
  const layout = useLayout(lifecycleGraph);
  const marks = useMemo(() => trailMarks(audit.trail), [audit]);
  const { payment } = audit;
  return (
    <section className={card} aria-labelledby="audit-payment-title">
      <h2 id="audit-payment-title" className={sectionTitle}>
        {t('audit.payment', { id: payment.payment_id })}
      </h2>
      <p>{t('audit.paymentSummary', { type: payment.type, amount: format.money(parseAmount(payment.amount) ?? 0), fee: format.money(parseAmount(payment.fee) ?? 0), status: payment.status })}</p>
      <p className={mutedText}>{t('audit.parties', { sender: payment.sender_user_id, receiver: payment.receiver_user_id })}</p>
      {audit.problems.length ? (
        <div role="alert" className={formAlert}>
          <p className={bad}>{t('audit.paymentBreaches', { n: audit.problems.length })}</p>
          <ul>
            {audit.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className={good}>{t('audit.paymentSound')}</p>
      )}
      <h3 className={sectionTitle}>{t('audit.trail')}</h3>
      <div className={diagramBox}>
        {layout.status === 'done' ? (
          <MachineDiagram layout={layout.layout} marks={marks} label={t('audit.diagramLabel', { steps: audit.trail.map((s) => s.to_status).join(' → ') })} />
        ) : layout.status === 'failed' ? (
          <p role="alert">{t('flows.layoutFailed', { error: layout.error })}</p>
        ) : (
          <p>{t('flows.layingOut')}</p>
        )}
      </div>
      <ol className={timeline} aria-label={t('audit.timeline')}>
        {audit.trail.map((step, i) => (
          <li key={i} data-allowed={step.allowed}>
            <time dateTime={step.occurred_at}>{format.date(step.occurred_at, 'dateTime')}</time>
            {' — '}
            {step.actor === 'system' ? t('audit.system') : t(`audit.role.${step.role}`, { id: step.actor })}
            {': '}
            <strong>
              {step.from_status ?? '∅'} → {step.to_status}
            </strong>{' '}
            ({step.event}){step.reason ? ` — ${step.reason}` : ''}
            {step.allowed ? null : <span className={bad}> {t('audit.notAllowed')}</span>}
          </li>
        ))}
      </ol>
      <h3 className={sectionTitle}>{t('audit.entries', { n: audit.entries.length })}</h3>
      {audit.entries.length ? (
        <table className={table}>
          <thead>
            <tr>
              <th scope="col">{t('audit.entry')}</th>
              <th scope="col">{t('audit.postings')}</th>
              <th scope="col">{t('audit.sum')}</th>
            </tr>
          </thead>
          <tbody>
            {audit.entries.map((e) => (
              <tr key={e.id}>
                <td>
                  #{e.id} {e.kind}
                  <br />
                  <time dateTime={e.created_at}>{format.date(e.created_at, 'dateTime')}</time>
                  {e.description ? <br /> : null}
                  {e.description}
                </td>
                <td>
                  <ul className={css({ listStyle: 'none', p: 0, m: 0 })}>
                    {e.postings.map((p, i) => (
                      <li key={i}>
                        {format.money(p.amount_cents)} {p.account_kind}
                        {p.user_id ? ` ${p.user_id}` : ''}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className={e.sum === 0 ? good : bad}>{e.sum === 0 ? t('audit.balanced') : format.money(e.sum)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={mutedText}>{t('audit.noEntries')}</p>
      )}
    </section>
  );
}

/** /audit (issue 9): the ledger check and any payment's trail, for auditors; "not found" for everyone else. */
export function AuditPage() {
  const { t } = useTranslation('atlas');
  const format = useFormat();
  const api = useApi();
  const logic = useMemo(() => auditMachine.provide({ actors: auditCalls(api) }), [api]);
  const [state, send] = useMachine(logic, { inspect: appInspect });
  const view = auditView(state);

  if (view.forbidden) return <NotFoundPage />;
  const { ledger, search } = view;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'FIND' });
  };

  return (
    <div className={stack}>
      <PageHeader title={t('audit.title')} lead={t('audit.lead')} />
      <section className={card} aria-labelledby="audit-ledger-title" aria-busy={view.checking}>
        <h2 id="audit-ledger-title" className={sectionTitle}>
          {t('audit.ledger')}
        </h2>
        {view.checking ? <p>{t('audit.checking')}</p> : null}
        {view.retry ? (
          <div role="alert" className={formAlert}>
            <p>{t('audit.unavailable')}</p>
            <button type="button" className={button({ variant: 'outline', size: 'sm' })} onClick={() => send({ type: 'RETRY' })}>
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
            <button
              type="button"
              className={button({ variant: 'outline', size: 'sm' })}
              disabled={!ledger.recheck}
              onClick={() => send({ type: 'RECHECK' })}
            >
              {t('audit.recheck')}
            </button>
          </>
        ) : null}
      </section>

      {search ? (
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
                onChange={(e) => send({ type: 'CHANGE', value: e.currentTarget.value })}
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
      ) : null}

      {view.trail ? <Trail audit={view.trail} /> : null}
    </div>
  );
}
