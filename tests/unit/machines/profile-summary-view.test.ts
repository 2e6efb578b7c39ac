import { describe, expect, it } from 'vitest';
import { sidebarBio } from '../../../machines/profile-summary.view';

const profile = (bio: string, creator: boolean) => ({ bio_message: bio, photo_key: null, background_key: null, creator });

describe('the sidebar\'s bio line (issue 22 item 10)', () => {
  it('shows the bio when there is one, creator or not', () => {
    expect(sidebarBio(profile('Photos of the coast.', true))).toEqual({ kind: 'bio', text: 'Photos of the coast.' });
    expect(sidebarBio(profile('Photos of the coast.', false))).toEqual({ kind: 'bio', text: 'Photos of the coast.' });
  });

  it('asks a creator without a bio for one', () => {
    expect(sidebarBio(profile('', true))).toEqual({ kind: 'askForBio' });
    expect(sidebarBio(profile('   ', true))).toEqual({ kind: 'askForBio' });
  });

  it('asks nobody else, and says nothing before the profile has loaded', () => {
    expect(sidebarBio(profile('', false))).toBeNull();
    expect(sidebarBio(null)).toBeNull();
  });
});
