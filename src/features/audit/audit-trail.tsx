import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import type { PaymentAudit } from '../../../machines/audit.machine';
import { parseAmount } from '../../../domain/money/amount';
import { paymentLifecycleMachine } from '../../../machines/payment-lifecycle.machine';
import { useFormat } from '../../lib/use-format';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';
import { formAlert } from '../../ui/form/form-styles';
import { flowGraph } from '../../ui/machine-diagram/flow-graph';
import { MachineDiagram } from '../../ui/machine-diagram/machine-diagram';
import { useLayout } from '../../ui/machine-diagram/use-layout';
import { bad, good } from './audit-styles';
import { trailMarks } from './trail-marks';

const timeline = css({ display: 'grid', gap: '3', pl: '6', m: 0, listStyle: 'decimal' });
const table = css({ width: 'full', borderCollapse: 'collapse', fontSize: 'sm', '& th, & td': { textAlign: 'start', p: '2', borderBottomWidth: '1px', borderColor: 'border.subtle', verticalAlign: 'top' } });
const diagramBox = css({ overflowX: 'auto', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.subtle', p: '3' });
const postings = css({ listStyle: 'none', p: 0, m: 0 });
const lifecycleGraph = flowGraph(paymentLifecycleMachine);

/** One payment's audit: its summary and problems, its lifecycle drawn with the steps it took, the steps, the entries. */
export function Trail({ audit }: { audit: PaymentAudit }) {
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
      <TrailTimeline trail={audit.trail} />
      <LedgerEntries entries={audit.entries} />
    </section>
  );
}

/** The payment's status changes, oldest first, with who made each and whether the lifecycle allowed it. */
function TrailTimeline({ trail }: { trail: PaymentAudit['trail'] }) {
  const { t } = useTranslation('atlas');
  const format = useFormat();
  return (
    <ol className={timeline} aria-label={t('audit.timeline')}>
      {trail.map((step, i) => (
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
  );
}

/** The payment's journal entries, each with its postings and whether they sum to zero. */
function LedgerEntries({ entries }: { entries: PaymentAudit['entries'] }) {
  const { t } = useTranslation('atlas');
  const format = useFormat();
  return (
    <>
      <h3 className={sectionTitle}>{t('audit.entries', { n: entries.length })}</h3>
      {entries.length ? (
        <table className={table}>
          <thead>
            <tr>
              <th scope="col">{t('audit.entry')}</th>
              <th scope="col">{t('audit.postings')}</th>
              <th scope="col">{t('audit.sum')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>
                  #{e.id} {e.kind}
                  <br />
                  <time dateTime={e.created_at}>{format.date(e.created_at, 'dateTime')}</time>
                  {e.description ? <br /> : null}
                  {e.description}
                </td>
                <td>
                  <ul className={postings}>
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
    </>
  );
}
