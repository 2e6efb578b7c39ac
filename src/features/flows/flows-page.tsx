import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLOW_NAMES, isFlowName, type FlowName } from '../../../machines/flow-catalogue';
import { PageHeader } from '../../ui/page-header';
import { useQueryParam } from '../../lib/use-query-param';
import { FlowExplorer } from './flow-explorer';
import { useFlowEntry } from './use-flow-entry';

/**
 * /flows (issue 9): pick a catalogued machine and see it laid out; step it with its catalogue fakes, play a
 * generated test path, show what the tests cover, or follow the running app live. Each machine's entry is loaded
 * when it is picked (machines/flow-catalogue.ts), so the route carries the explorer, not the catalogue.
 */
export function FlowsPage() {
  const { t } = useTranslation('atlas');
  const requested = useQueryParam('machine');
  const [name, setName] = useState<FlowName>(isFlowName(requested) ? requested : FLOW_NAMES[0]!);
  const { loaded, failed } = useFlowEntry(name);

  return (
    <>
      <PageHeader title={t('flows.title')} lead={t('flows.lead')} />
      {failed ? <p role="alert">{t('flows.loadFailed')}</p> : null}
      {loaded ? <FlowExplorer flow={loaded} picked={name} onPick={setName} /> : failed ? null : <p>{t('flows.loading')}</p>}
    </>
  );
}
