import { appInspect } from '../../lib/app-inspector';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_SEARCH_MIN_CHARS } from '../../../domain/limits';
import { findPeopleMachine } from '../../../machines/find-people.machine';
import { findPeopleView, type FindPeopleView, type PersonRowView } from '../../../machines/find-people.view';
import { isApiFailure } from '../../../machines/forms/api-failure';
import type { Person } from '../../../machines/payments/person';
import { css } from '../../../styled-system/css';
import { i18n } from '../../i18n/i18n';
import { Avatar } from '../../ui/avatar';
import { button } from '../../ui/button-styles';
import { TextField } from '../../ui/form/text-field';
import { useNotify } from '../../ui/notifications/use-notify';
import { card, mutedText, sectionTitle } from '../../ui/page-styles';
import { LoadFailedPanel } from '../../ui/resource-panels';
import { Spinner } from '../../ui/spinner';
import type { PeopleCalls } from './people-calls';
import { personFullName, personList, personName, personRow, personUsername, subTitle } from './people-styles';

const who = css({ display: 'flex', alignItems: 'center', gap: '3', minW: '0' });

function PersonLabel({ person }: { person: Person }) {
  return (
    <div className={who}>
      <Avatar src={person.photo} alt={person.fullName ?? person.username} size="sm" />
      <span className={personName}>
        <span className={personUsername}>@{person.username}</span>
        {person.fullName ? <span className={personFullName}>{person.fullName}</span> : null}
      </span>
    </div>
  );
}

/** A list of people, each with "In contacts" or its Add button as the view-model gives it. */
function PeopleList({ rows, label, onAdd }: { rows: PersonRowView[]; label: string; onAdd: (person: Person) => void }) {
  const { t } = useTranslation('people');
  return (
    <ul className={personList} aria-label={label}>
      {rows.map(({ person, inContacts, add }) => (
        <li key={person.userId} className={personRow}>
          <PersonLabel person={person} />
          {inContacts ? (
            <span className={mutedText}>{t('find.inContacts')}</span>
          ) : (
            <button
              type="button"
              className={button({ variant: 'outline', size: 'sm' })}
              aria-label={t('find.addLabel', { name: `@${person.username}` })}
              disabled={!add.enabled}
              onClick={() => onAdd(person)}
            >
              {t(add.labelKey)}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Under the search field: the top people, "Searching…", the results, nothing found, or the failed search. */
function SearchOutcome({ view, onAdd, onRetry }: { view: FindPeopleView; onAdd: (person: Person) => void; onRetry: () => void }) {
  const { t } = useTranslation('people');
  return (
    <div aria-live="polite">
      {view.search === 'topPeople' ? (
        <>
          <h3 className={subTitle}>{t('find.topPeople')}</h3>
          {view.top.length === 0 ? <p className={mutedText}>{t('find.noTopPeople')}</p> : <PeopleList rows={view.top} label={t('find.topPeople')} onAdd={onAdd} />}
        </>
      ) : null}
      {view.search === 'searching' ? <p className={css({ mt: '4', color: 'fg.muted' })}>{t('find.searching')}</p> : null}
      {view.search === 'results' ? (
        <>
          <h3 className={subTitle}>{t('find.results')}</h3>
          <PeopleList rows={view.results} label={t('find.results')} onAdd={onAdd} />
        </>
      ) : null}
      {view.search === 'nothingFound' ? <p className={css({ mt: '4' })}>{t('find.nothingFound')}</p> : null}
      {view.search === 'failed' ? (
        <div className={css({ mt: '4', display: 'grid', gap: '2', justifyItems: 'start' })}>
          <p>{t('find.searchFailed')}</p>
          <button type="button" className={button({ variant: 'outline', size: 'sm' })} disabled={!view.retrySearch} onClick={onRetry}>
            {t('find.retrySearch')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The user's contacts, or the line that says there are none yet. */
function ContactsCard({ contacts }: { contacts: Person[] }) {
  const { t } = useTranslation('people');
  return (
    <section className={card} aria-labelledby="contacts-title">
      <h2 id="contacts-title" className={sectionTitle}>
        {t('contacts.title')}
      </h2>
      {contacts.length === 0 ? (
        <p className={css({ mt: '3', color: 'fg.muted' })}>{t('contacts.empty')}</p>
      ) : (
        <ul className={personList} aria-label={t('contacts.title')}>
          {contacts.map((person) => (
            <li key={person.userId} className={personRow}>
              <PersonLabel person={person} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Find people and connect, and the user's contacts (/contacts): renders the find-people machine — top people
 * until 3 characters are typed, then the search's results or 'nothing found'; each person can be added once.
 */
export function FindPeopleSection({ userId, calls }: { userId: string; calls: PeopleCalls }) {
  const { t } = useTranslation('people');
  const notify = useNotify();
  const logic = useMemo(
    () =>
      findPeopleMachine.provide({
        actors: { loadPeople: calls.loadPeople, searchUsers: calls.searchUsers, addContact: calls.addContact },
        actions: {
          notifyAdded: (_, { person }) => notify.success(i18n.t('people:find.added', { name: `@${person?.username ?? ''}` })),
          notifyAddFailed: (_, { error }) => notify.error(isApiFailure(error) && error.detail ? error.detail : i18n.t('errors:generic')),
        },
      }),
    [calls, notify],
  );
  const [state, send] = useMachine(logic, { input: { userId }, inspect: appInspect });
  const view = findPeopleView(state);

  if (view.part === 'loading') return <Spinner />;
  if (view.part === 'loadFailed') {
    return (
      <LoadFailedPanel message={t('contacts.loadFailed')} retryLabel={t('contacts.retry')} onRetry={() => send({ type: 'RETRY' })} size="md" />
    );
  }
  return (
    <>
      <section className={card} aria-labelledby="find-people-title">
        <h2 id="find-people-title" className={sectionTitle}>
          {t('find.title')}
        </h2>
        <div className={css({ mt: '4' })}>
          <TextField
            id="find-people-search"
            type="search"
            label={t('find.searchLabel')}
            hint={t('find.searchHint', { min: USER_SEARCH_MIN_CHARS })}
            value={state.context.text}
            autoComplete="off"
            spellCheck={false}
            onValueChange={(value) => send({ type: 'TYPE', text: value })}
          />
        </div>
        <SearchOutcome view={view} onAdd={(person) => send({ type: 'ADD', person })} onRetry={() => send({ type: 'RETRY_SEARCH' })} />
      </section>
      <ContactsCard contacts={view.contacts} />
    </>
  );
}
