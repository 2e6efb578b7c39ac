import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/use-api';
import { SessionContext } from '../../app/providers/session-context';
import { PageHeader } from '../../ui/page-header';
import { FindPeopleSection } from './find-people-section';
import { InviteFriendsSection } from './invite-friends-section';
import { peopleCalls } from './people-calls';
import { PhoneVerificationSection } from './phone-verification-section';
import { sections } from './people-styles';

/** /contacts (issue 7): find people and connect, the contacts, phone verification and inviting friends. */
export function ContactsPage() {
  const { t } = useTranslation('people');
  const { t: tc } = useTranslation();
  const api = useApi();
  const user = SessionContext.useSelector((snapshot) => snapshot.context.user);
  const userId = user?.userId ?? '';
  const calls = useMemo(() => peopleCalls(api, userId), [api, userId]);
  return (
    <>
      <PageHeader title={tc('routes.contacts')} lead={t('contacts.lead')} />
      <div className={sections}>
        <FindPeopleSection userId={userId} calls={calls} />
        <PhoneVerificationSection userId={userId} calls={calls} />
        <InviteFriendsSection userId={userId} username={user?.username ?? ''} calls={calls} />
      </div>
    </>
  );
}
