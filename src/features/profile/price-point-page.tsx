import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { PRICE_POINT_DESCRIPTION_MAX_LENGTH, PRICE_POINT_MAX_CENTS, PRICE_POINT_MIN_CENTS } from '../../../domain/limits';
import { formatAmount } from '../../../domain/money/amount';
import { pricePointMachine } from '../../../machines/price-point.machine';
import { pricePointView } from '../../../machines/price-point.view';
import { css } from '../../../styled-system/css';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { PROFILE_PATH } from '../../config/paths';
import { i18n } from '../../i18n/i18n';
import { button } from '../../ui/button-styles';
import { focusFirstError } from '../../ui/form/focus-first-error';
import { RadioGroupField } from '../../ui/form/radio-group-field';
import { TextField } from '../../ui/form/text-field';
import { useNotify } from '../../ui/notifications/use-notify';
import { PageHeader } from '../../ui/page-header';
import { card, textLink } from '../../ui/page-styles';
import { creatorCalls } from '../../api/creator-calls';
import { MachineForm } from '../../ui/form/machine-form';

const FORM_ID = 'price-point-form';
const narrow = css({ maxW: 'lg' });

/** /profile/price-point (signed in): renders the price-point machine; added → notified and back to /profile. */
export function PricePointPage() {
  const { t } = useTranslation('creators');
  const { t: tc } = useTranslation();
  const api = useApi();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? '');
  const logic = useMemo(
    () =>
      pricePointMachine.provide({
        actors: { addPricePoint: creatorCalls(api).addPricePoint },
        actions: {
          focusFirstError: () => focusFirstError(FORM_ID),
          notifyAdded: () => notify.success(i18n.t('creators:pricePoint.added')),
          backToProfile: () => navigate(PROFILE_PATH),
        },
      }),
    [api, notify, navigate],
  );
  const [state, send] = useMachine(logic, { input: { userId }, inspect: appInspect });
  const { values, errors } = state.context;
  const view = pricePointView(state);
  return (
    <>
      <PageHeader title={tc('routes.pricePoint')} lead={t('pricePoint.lead')} />
      <div className={`${card} ${narrow}`}>
        <MachineForm id={FORM_ID} message={view.message} onSubmit={() => send({ type: 'SUBMIT' })}>
          <TextField
            id="price-point-description"
            label={t('pricePoint.description')}
            value={values.description}
            onValueChange={(value) => send({ type: 'CHANGE', field: 'description', value })}
            error={errors.description}
            readOnly={!view.editable}
            hint={t('pricePoint.descriptionHint', { max: PRICE_POINT_DESCRIPTION_MAX_LENGTH })}
            maxLength={PRICE_POINT_DESCRIPTION_MAX_LENGTH * 2}
          />
          <RadioGroupField
            id="price-point-media-type"
            legend={t('pricePoint.mediaType')}
            value={values.media_type}
            onValueChange={(value) => send({ type: 'CHANGE', field: 'media_type', value: value as 'photo' | 'video' })}
            choices={[
              { value: 'photo', label: t('mediaType.photo') },
              { value: 'video', label: t('mediaType.video') },
            ]}
            error={errors.media_type}
          />
          <TextField
            id="price-point-price"
            label={t('pricePoint.price')}
            value={values.price}
            onValueChange={(value) => send({ type: 'CHANGE', field: 'price', value })}
            error={errors.price}
            readOnly={!view.editable}
            hint={t('pricePoint.priceHint', { min: formatAmount(PRICE_POINT_MIN_CENTS), max: formatAmount(PRICE_POINT_MAX_CENTS) })}
            inputMode="decimal"
            autoComplete="off"
          />
          <button type="submit" className={button({ size: 'lg' })} disabled={!view.submit.enabled}>
            {t(view.submit.labelKey)}
          </button>
        </MachineForm>
        <p className={css({ mt: '6' })}>
          <Link href={PROFILE_PATH} className={textLink}>
            {t('pricePoint.back')}
          </Link>
        </p>
      </div>
    </>
  );
}
