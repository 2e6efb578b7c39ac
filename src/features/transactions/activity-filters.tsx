import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import {
  activeFilterCount,
  FILTER_PARAMS,
  type ActivityFilters,
  type FilterErrors,
} from '../../../machines/activity-search.view';
import { button } from '../../ui/button-styles';
import { fieldBox, fieldError, fieldInput, fieldLabel } from '../../ui/form/form-styles';

const panel = css({ bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.subtle', p: '3', mb: '4', minW: 0 });
const summary = css({ cursor: 'pointer', fontWeight: 'semibold', py: '1', minH: '11', display: 'flex', alignItems: 'center', gap: '2' });
const grid = css({ display: 'grid', gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, gap: '4', mt: '3' });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '4' });
const count = css({ fontWeight: 'normal', color: 'fg.muted', fontSize: 'sm' });

type Field = keyof ActivityFilters;
const FIELDS: Array<{ name: Field; type: 'text' | 'date'; inputMode?: 'decimal'; autoComplete?: string }> = [
  { name: 'person', type: 'text', autoComplete: 'off' },
  { name: 'text', type: 'text', autoComplete: 'off' },
  { name: 'min', type: 'text', inputMode: 'decimal', autoComplete: 'off' },
  { name: 'max', type: 'text', inputMode: 'decimal', autoComplete: 'off' },
  { name: 'from', type: 'date' },
  { name: 'to', type: 'date' },
];

/**
 * The activity's search (issue 26 item 3): the transaction-list machine's filters, shown in a form whose fields start
 * from them (a new search or Back re-renders it with the address's values); Search sends them, Clear forgets them.
 * The refusals are the machine's, field by field. Rendered with the `activity` strings, inside the page's boundary.
 */
export function ActivityFiltersForm(props: {
  filters: ActivityFilters;
  errors: FilterErrors;
  onSearch: (filters: ActivityFilters) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('activity');
  const active = activeFilterCount(props.filters);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = (name: Field) => String(data.get(FILTER_PARAMS[name]) ?? '');
    props.onSearch({ person: read('person'), text: read('text'), min: read('min'), max: read('max'), from: read('from'), to: read('to') });
  };
  const hasErrors = Object.keys(props.errors).length > 0;
  return (
    <details className={panel} open={active > 0 || hasErrors}>
      <summary className={summary}>
        {t('filters.title')}
        {active > 0 ? <span className={count}>{t('filters.active', { count: active })}</span> : null}
      </summary>
      {/* Keyed by the search shown: a new one (or Back) starts the fields from it. */}
      <form key={JSON.stringify(props.filters)} role="search" aria-label={t('filters.label')} onSubmit={submit} noValidate>
        <div className={grid}>
          {FIELDS.map(({ name, type, inputMode, autoComplete }) => {
            const id = `activity-filter-${name}`;
            const problem = props.errors[name];
            return (
              <div key={name} className={fieldBox}>
                <label htmlFor={id} className={fieldLabel}>
                  {t(`filters.field.${name}`)}
                </label>
                <input
                  id={id}
                  name={FILTER_PARAMS[name]}
                  type={type}
                  inputMode={inputMode}
                  autoComplete={autoComplete}
                  className={fieldInput}
                  defaultValue={props.filters[name]}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${id}-error` : undefined}
                />
                {problem ? (
                  <p id={`${id}-error`} className={fieldError}>
                    {t(`filters.problem.${problem}`)}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
        <div className={actions}>
          <button type="submit" className={button({ size: 'sm' })}>
            {t('filters.search')}
          </button>
          {active > 0 ? (
            <button type="button" className={button({ variant: 'outline', size: 'sm' })} onClick={props.onClear}>
              {t('filters.clear')}
            </button>
          ) : null}
        </div>
      </form>
    </details>
  );
}
