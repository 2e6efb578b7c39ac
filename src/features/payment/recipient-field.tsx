import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormMessage } from '../../../machines/forms/field-errors';
import type { Person } from '../../../machines/payments/person';
import { recipientSearchMachine } from '../../../machines/recipient-search.machine';
import { recipientSearchView, type RecipientSearchView } from '../../../machines/recipient-search.view';
import { css, cx } from '../../../styled-system/css';
import { Avatar } from '../../ui/avatar';
import { errorId, hintId } from '../../ui/form/text-field';
import { fieldBox, fieldError, fieldHint, fieldInput, fieldLabel } from '../../ui/form/form-styles';
import { useFormText } from '../../ui/form/use-form-text';
import { button } from '../../ui/button-styles';
import type { PaymentCalls } from './use-payment-calls';

const listBox = css({
  mt: '1',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'xl',
  bg: 'bg.surface',
  boxShadow: 'card',
  listStyle: 'none',
  p: '1',
  m: '0',
  maxH: '72',
  overflowY: 'auto',
});
const option = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  borderRadius: 'lg',
  cursor: 'pointer',
  _hover: { bg: 'accent.subtle' },
  '&[aria-selected=true]': { bg: 'accent.subtle' },
});
const optionName = css({ display: 'grid', fontSize: 'sm' });
const username = css({ fontWeight: 'semibold', color: 'fg.default' });
const fullName = css({ color: 'fg.muted' });
const status = css({ fontSize: 'sm', color: 'fg.muted', mt: '1' });

export interface RecipientFieldProps {
  id: string;
  label: string;
  calls: Pick<PaymentCalls, 'searchUsers'>;
  /** Already chosen (a receiver the screen was opened with, or the step revisited). */
  initial: Person | null;
  error?: FormMessage | undefined;
  onSelectionChange: (person: Person | null) => void;
}

/**
 * The recipient combobox (ARIA 1.2 combobox with a list box): renders the recipient-search machine, which decides
 * when to search, what is listed and whether the choice still stands. Only the highlighted option (arrow keys)
 * is the view's own: it is where the keyboard is, not part of the flow.
 */
export function RecipientField({ id, label, calls, initial, error, onSelectionChange }: RecipientFieldProps) {
  const { t } = useTranslation('payments');
  const text = useFormText();
  const logic = useMemo(
    () =>
      recipientSearchMachine.provide({
        actors: { searchUsers: calls.searchUsers },
        actions: { reportSelection: (_, params) => onSelectionChange(params.person) },
      }),
    [calls, onSelectionChange],
  );
  const [state, send] = useMachine(logic, { input: { selected: initial }, inspect: appInspect });
  const [active, setActive] = useState(0);
  const { results, text: value } = state.context;
  const view = recipientSearchView(state);
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const errorText = text(error);
  const describedBy = [errorText ? errorId(id) : null, hintId(id)].filter(Boolean).join(' ');

  const choose = (person: Person | undefined) => {
    if (person) send({ type: 'SELECT', person });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!view.open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(results[active]);
    }
  };

  return (
    <div className={fieldBox}>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <input
        id={id}
        className={fieldInput}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={view.open}
        aria-controls={listId}
        aria-activedescendant={view.open && results[active] ? optionId(active) : undefined}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => {
          setActive(0);
          send({ type: 'TYPE', text: event.currentTarget.value });
        }}
        onKeyDown={onKeyDown}
      />
      <SuggestionList
        id={listId}
        label={t('fields.suggestions')}
        people={view.open ? results : []}
        open={view.open}
        active={active}
        optionId={optionId}
        onChoose={choose}
      />
      <SearchStatus view={view} onRetry={() => send({ type: 'RETRY' })} />
      {errorText ? (
        <p id={errorId(id)} className={fieldError}>
          {errorText}
        </p>
      ) : null}
      <p id={hintId(id)} className={fieldHint}>
        {t('fields.recipientHint')}
      </p>
    </div>
  );
}

/** The list box of suggestions (hidden while closed): each person with their photo, @username and name. */
function SuggestionList({
  id,
  label,
  people,
  open,
  active,
  optionId,
  onChoose,
}: {
  id: string;
  label: string;
  people: Person[];
  open: boolean;
  active: number;
  optionId: (index: number) => string;
  onChoose: (person: Person) => void;
}) {
  return (
    <ul id={id} role="listbox" aria-label={label} className={cx(listBox, open ? undefined : css({ display: 'none' }))}>
      {people.map((person, index) => (
        <li
          key={person.userId}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          className={option}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(person)}
        >
          <Avatar src={person.photo} alt="" size="sm" />
          <span className={optionName}>
            <span className={username}>@{person.username}</span>
            {person.fullName ? <span className={fullName}>{person.fullName}</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The line under the field (searching, nobody found, who is chosen) and a failed search with Retry. */
function SearchStatus({ view, onRetry }: { view: RecipientSearchView; onRetry: () => void }) {
  const { t } = useTranslation('payments');
  return (
    <>
      <div role="status" className={status}>
        {view.status ? t(view.status.key, view.status) : null}
      </div>
      {view.retry ? (
        <p className={status}>
          {t('search.failed')}{' '}
          <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={onRetry}>
            {t('search.retry')}
          </button>
        </p>
      ) : null}
    </>
  );
}
