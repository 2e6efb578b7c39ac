import { SupportWidgets } from './support-widgets';
import { VersionCheck } from './version-check';

/** Everything that runs beside the pages for the whole visit; loaded after idle by LazyAppServices. */
export function AppServices() {
  return (
    <>
      <VersionCheck />
      <SupportWidgets />
    </>
  );
}
