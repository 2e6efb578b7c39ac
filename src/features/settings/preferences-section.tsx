import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, isLocale } from '../../../domain/product';
import { preferencesMachine } from '../../../machines/preferences.machine';
import { preferencesView } from '../../../machines/preferences.view';
import { css } from '../../../styled-system/css';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { changeLanguage } from '../../i18n/change-language';
import { i18n } from '../../i18n/i18n';
import { appInspect } from '../../lib/app-inspector';
import { button } from '../../ui/button-styles';
import { CheckboxField } from '../../ui/form/checkbox-field';
import { FormAlert } from '../../ui/form/form-alert';
import { SelectField } from '../../ui/form/select-field';
import { useNotify } from '../../ui/notifications/use-notify';
import { card, sectionTitle } from '../../ui/page-styles';
import { Spinner } from '../../ui/spinner';
import { settingsCalls } from '../../api/settings-calls';

const form = css({ mt: '4', display: 'grid', gap: '4', justifyItems: 'start' });
const wide = css({ w: 'full', maxW: 'sm' });

/** Manage preferences (spec 2): renders the preferences machine; saving switches the app to the saved language. */
export function PreferencesSection() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const api = useApi();
  const notify = useNotify();
  const userId = SessionContext.useSelector((snapshot) => snapshot.context.user?.userId ?? '');
  const logic = useMemo(() => {
    const calls = settingsCalls(api);
    // The notice is worded in the language just chosen, so it waits for that language's strings.
    let switching: Promise<void> = Promise.resolve();
    return preferencesMachine.provide({
      actors: { loadPreferences: calls.loadPreferences, savePreferences: calls.savePreferences },
      actions: {
        applyLanguage: (_, { language }) => {
          switching = changeLanguage(language);
        },
        notifySaved: () => void switching.finally(() => notify.success(i18n.t('settings:preferences.saved'))),
      },
    });
  }, [api, notify]);
  const [state, send] = useMachine(logic, { input: { userId }, inspect: appInspect });
  const view = preferencesView(state);
  return (
    <section className={card} aria-labelledby="preferences-title">
      <h2 id="preferences-title" className={sectionTitle}>
        {t('preferences.title')}
      </h2>
      {view.loading ? <Spinner /> : null}
      {view.retry ? (
        <div role="alert" className={form}>
          <p>{t('preferences.loadFailed')}</p>
          <button type="button" className={button({ variant: 'outline' })} onClick={() => send({ type: 'RETRY' })}>
            {t('preferences.retry')}
          </button>
        </div>
      ) : null}
      {view.form ? (
        <form
          className={form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'SAVE' });
          }}
        >
          <FormAlert message={view.form.message} />
          <div className={wide}>
            <SelectField
              id="preferences-language"
              label={t('preferences.language')}
              value={view.form.values.language}
              placeholder={t('preferences.language')}
              options={LOCALES.map((value) => ({ value, label: tc(`language.names.${value}`) }))}
              onValueChange={(value) => isLocale(value) && send({ type: 'CHANGE', field: 'language', value })}
            />
          </div>
          <CheckboxField
            id="preferences-email-notifications"
            label={t('preferences.emailNotifications')}
            checked={view.form.values.emailNotifications}
            disabled={!view.form.emailsEditable}
            onCheckedChange={(value) => send({ type: 'CHANGE', field: 'emailNotifications', value })}
          />
          <button type="submit" className={button()} disabled={!view.form.save.enabled}>
            {t(view.form.save.labelKey)}
          </button>
        </form>
      ) : null}
    </section>
  );
}
