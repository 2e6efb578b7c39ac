import { useTranslation } from 'react-i18next';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';
import type { CoverageOverlay, CoverageView } from './coverage-view';
import { choice, coverageTable, row, tableBox, testList } from './explorer-styles';

/**
 * "Test coverage" on /flows: one machine's model and browser figures, which of them colours the diagram, and per
 * transition the model tests' verdict and the browser tests that took it (every name, folded under its count).
 */
export function CoveragePanel({ view, onOverlay }: { view: CoverageView; onOverlay: (overlay: CoverageOverlay) => void }) {
  const { t } = useTranslation('atlas');
  const { model, browser } = view;
  return (
    <section className={card} aria-labelledby="flows-coverage-title">
      <h2 id="flows-coverage-title" className={sectionTitle}>
        {t('flows.coverage')}
      </h2>
      <p>{t('flows.modelCoverage', { taken: model.taken, total: model.total, percent: model.percent })}</p>
      <p>{browser ? t('flows.browserCoverage', { taken: browser.taken, total: browser.total, percent: browser.percent }) : t('flows.browserNotCounted')}</p>
      {view.overlays.length > 1 ? (
        <fieldset className={choice}>
          <legend className={mutedText}>{t('flows.overlay')}</legend>
          {view.overlays.map((overlay) => (
            <label key={overlay} className={row}>
              <input type="radio" name="flows-overlay" value={overlay} checked={view.overlay === overlay} onChange={() => onOverlay(overlay)} />
              {overlay === 'browser' ? t('flows.overlayBrowser') : t('flows.overlayModel')}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className={tableBox}>
        <table className={coverageTable}>
          <caption>{t('flows.byTransition')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('flows.transition')}</th>
              <th scope="col">{t('flows.modelTests')}</th>
              {browser ? <th scope="col">{t('flows.browserTests')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {view.rows.map((r) => (
              <tr key={r.id}>
                <th scope="row">
                  <code>{r.id}</code>
                </th>
                <td>{r.model ? t('flows.taken') : t('flows.notTakenBecause', { reason: r.reason ?? t('flows.noReason') })}</td>
                {browser ? (
                  <td>
                    {r.tests.length ? (
                      <details>
                        <summary>{t('flows.testCount', { count: r.tests.length })}</summary>
                        <ul className={testList} aria-label={t('flows.testsThatTook', { transition: r.id })}>
                          {r.tests.map((name) => (
                            <li key={name}>{name}</li>
                          ))}
                        </ul>
                      </details>
                    ) : (
                      t('flows.notTaken')
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
