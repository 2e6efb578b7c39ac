import { useMachine, useSelector } from '@xstate/react';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { addCardMachine } from '../../../machines/add-card.machine';
import { addMoneyMachine, DEPOSIT_WHOLE_DIGITS, type AddCardActor, type AddMoneyEvent } from '../../../machines/add-money.machine';
import {
  addCardStepBusy,
  addMoneyExit,
  addMoneyScreen,
  type AddMoneyCardPart,
  type AddMoneyScreen,
  type AddMoneyUsdtPart,
} from '../../../machines/add-money.view';
import type { Deposit } from '../../../machines/add-money.machine';
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

type Send = (event: AddMoneyEvent) => void;

const cardName = (c: { brand: string; last4: string }) => `${c.brand.toUpperCase()} •••• ${c.last4}`;

/** /withdraw-funds/add-money: renders the add-money machine's view-model, one part at a time. */
export function AddMoneyPage() {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation();
  const country = SessionContext.useSelector((snapshot) => snapshot.context.user?.country ?? null);
  const input = useMemo(() => ({ flowId: crypto.randomUUID(), today: Date.now(), country }), [country]);
  const [state, send] = useMachine(useAddMoneyLogic(), { input, inspect: appInspect });
  const screen = addMoneyScreen(state);
  const addCardActor = state.children.addCard as AddCardActor | undefined;
  return (
    <>
      <PageHeader title={tc('routes.addMoney')} lead={t('addMoney.lead')} />
      <div className={`${card} ${narrow}`}>
        {screen.method ? <MethodChoice method={screen.method} send={send} /> : null}
        {screen.card ? <CardPart part={screen.card} addCardActor={addCardActor} send={send} /> : null}
        {screen.usdt ? <UsdtPart part={screen.usdt} send={send} /> : null}
        <Outcome screen={screen} />
      </div>
    </>
  );
}

/** The add-money machine with the wallet's calls and the page's effects (focus, notices, the clipboard). */
function useAddMoneyLogic() {
  const calls = useWalletCalls();
  const notify = useNotify();
  return useMemo(
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
}

/** By card or by USDT. */
function MethodChoice({ method, send }: { method: NonNullable<AddMoneyScreen['method']>; send: Send }) {
  const { t } = useTranslation('wallet');
  return (
    <section aria-labelledby="add-money-method-title">
      <h2 id="add-money-method-title" className={sectionTitle}>
        {t('addMoney.method.legend')}
      </h2>
      <div className={`${methodButtons} ${css({ mt: '4' })}`}>
        <button type="button" className={methodButton} disabled={!method.card} onClick={() => send({ type: 'CHOOSE_CARD' })}>
          <strong>{t('addMoney.method.card')}</strong>
          <span className={choiceDetail}>{t('addMoney.method.cardDetail')}</span>
        </button>
        <button type="button" className={methodButton} disabled={!method.usdt} onClick={() => send({ type: 'CHOOSE_USDT' })}>
          <strong>{t('addMoney.method.usdt')}</strong>
          <span className={choiceDetail}>{t('addMoney.method.usdtDetail')}</span>
        </button>
      </div>
    </section>
  );
}

/** The card steps: the stepper, then the add-card flow running inside, or the step's form. */
function CardPart({ part, addCardActor, send }: { part: AddMoneyCardPart; addCardActor: AddCardActor | undefined; send: Send }) {
  const { t } = useTranslation('wallet');
  return (
    <>
      <Stepper steps={[t('addMoney.steps.card'), t('addMoney.steps.amount'), t('addMoney.steps.confirm')]} current={part.step} />
      {part.panel === 'addingCard' && addCardActor ? (
        <AddCardStep actor={addCardActor} onCancel={() => send({ type: 'CANCEL' })} />
      ) : (
        <CardForm part={part} send={send} />
      )}
    </>
  );
}

/** The add-card flow running inside add-money: its own machine, drawn from the child actor. */
function AddCardStep({ actor, onCancel }: { actor: AddCardActor; onCancel: () => void }) {
  const { t } = useTranslation('wallet');
  const snapshot = useSelector(actor, (s) => s);
  return (
    <section aria-labelledby="add-money-add-card-title">
      <h2 id="add-money-add-card-title" className={sectionTitle}>
        {t('addMoney.card.addTitle')}
      </h2>
      <AddCardForm context={snapshot.context} busy={addCardStepBusy(snapshot)} send={actor.send} onCancel={onCancel} />
    </section>
  );
}

/** One card step's panel in the step form: the card, the amount, confirm, the wait, or a failure. */
function CardForm({ part, send }: { part: AddMoneyCardPart; send: Send }) {
  const { t } = useTranslation('wallet');
  const format = useFormat();
  const formText = useFormText();
  const { panel, summary, failure } = part;
  const back = part.back ? () => send({ type: 'BACK' }) : undefined;
  const rows = [
    [t('addMoney.summary.card'), summary.card ? cardName(summary.card) : ''],
    [t('addMoney.summary.amount'), format.money(summary.charge.amountCents)],
    [t('addMoney.summary.fee'), format.money(summary.charge.feeCents)],
    [t('addMoney.summary.total'), format.money(summary.charge.totalCents)],
  ] as const;
  return (
    <MachineForm id={FORM_ID} onSubmit={() => part.submit && send({ type: part.submit })}>
      {panel === 'loading' ? <p role="status">{t('addMoney.card.loading')}</p> : null}
      {panel === 'loadFailed' ? (
        <>
          <StepLoadFailure title={t('addMoney.card.loadFailed')} retryLabel={t('addMoney.retry')} onRetry={() => send({ type: 'RETRY' })} />
          {/* Back to the method: the cards did not load, USDT may still do. */}
          <StepButtons onBack={back}>
            <span />
          </StepButtons>
        </>
      ) : null}
      {panel === 'choosing' ? <CardChoice choice={part.choice} send={send} onBack={back} /> : null}
      {panel === 'amount' ? (
        <>
          <TextField
            id="add-money-amount"
            label={t('addMoney.amountLabel')}
            inputMode="decimal"
            autoComplete="off"
            value={part.amount.value}
            error={part.amount.error}
            hint={t('addMoney.amountHint')}
            maxLength={DEPOSIT_WHOLE_DIGITS + 3}
            onValueChange={(value) => send({ type: 'CHANGE_AMOUNT', value })}
          />
          <StepButtons onBack={back} />
        </>
      ) : null}
      {panel === 'confirm' ? (
        <>
          <PaymentSummary rows={rows} />
          <StepButtons onBack={back}>
            <button type="submit" className={button({ size: 'lg' })} disabled={!part.confirm}>
              {t('addMoney.confirm', { amount: format.money(summary.charge.totalCents) })}
            </button>
          </StepButtons>
        </>
      ) : null}
      {/* From the submit until the capture: one neutral wait, the same while authorising and capturing. */}
      {panel === 'processing' ? (
        <>
          <ProgressNotice label={t('addMoney.processing')} />
          <PaymentSummary rows={rows} />
        </>
      ) : null}
      {failure ? (
        <>
          <PaymentFailure title={panel === 'declined' ? t('addMoney.declined') : t('addMoney.failed')} text={formText(failure.message)} />
          <PaymentSummary rows={rows} />
          <ChangeOrRetry
            changeLabel={t('addMoney.changeCard')}
            onChange={() => send({ type: 'CHANGE_CARD' })}
            retryLabel={t('addMoney.retry')}
            onRetry={failure.retry ? () => send({ type: 'RETRY' }) : undefined}
          />
        </>
      ) : null}
    </MachineForm>
  );
}

/** The user's cards to choose from (or none yet), and a new one to add. */
function CardChoice({ choice, send, onBack }: { choice: AddMoneyCardPart['choice']; send: Send; onBack: (() => void) | undefined }) {
  const { t } = useTranslation('wallet');
  const errorText = useFormText()(choice.error);
  return (
    <>
      {choice.cards.length === 0 ? (
        <div>
          <p className={mutedText}>{t('addMoney.card.none')}</p>
          {errorText ? (
            <p id="add-money-card-error" className={fieldError} role="alert" tabIndex={-1} data-form-alert="">
              {errorText}
            </p>
          ) : null}
        </div>
      ) : (
        <div>
          <p id="add-money-card-label" className={fieldLabel}>
            {t('addMoney.card.legend')}
          </p>
          <div role="radiogroup" aria-labelledby="add-money-card-label" className={choiceGroup}>
            {choice.cards.map((c) => (
              <label key={c.id} className={choiceCard}>
                <input type="radio" name="add-money-card" className={choiceRadio} value={c.id} checked={choice.cardId === c.id} onChange={() => send({ type: 'SELECT_CARD', cardId: c.id })} />
                <span>
                  {t('addMoney.card.option', { brand: c.brand.toUpperCase(), last4: c.last4 })}
                  <span className={choiceDetail}>{t('addMoney.card.expires', { date: `${String(c.expMonth).padStart(2, '0')}/${c.expYear}` })}</span>
                </span>
              </label>
            ))}
          </div>
        </div>
      )}
      <div>
        <button type="button" className={button({ variant: 'outline', size: 'sm' })} onClick={() => send({ type: 'ADD_CARD' })}>
          {t('addMoney.card.add')}
        </button>
      </div>
      <StepButtons onBack={onBack} />
    </>
  );
}

/** By USDT: the address (copy, QR code) while the screen watches for a transfer, then its confirmations. */
function UsdtPart({ part, send }: { part: AddMoneyUsdtPart; send: Send }) {
  const { t } = useTranslation('wallet');
  const format = useFormat();
  const a = part.address;
  return (
    <section aria-labelledby="add-money-usdt-title">
      <h2 id="add-money-usdt-title" className={sectionTitle}>
        {t('addMoney.usdt.title')}
      </h2>
      {part.loading ? <p role="status">{t('addMoney.usdt.loading')}</p> : null}
      {part.retry ? <StepLoadFailure title={t('addMoney.usdt.loadFailed')} retryLabel={t('addMoney.retry')} onRetry={() => send({ type: 'RETRY' })} /> : null}
      {a ? (
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
            <button type="button" className={button({ variant: 'outline' })} aria-describedby="usdt-address" disabled={!part.copy} onClick={() => send({ type: 'COPY' })}>
              {t('addMoney.usdt.copy')}
            </button>
          </div>
        </div>
      ) : null}
      <div role="status" className={css({ mt: '4' })}>
        {part.status?.key === 'addMoney.usdt.waiting' ? <p>{t('addMoney.usdt.waiting')}</p> : null}
        {part.status?.key === 'addMoney.usdt.pending' ? <p className={formNotice}>{t('addMoney.usdt.pending', { amount: format.money(part.status.amountCents) })}</p> : null}
      </div>
      {part.dropped ? <p role="alert">{t('addMoney.usdt.dropped')}</p> : null}
      <div className={rowButtons}>
        <button type="button" className={button({ variant: 'outline' })} disabled={!part.back} onClick={() => send({ type: 'BACK' })}>
          {t('addMoney.back')}
        </button>
      </div>
    </section>
  );
}

/** The money in (the receipt) or still processing: either way a link to the deposit and the way back. */
function Outcome({ screen }: { screen: AddMoneyScreen }) {
  const { t } = useTranslation('wallet');
  const format = useFormat();
  const lang = useLocale();
  const { added } = screen;
  if (added) {
    return (
      <div role="status" className={formNotice} data-tone={added.tone}>
        <h2 className={sectionTitle}>{t('addMoney.done.title')}</h2>
        <p>{t('addMoney.done.body', { amount: format.money(added.amountCents) })}</p>
        <div className={receiptBox}>
          <Receipt view={receiptView({ kind: 'deposit', deposit: added.deposit }, { lang })} headingLevel={3} detailsLink={false} />
        </div>
        <DoneLinks deposit={added.deposit} />
      </div>
    );
  }
  if (screen.stage !== 'stillProcessing') return null;
  return (
    <div role="status" className={formNotice}>
      <h2 className={sectionTitle}>{t('addMoney.stillProcessing.title')}</h2>
      <p>{t('addMoney.stillProcessing.body')}</p>
      <DoneLinks deposit={screen.deposit} />
    </div>
  );
}

/** Where a finished (or still processing) deposit leads: the deposit itself, or back where the task started. */
function DoneLinks({ deposit }: { deposit: Deposit | null }) {
  const { t } = useTranslation('wallet');
  // Back where the task started: Home, when "Add money" was tapped on Home's balance (src/lib/return-to.ts).
  const exit = useMemo(() => addMoneyExit(returnPlaceOf(window.location.search)), []);
  return (
    <div className={rowButtons}>
      {deposit ? (
        <Link href={withQuery(DEPOSIT_DETAILS_PATH, { id: deposit.created_at })} className={button()}>
          {t('addMoney.viewDeposit')}
        </Link>
      ) : null}
      <Link href={exit.to === 'home' ? returnPath('home') : WITHDRAW_FUNDS_PATH} className={button({ variant: 'outline' })}>
        {t(exit.labelKey)}
      </Link>
    </div>
  );
}
