import { describe, expect, it } from 'vitest';
import { authorityOf, countryOf, guessNoticeLanguage } from '@/lib/notice/place';

/** The notice's language, guessed from the free-text location a profile gives; the user can change it. */
describe('the language of a notice', () => {
  it.each([
    ['Paris, Île-de-France, France', 'fr', 'FR'],
    ['Greater Lyon Area', 'fr', 'FR'],
    ['München, Bayern, Deutschland', 'de', 'DE'],
    ['Vienna, Austria', 'de', 'AT'],
    ['Madrid, Comunidad de Madrid, España', 'es', 'ES'],
    ['Ciudad de México, Mexico', 'es', 'MX'],
    ['Buenos Aires, Argentina', 'es', 'AR'],
    ['London, England, United Kingdom', 'en', 'GB'],
    // The last words win: this Paris is in Texas.
    ['Paris, Texas, United States', 'en', 'US'],
  ])('%s reads as %s', (location, language, country) => {
    expect(guessNoticeLanguage(location, 'de')).toEqual({ language, basis: 'country', country });
  });

  it('decides a multilingual country by its region or city', () => {
    expect(guessNoticeLanguage('Liège, Wallonie, Belgique', 'en')).toMatchObject({ language: 'fr', basis: 'region', country: 'BE' });
    expect(guessNoticeLanguage('Eupen, Belgium', 'en')).toMatchObject({ language: 'de', basis: 'region' });
    expect(guessNoticeLanguage('Genève, Suisse', 'de')).toMatchObject({ language: 'fr', basis: 'region', country: 'CH' });
    expect(guessNoticeLanguage('Zürich, Switzerland', 'fr')).toMatchObject({ language: 'de', basis: 'region' });
    expect(guessNoticeLanguage('Montréal, Québec, Canada', 'en')).toMatchObject({ language: 'fr', basis: 'region' });
    // A Flemish city: no Dutch notice, so English rather than a language of the other half.
    expect(guessNoticeLanguage('Antwerpen, Vlaanderen, België', 'fr')).toMatchObject({ language: 'en', basis: 'fallback' });
  });

  it('falls back on the user’s language where the country speaks it or nothing is known, else English', () => {
    expect(guessNoticeLanguage('Belgium', 'fr-BE')).toEqual({ language: 'fr', basis: 'fallback', country: 'BE' });
    expect(guessNoticeLanguage('Switzerland', 'es')).toEqual({ language: 'en', basis: 'fallback', country: 'CH' });
    expect(guessNoticeLanguage('Milan, Lombardy, Italy', 'fr')).toEqual({ language: 'en', basis: 'fallback', country: 'IT' });
    expect(guessNoticeLanguage(undefined, 'es')).toEqual({ language: 'es', basis: 'fallback', country: null });
    expect(guessNoticeLanguage('Somewhere remote', 'pt')).toEqual({ language: 'en', basis: 'fallback', country: null });
  });

  it('finds no country in words that only contain a country’s letters', () => {
    expect(countryOf('Franceville')).toBeNull();
    expect(countryOf('Remote')).toBeNull();
  });

  it('names an authority only where the notice knows it', () => {
    expect(authorityOf('FR')).toBe('FR');
    expect(authorityOf('ES')).toBe('ES');
    expect(authorityOf('IT')).toBe('other');
    expect(authorityOf(null)).toBe('other');
  });
});
