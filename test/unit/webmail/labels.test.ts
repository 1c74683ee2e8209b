import { describe, expect, it } from 'vitest';
import { addressIn, displayName, isCcLabel, nameInLabel, participantEmail } from '@/lib/webmail/participant';

describe('names in accessible names and titles', () => {
  it.each([
    ['Ada Lovelace <ada@x.example>', 'Ada Lovelace'],
    ['From: Ada Lovelace <ada@x.example>', 'Ada Lovelace'],
    ['De : Élodie Durand-Leclerc <elodie@x.example>', 'Élodie Durand-Leclerc'],
    ['Von: Jürgen Weiß <jurgen@x.example>', 'Jürgen Weiß'],
    ['"Fischer, Lena" <lena@x.example>', 'Fischer, Lena'],
    ['Ada Lovelace ada@x.example', 'Ada Lovelace'],
    ['  Ada\u202e  Lovelace\u200b <ada@x.example>', 'Ada Lovelace'],
    ['ada@x.example', null],
    ['<ada@x.example>', null],
    ['ada@x.example <ada@x.example>', null],
    ['', null],
    [null, null],
  ])('%j → %j', (label, name) => {
    expect(nameInLabel(label)).toBe(name);
  });

  it('caps a name at 120 characters', () => {
    expect(displayName('A'.repeat(10_000))).toHaveLength(120);
  });
});

describe('addresses in labels', () => {
  it.each([
    ['Ada Lovelace <Ada@X.Example>', 'ada@x.example'],
    ['Google Account: Grace Hopper\n(grace.hopper@inbox.example)', 'grace.hopper@inbox.example'],
    ['Grace Hopper\ngrace.hopper@contoso.example', 'grace.hopper@contoso.example'],
    ['mailto:ada@x.example', 'ada@x.example'],
    ['Ada, ada@x.example.', 'ada@x.example'],
    ['Account manager for Grace Hopper', null],
    ['Reply to all', null],
    ['@handle', null],
    [`${'a'.repeat(400)}@x.example`, null],
  ])('%j → %j', (label, email) => {
    expect(addressIn(label)).toBe(email);
  });

  it.each([
    ['Maya.Okafor@Northwind.example', 'maya.okafor@northwind.example'],
    [' maya@x.example ', 'maya@x.example'],
    ['maya', null],
    ['maya@localhost', null],
    [`${'m'.repeat(320)}@x.example`, null],
    ['', null],
    [null, null],
  ])('the email attribute %j → %j', (value, email) => {
    expect(participantEmail(value)).toBe(email);
  });
});

describe('Cc lines, in the UI languages', () => {
  it.each(['Cc recipients', 'cc:', 'Cc', 'Bcc recipients', 'Cci :', 'CCN', 'Cc-Empfänger'])('%j is a Cc line', (label) => {
    expect(isCcLabel(label)).toBe(true);
  });

  it.each(['To recipients', 'to:', 'À :', 'An:', 'Account', 'ccleaner', '', null])('%j is not', (label) => {
    expect(isCcLabel(label)).toBe(false);
  });
});
