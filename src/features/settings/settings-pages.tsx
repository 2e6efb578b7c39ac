import { ACCOUNT_INFO_PATH, SETTINGS_LEGAL_PATH } from '../../config/paths';
import { screenByPath } from '../../app/router/screen-by-path';
import { AccountInfoPage } from './account-info-page';
import { SettingsLegalPage } from './settings-legal-page';
import { SettingsPage } from './settings-page';

/** The settings screens of issue 7 as one lazy page; /settings is the fallback. */
export const SettingsPages = screenByPath({ [ACCOUNT_INFO_PATH]: AccountInfoPage, [SETTINGS_LEGAL_PATH]: SettingsLegalPage }, SettingsPage);
