// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactCard } from '@/components/card/ContactCard';
import { usePreferences } from '@/components/settings/preferences-store';
import { contactsOfAnswer } from '@/lib/card/from-answer';
import { sendMessage } from '@/lib/contracts/messenger';
import { DEFAULT_PREFERENCES } from '@/lib/settings/preferences';
import { answer, mayaEnrichment } from '@/test/unit/card/fixtures';

vi.mock('@/lib/contracts/messenger', () => ({ sendMessage: vi.fn() }));
vi.mock('@/components/settings/preferences-store', async (actual) => ({ ...(await actual<object>()), startPreferencesMirror: vi.fn(() => () => {}) }));

/** "Notice for this person" on the card: persons only, the company first, the language the user can change. */
const COMPANY = { ...DEFAULT_PREFERENCES.notice, legalName: 'Acme Ventes SAS', postalAddress: '12 rue de la Paix, Paris', privacyEmail: 'privacy@acme.example' };

function connectedCrms(labels: string[]) {
  vi.mocked(sendMessage).mockImplementation((async (name: string) => {
    if (name === 'crmStatus') return { ok: true, value: { connected: labels.map((label) => ({ target: label.toLowerCase(), label })) } };
    if (name === 'bookNoticeForCrm') return { ok: true, value: { preparedAt: 1 } };
    return { ok: false, error: { kind: 'unused', message: 'unused' } };
  }) as never);
}

beforeEach(() => {
  usePreferences.setState({ prefs: DEFAULT_PREFERENCES, loaded: true });
  connectedCrms([]);
});
afterEach(cleanup);

async function mayaCard() {
  const { person, company } = await contactsOfAnswer(answer('enrichPerson', mayaEnrichment(), Date.UTC(2026, 2, 12)));
  render(<ContactCard subject={{ person, company, seed: null }} />);
  return { person: person!, company: company! };
}

describe('the notice on the card', () => {
  it('says what is missing until the company is set, then writes the notice, guessed in English for someone in the United States, changeable', async () => {
    await mayaCard();
    fireEvent.click(screen.getByRole('button', { name: 'Notice for this person' }));
    const region = await screen.findByRole('region', { name: 'Privacy notice for Maya Chen' });
    expect(within(region).getByRole('alert').textContent).toMatch(/^A notice must say who is responsible for the data\. Set your company’s legal name, postal address,? and email for privacy requests/);
    expect(within(region).queryByLabelText('Notice text')).toBeNull();

    usePreferences.setState({ prefs: { ...DEFAULT_PREFERENCES, notice: COMPANY }, loaded: true });
    const text = (await within(region).findByLabelText('Notice text')) as HTMLTextAreaElement;
    expect((within(region).getByLabelText('Language of the notice') as HTMLSelectElement).value).toBe('en');
    expect(text.value).toMatch(/^Information about the processing of your personal data \(Article 14 GDPR\)/);
    expect(text.value).toContain('full profile lookup on 12 March 2026');
    fireEvent.change(within(region).getByLabelText('Language of the notice'), { target: { value: 'es' } });
    expect(text.value).toMatch(/^Información sobre el tratamiento de sus datos personales/);
    // No CRM connected: nothing to add a note to.
    expect(within(region).queryByRole('button', { name: 'Add to the next CRM note' })).toBeNull();
  });

  it('adds the notice, as shown, to the next CRM note when a CRM is connected', async () => {
    connectedCrms(['HubSpot']);
    usePreferences.setState({ prefs: { ...DEFAULT_PREFERENCES, notice: COMPANY }, loaded: true });
    const { person } = await mayaCard();
    fireEvent.click(screen.getByRole('button', { name: 'Notice for this person' }));
    const region = await screen.findByRole('region', { name: 'Privacy notice for Maya Chen' });
    fireEvent.click(await within(region).findByRole('button', { name: 'Add to the next CRM note' }));
    expect((await within(region).findByRole('status')).textContent).toBe('Added: the note of Maya Chen’s next CRM push will hold this notice.');
    const shown = (within(region).getByLabelText('Notice text') as HTMLTextAreaElement).value;
    expect(shown).toContain('customer relationship management software (HubSpot)');
    expect(sendMessage).toHaveBeenCalledWith('bookNoticeForCrm', { id: person.id, text: shown, language: 'en' });
  });

  it('a webhook is no CRM: alone it offers no CRM note; beside a CRM it is not named among the recipients', async () => {
    connectedCrms(['Webhook']);
    usePreferences.setState({ prefs: { ...DEFAULT_PREFERENCES, notice: COMPANY }, loaded: true });
    await mayaCard();
    fireEvent.click(screen.getByRole('button', { name: 'Notice for this person' }));
    let region = await screen.findByRole('region', { name: 'Privacy notice for Maya Chen' });
    // The status is asked for on opening: let it answer before looking for what it decides.
    await vi.waitFor(() => expect(sendMessage).toHaveBeenCalledWith('crmStatus', undefined));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(within(region).queryByRole('button', { name: 'Add to the next CRM note' })).toBeNull();
    expect((within(region).getByLabelText('Notice text') as HTMLTextAreaElement).value).not.toContain('Webhook');
    cleanup();

    connectedCrms(['HubSpot', 'Webhook']);
    await mayaCard();
    fireEvent.click(screen.getByRole('button', { name: 'Notice for this person' }));
    region = await screen.findByRole('region', { name: 'Privacy notice for Maya Chen' });
    await within(region).findByRole('button', { name: 'Add to the next CRM note' });
    const shown = (within(region).getByLabelText('Notice text') as HTMLTextAreaElement).value;
    expect(shown).toContain('customer relationship management software (HubSpot)');
    expect(shown).not.toContain('Webhook');
  });

  it('is offered for people only, once the book holds them', async () => {
    const { company } = await contactsOfAnswer(answer('enrichPerson', mayaEnrichment(), Date.UTC(2026, 2, 12)));
    render(<ContactCard subject={{ person: null, company, seed: null }} />);
    expect(screen.queryByRole('button', { name: 'Notice for this person' })).toBeNull();
    cleanup();
    render(<ContactCard subject={{ person: null, company: null, seed: { kind: 'person', fullName: 'Maya Chen' } }} />);
    expect(screen.queryByRole('button', { name: 'Notice for this person' })).toBeNull();
  });
});

describe('closing the notice', () => {
  it('gives the focus back to "Notice for this person", since its Close button goes away with it', async () => {
    usePreferences.setState({ prefs: { ...DEFAULT_PREFERENCES, notice: COMPANY }, loaded: true });
    await mayaCard();
    const open = screen.getByRole('button', { name: 'Notice for this person' });
    fireEvent.click(open);
    const region = await screen.findByRole('region', { name: 'Privacy notice for Maya Chen' });
    const close = within(region).getByRole('button', { name: 'Close the notice' });
    close.focus();
    fireEvent.click(close);
    expect(screen.queryByRole('region', { name: 'Privacy notice for Maya Chen' })).toBeNull();
    expect(document.activeElement).toBe(open);
  });
});
