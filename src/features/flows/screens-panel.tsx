import { useTranslation } from 'react-i18next';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';
import { fieldBox, fieldInput, fieldLabel, selectInput } from '../../ui/form/form-styles';
import { button } from '../../ui/button-styles';
import type { ScreenLanguage, ScreenWidth } from '../../../machines/graph/flow-screens';
import type { ScreensView } from './screens-view';
import { choice, row, screenImage } from './explorer-styles';

/**
 * "Screens" on /flows (issue 27 item 5): the screen the browser tests captured in a state of the machine, at a phone's
 * and a laptop's width, in each language captured. It follows the machine as it steps or plays a path, until a state
 * is picked here or clicked on the diagram.
 */
export function ScreensPanel(props: {
  machine: string;
  view: ScreensView;
  onPick: (state: string | null) => void;
  onWidth: (width: ScreenWidth) => void;
  onLanguage: (language: ScreenLanguage) => void;
  /** The index could not be loaded. */
  failed: boolean;
}) {
  const { t } = useTranslation('atlas');
  const { machine, view } = props;
  return (
    <section className={card} aria-labelledby="flows-screens-title">
      <h2 id="flows-screens-title" className={sectionTitle}>
        {t('flows.screens')}
      </h2>
      {props.failed ? (
        <p role="alert">{t('flows.screensFailed')}</p>
      ) : view.states.length === 0 ? (
        <p className={mutedText}>{t('flows.noScreens')}</p>
      ) : (
        <>
          <div className={fieldBox}>
            <label htmlFor="flows-screen-state" className={fieldLabel}>
              {t('flows.screenState')}
            </label>
            <select
              id="flows-screen-state"
              className={`${fieldInput} ${selectInput}`}
              value={view.following ? '' : (view.state ?? '')}
              onChange={(e) => props.onPick(e.currentTarget.value || null)}
            >
              <option value="">{t('flows.followMachine')}</option>
              {view.states.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
          </div>
          <fieldset className={choice}>
            <legend className={mutedText}>{t('flows.screenWidth')}</legend>
            {view.widths.map((width) => (
              <label key={width} className={row}>
                <input type="radio" name="flows-screen-width" value={width} checked={view.width === width} onChange={() => props.onWidth(width)} />
                {t('flows.pixels', { width })}
              </label>
            ))}
          </fieldset>
          {view.languages.length > 1 ? (
            <fieldset className={choice}>
              <legend className={mutedText}>{t('flows.screenLanguage')}</legend>
              {view.languages.map((language) => (
                <label key={language} className={row}>
                  <input type="radio" name="flows-screen-language" value={language} checked={view.language === language} onChange={() => props.onLanguage(language)} />
                  {t(`flows.language.${language}`)}
                </label>
              ))}
            </fieldset>
          ) : null}
          {view.src && view.state ? (
            <img
              key={view.src}
              className={screenImage}
              src={view.src}
              width={view.width}
              alt={t('flows.screenAlt', { machine, state: view.state, width: view.width, language: t(`flows.language.${view.language}`) })}
            />
          ) : (
            <p className={mutedText}>{view.missing ? t('flows.noScreenOf', { state: view.missing }) : t('flows.noScreenNow')}</p>
          )}
          {view.missing === null && !view.following ? (
            <button type="button" className={button({ variant: 'outline', size: 'sm' })} onClick={() => props.onPick(null)}>
              {t('flows.followMachine')}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
