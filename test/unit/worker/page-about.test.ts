import { describe, expect, it } from 'vitest';
import { aboutOnPage } from '@/lib/panel/worker/page-about';
import type { Detection } from '@/lib/detect/detection';

const MAYA = 'https://www.linkedin.com/in/maya-chen/';
const onProfile = (person: Detection['person']): Detection => ({ kind: 'person', person, confidence: 1 }) as Detection;

describe('who the page showed, recorded with a lookup asked from it', () => {
  it.each([
    ['the profile the page shows, with its company', onProfile({ fullName: ' Maya  Chen ', company: 'Northwind Analytics', profileUrl: MAYA }), { profileUrl: MAYA }, { name: 'Maya Chen', company: 'Northwind Analytics' }],
    ['the same profile written otherwise (query, case)', onProfile({ fullName: 'Maya Chen', profileUrl: MAYA }), { profileUrl: 'https://www.linkedin.com/in/Maya-Chen/?trk=x' }, { name: 'Maya Chen' }],
    ['another profile than the page shows', onProfile({ fullName: 'Maya Chen', profileUrl: MAYA }), { profileUrl: 'https://www.linkedin.com/in/alex-morgan/' }, undefined],
    ['a lookup by phone, not by the profile', onProfile({ fullName: 'Maya Chen', profileUrl: MAYA }), { phone: '+14155550110' }, undefined],
    ['a page that showed no name', onProfile({ profileUrl: MAYA }), { profileUrl: MAYA }, undefined],
    ['no detection on the tab', null, { profileUrl: MAYA }, undefined],
  ])('%s', (_, detection, input, expected) => {
    expect(aboutOnPage(detection, input)).toEqual(expected);
  });
});
