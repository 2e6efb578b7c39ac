import { useMachine, useSelector } from '@xstate/react';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { parseAmount } from '../../../domain/money/amount';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { addCardMachine } from '../../../machines/add-card.machine';
import { addMoneyMachine, depositChargeOf, DEPOSIT_WHOLE_DIGITS, type AddCardActor, type AddMoneyContext } from '../../../machines/add-money.machine';
import { addMoneyExit, depositNoticeOf } from '../../../machines/add-money.view';
import { css } from '../../../styled-system/css';
import { SessionContext } from '../../app/providers/session-context';
import { DEPOSIT_DETAILS_PATH, WITHDRAW_FUNDS_PATH, withQuery } from '../../config/paths';
import { returnPath, returnPlaceOf } from '../../lib/return-to';
import { i18n } from '../../i18n/i18n';
import { appInspect } from '../../lib/app-inspector';
import { useFormat } from '../../lib/use-format';
import { button } from '../../ui/button-styles';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { choiceCard, choiceDetail, choiceGroup, choiceRadio, fieldError, fieldLabel, formNotice, formStack } from '../../ui/form/form-styles';
import { MachineForm } from '../../ui/form/machine-form';
import { TextField } from '../../ui/form/text-field';
import { useFormText } from '../../ui/form/use-form-text';
import { useNotify } from '../../ui/notifications/use-notify';
import { PageHeader } from '../../ui/page-header';
import { ProgressNotice } from '../../ui/progress-notice';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';
import { Stepper } from '../../ui/stepper';
import { Receipt } from '../../ui/receipt';
import { receiptView } from '../../../machines/payments/receipt.view';
import { useLocale } from '../../i18n/use-locale';
import { PaymentFailure, StepLoadFailure } from '../../ui/wizard/payment-outcome';
import { PaymentSummary } from '../../ui/wizard/payment-summary';
import { ChangeOrRetry, StepButtons } from '../../ui/wizard/step-buttons';
import { ADD_CARD_FORM_ID, AddCardForm } from './add-card-form';
import { useWalletCalls } from './use-wallet-calls';
import { stepOf } from '../../../machines/forms/step-meta';

// qrcode.react only reaches the browser when the USDT step is shown.
const UsdtQrCode = lazy(() => import('./usdt-qr-code'));

const FORM_ID = 'add-money-form';
const narrow = css({ maxW: 'xl' });
const methodButtons = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } });
const methodButton = css({ display: 'grid', gap: '1', textAlign: 'left', p: '4', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'xl', bg: 'bg.surface', cursor: 'pointer', _hover: { borderColor: 'accent.default' } });
const address = css({ fontFamily: 'mono', fontSize: 'sm', overflowWrap: 'anywhere', p: '3', bg: 'bg.subtle', borderRadius: 'lg' });
const qrBox = css({ display: 'flex', justifyContent: 'center', p: '3', bg: 'white', borderRadius: 'lg', minH: '44' });
const rowButtons = css({ display: 'flex', gap: '3', flexWrap: 'wrap', mt: '4' });
const receiptBox = css({ mt: '4', p: '4', bg: 'bg.surface', borderRadius: 'lg' });


const cardName = (c: { brand: string; last4: string }) => `${c.brand.toUpperCase()} •••• ${c.last4}`;

/** The add-card flow running inside add-money: its own machine, drawn from the child actor. */
function AddCardStep({ actor, onCancel }: { actor: AddCardActor; onCancel: () => void }) {
  const { t } = useTranslation('wallet');
  const snapshot = useSelector(actor, (s) => s);
  return (
    <section aria-labelledby="add-money-add-card-title">
      <h2 id="add-money-add-card-title" className={sectionTitle}>
        {t('addMoney.card.addTitle')}
      </h2>
      <AddCardForm context={snapshot.context} busy={snapshot.matches('validating')} send={actor.send} onCancel={onCancel} />
    </section>
  );
}

function CardChoice({ context, onSelect }: { context: AddMoneyContext; onSelect: (cardId: string) => void }) {
  const { t } = useTranslation('wallet');
  const errorText = useFormText()(context.errors.card);
  if (context.cards.length === 0)
    return (
      <div>
        <p className={mutedText}>{t('addMoney.card.none')}</p>
        {errorText ? (
          <p id="add-money-card-error" className={fieldError} role="alert" tabIndex={-1} data-form-alert="">
            {errorText}
          </p>
        ) : null}
      </div>
    );
  return (
    <div>
      <p id="add-money-card-label" className={fieldLabel}>
        {t('addMoney.card.legend')}
      </p>
      <div role="radiogroup" aria-labelledby="add-money-card-label" className={choiceGroup}>
        {context.cards.map((c) => (
          <label key={c.id} className={choiceCard}>
            <input type="radio" name="add-money-card" className={choiceRadio} value={c.id} checked={context.cardId === c.id} onChange={() => onSelect(c.id)} />
            <span>
              {t('addMoney.card.option', { brand: c.brand.toUpperCase(), last4: c.last4 })}
              <span className={choiceDetail}>{t('addMoney.card.expires', { date: `${String(c.expMonth).padStart(2, '0')}/${c.expYear}` })}</span>
            </span>
          </label>
        ))}
      </div>
    </div>
  );
}

/** /withdraw-funds/add-money: renders the add-money machine, one step at a time. */
export function AddMoneyPage() {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const lang = useLocale();
  const calls = useWalletCalls();
  const notify = useNotify();
  const formText = useFormText();
  const country = SessionContext.useSelector((snapshot) => snapshot.context.user?.country ?? null);
  const input = useMemo(() => ({ flowId: crypto.randomUUID(), today: Date.now(), country }), [country]);
  const logic = useMemo(
    () =>
      addMoneyMachine.provide({
        actors: {
          loadCards: calls.loadCards,
          addCard: addCardMachine.provide({
            actors: { addCard: calls.addCard },
            actions: {
              focusFirstError: () => focusFirstError(ADD_CARD_FORM_ID),
              notifyAdded: () => notify.success(i18n.t('wallet:addCard.added')),
            },
          }),
          createCardDeposit: calls.createCardDeposit,
          watchDeposit: calls.watchDeposit,
          loadUsdtAddress: calls.loadUsdtAddress,
          watchUsdtArrival: calls.watchUsdtArrival,
        },
        actions: {
          focusFirstError: () => focusFirstError(FORM_ID),
          notifyAdded: () => notify.success(i18n.t('wallet:addMoney.notice')),
          copyAddress: ({ context }) => {
            if (!context.address) return;
            navigator.clipboard.writeText(context.address.address).then(
              () => notify.success(i18n.t('wallet:addMoney.usdt.copied')),
              () => notify.error(i18n.t('errors:generic')),
            );
          },
        },
      }),
    [calls, notify],
  );
  const [state, send] = useMachine(logic, { input, inspect: appInspect });
  // Back where the task started: Home, when "Add money" was tapped on Home's balance (src/lib/return-to.ts).
  const exit = useMemo(() => addMoneyExit(returnPlaceOf(window.location.search)), []);
  const exitPath = exit.to === 'home' ? returnPath('home') : WITHDRAW_FUNDS_PATH;
  const { context } = state;
  const charge = depositChargeOf(context);
  const chosen = context.cards.find((c) => c.id === context.cardId);
  const summary = [
    [t('addMoney.summary.card'), chosen ? cardName(chosen) : ''],
    [t('addMoney.summary.amount'), format.money(charge.amountCents)],
    [t('addMoney.summary.fee'), format.money(charge.feeCents)],
    [t('addMoney.summary.total'), format.money(charge.totalCents)],
  ] as const;
  const back = () => send({ type: 'BACK' });
  const cardStep = state.matches('card') ? (state.value as { card: string }).card : null;
  const addCardActor = state.children.addCard as AddCardActor | undefined;
  const notice = depositNoticeOf(state);
  const depositLink = context.deposit ? withQuery(DEPOSIT_DETAILS_PATH, { id: context.deposit.created_at }) : null;

  // Where a finished (or still processing) deposit leads: the deposit itself, or back where the task started.
  const doneLinks = (
    <div className={rowButtons}>
      {depositLink ? (
        <Link href={depositLink} className={button()}>
          {t('addMoney.viewDeposit')}
        </Link>
      ) : null}
      <Link href={exitPath} className={button({ variant: 'outline' })}>
        {t(exit.labelKey)}
      </Link>
    </div>
  );
  let content: ReactNode = null;
  if (state.matches('choosingMethod')) {
    content = (
      <section aria-labelledby="add-money-method-title">
        <h2 id="add-money-method-title" className={sectionTitle}>
          {t('addMoney.method.legend')}
        </h2>
        <div className={`${methodButtons} ${css({ mt: '4' })}`}>
          <button type="button" className={methodButton} onClick={() => send({ type: 'CHOOSE_CARD' })}>
            <strong>{t('addMoney.method.card')}</strong>
            <span className={choiceDetail}>{t('addMoney.method.cardDetail')}</span>
          </button>
          <button type="button" className={methodButton} onClick={() => send({ type: 'CHOOSE_USDT' })}>
            <strong>{t('addMoney.method.usdt')}</strong>
            <span className={choiceDetail}>{t('addMoney.method.usdtDetail')}</span>
          </button>
        </div>
      </section>
    );
  } else if (cardStep) {
    content = (
      <>
        <Stepper steps={[t('addMoney.steps.card'), t('addMoney.steps.amount'), t('addMoney.steps.confirm')]} current={stepOf(state) ?? 0} />
        {cardStep === 'addingCard' && addCardActor ? (
          <AddCardStep actor={addCardActor} onCancel={() => send({ type: 'CANCEL' })} />
        ) : (
          <MachineForm id={FORM_ID} onSubmit={() => send({ type: state.matches({ card: 'confirm' }) ? 'CONFIRM' : 'NEXT' })}>
            {cardStep === 'loading' ? <p role="status">{t('addMoney.card.loading')}</p> : null}
            {cardStep === 'loadFailed' ? (
              <StepLoadFailure title={t('addMoney.card.loadFailed')} retryLabel={t('addMoney.retry')} onRetry={() => send({ type: 'RETRY' })} />
            ) : null}
            {cardStep === 'choosing' ? (
              <>
                <CardChoice context={context} onSelect={(cardId) => send({ type: 'SELECT_CARD', cardId })} />
                <div>
                  <button type="button" className={button({ variant: 'outline', size: 'sm' })} onClick={() => send({ type: 'ADD_CARD' })}>
                    {t('addMoney.card.add')}
                  </button>
                </div>
                <StepButtons onBack={back} />
              </>
            ) : null}
            {cardStep === 'amount' ? (
              <>
                <TextField
                  id="add-money-amount"
                  label={t('addMoney.amountLabel')}
                  inputMode="decimal"
                  autoComplete="off"
                  value={context.amount}
                  error={context.errors.amount}
                  hint={t('addMoney.amountHint')}
                  maxLength={DEPOSIT_WHOLE_DIGITS + 3}
                  onValueChange={(value) => send({ type: 'CHANGE_AMOUNT', value })}
                />
                <StepButtons onBack={back} />
              </>
            ) : null}
            {cardStep === 'confirm' ? (
              <>
                <PaymentSummary rows={summary} />
                <StepButtons onBack={back}>
                  <button type="submit" className={button({ size: 'lg' })}>
                    {t('addMoney.confirm', { amount: format.money(charge.totalCents) })}
                  </button>
                </StepButtons>
              </>
            ) : null}
            {/* From the submit until the capture: one neutral wait, the same while authorising and capturing. */}
            {notice?.kind === 'progress' ? (
              <>
                <ProgressNotice label={t('addMoney.processing')} />
                <PaymentSummary rows={summary} />
              </>
            ) : null}
            {cardStep === 'declined' || cardStep === 'failed' ? (
              <>
                <PaymentFailure
                  title={cardStep === 'declined' ? t('addMoney.declined') : t('addMoney.failed')}
                  text={context.failure ? formText(context.failure) : t('addMoney.captureFailed')}
                />
                <PaymentSummary rows={summary} />
                <ChangeOrRetry
                  changeLabel={t('addMoney.changeCard')}
                  onChange={() => send({ type: 'CHANGE_CARD' })}
                  retryLabel={t('addMoney.retry')}
                  onRetry={state.can({ type: 'RETRY' }) ? () => send({ type: 'RETRY' }) : undefined}
                />
              </>
            ) : null}
          </MachineForm>
        )}
      </>
    );
  } else if (state.matches('usdt')) {
    const a = context.address;
    content = (
      <section aria-labelledby="add-money-usdt-title">
        <h2 id="add-money-usdt-title" className={sectionTitle}>
          {t('addMoney.usdt.title')}
        </h2>
        {state.matches({ usdt: 'loading' }) ? <p role="status">{t('addMoney.usdt.loading')}</p> : null}
        {state.matches({ usdt: 'loadFailed' }) ? (
          <StepLoadFailure title={t('addMoney.usdt.loadFailed')} retryLabel={t('addMoney.retry')} onRetry={() => send({ type: 'RETRY' })} />
        ) : null}
        {a && (state.matches({ usdt: 'waiting' }) || state.matches({ usdt: 'pending' })) ? (
          <div className={formStack}>
            <p className={mutedText}>{t('addMoney.usdt.howTo', { network: a.network, confirmations: a.requiredConfirmations })}</p>
            <div className={qrBox}>
              <Suspense fallback={<p className={mutedText}>{t('addMoney.usdt.qrLoading')}</p>}>
                <UsdtQrCode address={a.address} label={t('addMoney.usdt.qr')} />
              </Suspense>
            </div>
            <p className={address} id="usdt-address">
              {a.address}
            </p>
            <p className={mutedText}>
              {t('addMoney.usdt.network')}: {a.network}
            </p>
            <div>
              <button type="button" className={button({ variant: 'outline' })} aria-describedby="usdt-address" onClick={() => send({ type: 'COPY' })}>
                {t('addMoney.usdt.copy')}
              </button>
            </div>
          </div>
        ) : null}
        <div role="status" className={css({ mt: '4' })}>
          {state.matches({ usdt: 'waiting' }) ? <p>{t('addMoney.usdt.waiting')}</p> : null}
          {state.matches({ usdt: 'pending' }) && context.deposit ? (
            <p className={formNotice}>{t('addMoney.usdt.pending', { amount: format.money(parseAmount(context.deposit.amount) ?? 0) })}</p>
          ) : null}
        </div>
        {state.matches({ usdt: 'dropped' }) ? <p role="alert">{t('addMoney.usdt.dropped')}</p> : null}
        <div className={rowButtons}>
          <button type="button" className={button({ variant: 'outline' })} onClick={back}>
            {t('addMoney.back')}
          </button>
        </div>
      </section>
    );
  } else if (notice?.kind === 'added' && context.deposit) {
    content = (
      <div role="status" className={formNotice} data-tone={notice.tone}>
        <h2 className={sectionTitle}>{t('addMoney.done.title')}</h2>
        <p>{t('addMoney.done.body', { amount: format.money(parseAmount(context.deposit.amount) ?? 0) })}</p>
        <div className={receiptBox}>
          <Receipt view={receiptView({ kind: 'deposit', deposit: context.deposit }, { lang })} headingLevel={3} detailsLink={false} />
        </div>
        {doneLinks}
      </div>
    );
  } else if (state.matches('stillProcessing')) {
    content = (
      <div role="status" className={formNotice}>
        <h2 className={sectionTitle}>{t('addMoney.stillProcessing.title')}</h2>
        <p>{t('addMoney.stillProcessing.body')}</p>
        {doneLinks}
      </div>
    );
  }

  return (
    <>
      <PageHeader title={tc('routes.addMoney')} lead={t('addMoney.lead')} />
      <div className={`${card} ${narrow}`}>{content}</div>
    </>
  );
}
