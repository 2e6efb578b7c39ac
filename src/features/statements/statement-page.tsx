import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { css } from '../../../styled-system/css';
import { statementMachine } from '../../../machines/statement.machine';
import {
  monthLabel,
  statementCsvHref,
  statementMoney,
  statementParts,
  statementScreen,
  type StatementRowView,
  type StatementScreen,
} from '../../../machines/statement.view';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { useLocale } from '../../i18n/use-locale';
import { appInspect } from '../../lib/app-inspector';
import { button } from '../../ui/button-styles';
import { DetailList } from '../../ui/detail-list';
import { fieldBox, fieldInput, fieldLabel, selectInput } from '../../ui/form/form-styles';
import { PageHeader } from '../../ui/page-header';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';
import { Spinner } from '../../ui/spinner';
import { statementCalls } from './statement-calls';

const layout = css({ display: 'grid', gap: '6', minW: 0 });
const toolbar = css({ display: 'flex', flexWrap: 'wrap', gap: '4', alignItems: 'end' });
const list = css({ listStyle: 'none', p: '0', m: '0', mt: '3', display: 'grid' });
const item = css({ py: '3', borderBottomWidth: '1px', borderColor: 'border.subtle', display: 'grid', gap: '1', minW: 0 });
const itemHead = css({ display: 'flex', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' });
const itemTitle = css({ fontWeight: 'semibold', overflowWrap: 'anywhere' });
const amountIn = css({ fontWeight: 'semibold', color: 'green.800', whiteSpace: 'nowrap' });
const amountOut = css({ fontWeight: 'semibold', color: 'fg.default', whiteSpace: 'nowrap' });
const facts = css({ display: 'flex', flexWrap: 'wrap', columnGap: '4', rowGap: '1', fontSize: 'sm', color: 'fg.muted', m: 0, '& dt': { display: 'inline' }, '& dd': { display: 'inline', m: 0, ml: '1', overflowWrap: 'anywhere' } });
const noteText = css({ fontSize: 'sm', overflowWrap: 'anywhere' });

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * /transactions/statements (issue 26 item 2): renders the statement machine; the month lives in `?month=`. Dates and
 * the month's bounds are in the browser's time zone; the CSV link downloads the whole month from the same API.
 */
export function StatementPage() {
  const { t } = useTranslation('activity');
  const api = useApi();
  const language = useLocale();
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? '');
  const [params, setParams] = useSearchParams();
  const urlMonth = params.get('month');
  const [timeZone] = useState(browserTimeZone);
  const [now] = useState(() => new Date().toISOString());
  const logic = useMemo(
    () =>
      statementMachine.provide({
        actors: statementCalls(api),
        actions: {
          writeMonth: (_, { month }) =>
            setParams(
              (current) => {
                current.set('month', month);
                return current;
              },
              { replace: true },
            ),
        },
      }),
    [api, setParams],
  );
  const [state, send] = useMachine(logic, { input: { userId, month: urlMonth, timeZone, now }, inspect: appInspect });
  const { month, months, statement } = state.context;

  // Back and Forward (or a link) change the address: the machine follows it.
  useEffect(() => {
    if (urlMonth && urlMonth !== month) send({ type: 'CHOOSE_MONTH', month: urlMonth });
  }, [urlMonth, month, send]);

  const screen = useMemo(() => (statement ? statementScreen(statement, language, timeZone) : null), [statement, language, timeZone]);
  const parts = statementParts(state);

  return (
    <div className={layout}>
      <PageHeader title={t('statement.title')} lead={t('statement.lead', { timeZone })} />
      <StatementToolbar userId={userId} month={month} months={months} timeZone={timeZone} onChoose={(m) => send({ type: 'CHOOSE_MONTH', month: m })} />
      <div aria-live="polite">
        {parts.loading ? <Spinner /> : null}
        {parts.retry ? (
          <p role="alert" className={css({ display: 'flex', flexDirection: 'column', alignItems: 'start', gap: '3' })}>
            {t('statement.loadFailed')}
            <button type="button" className={button({ variant: 'outline', size: 'sm' })} onClick={() => send({ type: 'RETRY' })}>
              {t('list.retry')}
            </button>
          </p>
        ) : null}
      </div>
      {screen && parts.shown ? (
        <>
          <StatementSummary screen={screen} month={month} />
          <StatementMovements screen={screen} month={month} />
        </>
      ) : null}
    </div>
  );
}

/** The month picker (the months that have ended) and the month's CSV. */
function StatementToolbar({
  userId,
  month,
  months,
  timeZone,
  onChoose,
}: {
  userId: string;
  month: string;
  months: readonly string[];
  timeZone: string;
  onChoose: (month: string) => void;
}) {
  const { t } = useTranslation('activity');
  const language = useLocale();
  return (
    <div className={toolbar}>
      <div className={fieldBox}>
        <label htmlFor="statement-month" className={fieldLabel}>
          {t('statement.month')}
        </label>
        <select id="statement-month" className={`${fieldInput} ${selectInput}`} value={month} onChange={(e) => onChoose(e.target.value)}>
          {months.map((m) => (
            <option key={m} value={m}>
              {monthLabel(m, language)}
            </option>
          ))}
        </select>
      </div>
      <a className={button({ variant: 'outline' })} href={statementCsvHref(userId, month, timeZone, language)} download={`tipjar-statement-${month}.csv`}>
        {t('statement.downloadCsv', { month: monthLabel(month, language) })}
      </a>
    </div>
  );
}

/** The month's totals: opening, in, out, fees, closing. */
function StatementSummary({ screen, month }: { screen: StatementScreen; month: string }) {
  const { t } = useTranslation('activity');
  const language = useLocale();
  const money = (cents: number) => statementMoney(cents, language);
  return (
    <section className={card} aria-labelledby="statement-summary">
      <h2 id="statement-summary" className={sectionTitle}>
        {t('statement.summary', { month: monthLabel(month, language) })}
      </h2>
      <DetailList
        rows={[
          [t('statement.opening'), money(screen.openingCents)],
          [t('statement.moneyIn'), money(screen.inCents)],
          [t('statement.moneyOut'), money(screen.outCents)],
          [t('statement.fees'), money(screen.feesCents)],
          [t('statement.closing'), money(screen.closingCents)],
        ]}
      />
    </section>
  );
}

/** The month's movements, one row each, and how many are left to the CSV. */
function StatementMovements({ screen, month }: { screen: StatementScreen; month: string }) {
  const { t } = useTranslation('activity');
  const language = useLocale();
  return (
    <section className={card} aria-labelledby="statement-movements">
      <h2 id="statement-movements" className={sectionTitle}>
        {t('statement.movements', { count: screen.movements })}
      </h2>
      {screen.rows.length === 0 ? (
        <p className={`${mutedText} ${css({ mt: '3' })}`}>{t('statement.none')}</p>
      ) : (
        <ol className={list} aria-label={t('statement.movementsLabel', { month: monthLabel(month, language) })}>
          {screen.rows.map((row) => (
            <StatementRow key={row.key} row={row} />
          ))}
        </ol>
      )}
      {screen.notShown > 0 ? <p className={`${mutedText} ${css({ mt: '3' })}`}>{t('statement.moreInCsv', { count: screen.notShown })}</p> : null}
    </section>
  );
}

/** One movement: what and with whom, the amount, the note, and its date, fee, balance after and reference. */
function StatementRow({ row }: { row: StatementRowView }) {
  const { t } = useTranslation('activity');
  const language = useLocale();
  const money = (cents: number) => statementMoney(cents, language);
  return (
    <li className={item}>
      <div className={itemHead}>
        <span className={itemTitle}>
          {row.typeKey ? t(row.typeKey) : row.kind}
          {row.counterparty ? ` · @${row.counterparty}` : ''}
        </span>
        <span className={row.amountCents > 0 ? amountIn : amountOut}>{money(row.amountCents)}</span>
      </div>
      {row.note ? <p className={noteText}>{row.note}</p> : null}
      <dl className={facts}>
        <div>
          <dt>{t('statement.date')}</dt>
          <dd>
            <time dateTime={row.at}>{row.date}</time>
          </dd>
        </div>
        <div>
          <dt>{t('statement.fee')}</dt>
          <dd>{money(row.feeCents)}</dd>
        </div>
        <div>
          <dt>{t('statement.balanceAfter')}</dt>
          <dd>{money(row.balanceAfterCents)}</dd>
        </div>
        <div>
          <dt>{t('statement.reference')}</dt>
          <dd>{row.reference}</dd>
        </div>
      </dl>
    </li>
  );
}
