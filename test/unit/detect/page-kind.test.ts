import { describe, expect, it } from 'vitest';
import { microblogUsernameFromUrl, pageKindFromUrl } from '@/lib/detect/content/page-kind';

describe('pageKindFromUrl', () => {
  it.each([
    ['https://www.linkedin.com/in/jane-doe-8a1b2c/', 'person'],
    ['https://linkedin.com/in/jane-doe', 'person'],
    ['https://fr.linkedin.com/in/%C3%A9lodie-durand/', 'person'],
    ['https://www.linkedin.com/in/jane-doe/details/experience/', 'person'],
    ['https://www.linkedin.com/in/jane-doe/overlay/contact-info/', 'person'],
    ['https://www.linkedin.com/in/jane-doe?miniProfileUrn=urn%3Ali%3Afs_miniProfile%3AACoAA', 'person'],
    ['https://www.linkedin.com/in/', 'other'],
    ['https://www.linkedin.com/company/acme-corp/', 'company'],
    ['https://www.linkedin.com/company/acme-corp/about/', 'company'],
    ['https://www.linkedin.com/company/acme-corp/people/?keywords=x', 'company'],
    ['https://www.linkedin.com/company/acme-corp/jobs/', 'company'],
    ['https://www.linkedin.com/sales/lead/ACwAAA1b2C3,NAME_SEARCH,x9Yz', 'salesLead'],
    ['https://www.linkedin.com/sales/people/ACwAAA1b2C3,NAME_SEARCH,x9Yz', 'salesLead'],
    ['https://www.linkedin.com/sales/home', 'other'],
    ['https://www.linkedin.com/search/results/people/?keywords=jane', 'peopleSearch'],
    ['https://www.linkedin.com/search/results/people', 'peopleSearch'],
    ['https://www.linkedin.com/search/results/companies/?keywords=acme', 'other'],
    ['https://www.linkedin.com/feed/', 'other'],
    ['https://www.linkedin.com/', 'other'],
    ['https://x.com/ada_builds', 'microblogProfile'],
    ['https://twitter.com/Ada_Builds/', 'microblogProfile'],
    ['https://mobile.twitter.com/ada_builds/media', 'microblogProfile'],
    ['https://x.com/ada_builds/status/1234567890', 'other'],
    ['https://x.com/home', 'other'],
    ['https://x.com/explore/tabs/for-you', 'other'],
    ['https://x.com/notifications', 'other'],
    ['https://x.com/messages', 'other'],
    ['https://x.com/i/bookmarks', 'other'],
    ['https://x.com/settings/account', 'other'],
    ['https://x.com/search?q=dossier', 'other'],
    ['https://x.com/compose/post', 'other'],
    ['https://x.com/tos', 'other'],
    ['https://x.com/privacy', 'other'],
    ['https://x.com/login', 'other'],
    ['https://x.com/i/flow/signup', 'other'],
    ['https://x.com/', 'other'],
    ['https://x.com/this-is-not-a-username', 'other'],
    ['https://www.linkedin.com.evil.example/in/jane-doe/', 'other'],
    ['https://evil.example/?u=https://www.linkedin.com/in/jane-doe/', 'other'],
    ['javascript:alert(1)', 'other'],
    ['not a url', 'other'],
  ])('%s → %s', (url, kind) => {
    expect(pageKindFromUrl(url)).toBe(kind);
  });

  it('reads the microblog username only from profile URLs', () => {
    expect(microblogUsernameFromUrl('https://x.com/Ada_Builds/with_replies')).toBe('Ada_Builds');
    expect(microblogUsernameFromUrl('https://x.com/Home')).toBeUndefined();
    expect(microblogUsernameFromUrl('https://example.com/ada_builds')).toBeUndefined();
  });
});
