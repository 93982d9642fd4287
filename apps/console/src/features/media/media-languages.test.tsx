import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Locale } from '@bursary/shared';
import { renderApp, signInWithRole } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { english, french, serveLocales } from '@/testing/locales';
import { makeMediaItem, serveMedia } from '@/testing/media-api';
import { mediaLabel } from '@/lib/media-label';

const user = userEvent.setup({ delay: null });

const swahili: Locale = { code: 'sw', name: 'Kiswahili', fallback: null, public: true, default: false };
// not on the website yet: the library does not badge it
const german: Locale = { code: 'de', name: 'Deutsch', fallback: null, public: false, default: false };

const translated = makeMediaItem({
  name: `${'b'.repeat(64)}.jpg`,
  file_name: 'graduation.jpg',
  alt: 'Graduates throw their caps',
  alt_by_locale: { en: 'Graduates throw their caps', fr: 'Des diplômés lancent leur toque', sw: '', de: '' },
});
const untranslated = makeMediaItem({
  name: `${'c'.repeat(64)}.png`,
  file_name: 'crest.png',
  alt: '',
  alt_by_locale: { en: '', fr: '', sw: '', de: '' },
});

const cardOf = (name: string) =>
  waitFor(() => {
    const thumbnail = [...document.querySelectorAll('img')].find((img) =>
      img.getAttribute('src')?.startsWith(`/media/${name}`),
    );
    const card = thumbnail?.closest('li');
    if (!card) throw new Error(`no card shows ${name}`);
    return card;
  });

async function open(role: 'editor' | 'viewer' = 'editor') {
  signInWithRole(role);
  renderApp('/media');
  // the first test also loads the screen's lazy chunk, which is slow on a busy machine
  await screen.findByRole('heading', { level: 1, name: 'Media' }, { timeout: 10_000 });
}

describe('/media with two or more languages', { timeout: 15_000 }, () => {
  it('reads every language and badges each public language an image has no alternative text in', async () => {
    serveLocales([english, french, swahili, german]);
    const api = serveMedia([translated, untranslated]);
    await open();
    const first = within(await cardOf(translated.name));
    expect(first.getByText('SW alt text missing')).toBeInTheDocument();
    expect(first.queryByText('FR alt text missing')).not.toBeInTheDocument();
    expect(first.queryByText('DE alt text missing')).not.toBeInTheDocument();
    expect(first.queryByText('No alternative text')).not.toBeInTheDocument();
    const second = within(await cardOf(untranslated.name));
    expect(second.getByText('No alternative text')).toBeInTheDocument();
    expect(second.getByText('FR alt text missing')).toBeInTheDocument();
    expect(second.getByText('SW alt text missing')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'GET').every((call) => call.query.locale === '*')).toBe(true);
  });

  it("edits the language chosen with 'Language', saving it with ?locale, and keeps the default's as it was", async () => {
    serveLocales([english, french, swahili]);
    const api = serveMedia([translated, untranslated]);
    await open();
    const card = within(await cardOf(translated.name));
    expect(card.getByLabelText('Alternative text')).toHaveValue('Graduates throw their caps');
    const language = screen.getByRole('combobox', { name: 'Language' });
    expect(
      within(language)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English (default)', 'Français', 'Kiswahili']);

    await user.selectOptions(language, 'sw');
    const input = card.getByLabelText('Alternative text (Kiswahili)');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('lang', 'sw');
    await user.type(input, 'Wahitimu wanarusha kofia zao{Enter}');
    await expectToast('Alternative text saved');
    expect(api.writes().map((call) => [call.method, call.path, call.query, call.json])).toEqual([
      ['PATCH', `/api/media/${translated.name}`, { locale: 'sw' }, { alt: 'Wahitimu wanarusha kofia zao' }],
    ]);
    // the badge goes, and the default language's text is still its own
    await waitFor(() => expect(card.queryByText('SW alt text missing')).not.toBeInTheDocument());
    await user.selectOptions(language, 'en');
    expect(card.getByLabelText('Alternative text')).toHaveValue('Graduates throw their caps');
    await user.selectOptions(language, 'fr');
    expect(card.getByLabelText('Alternative text (Français)')).toHaveValue('Des diplômés lancent leur toque');
    expect(
      card.getByRole('button', { name: `Save the alternative text of ${mediaLabel(translated)} in Français` }),
    ).toBeDisabled();
  });

  it("shows the default language's text beside another language's, as the reference, and not beside its own", async () => {
    serveLocales([english, french, swahili]);
    serveMedia([translated, untranslated]);
    await open();
    const card = within(await cardOf(translated.name));
    expect(card.queryByRole('note', { name: 'Alternative text in English (default)' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'sw');
    const reference = card.getByRole('note', { name: 'Alternative text in English (default)' });
    expect(reference).toHaveTextContent('Graduates throw their caps');
    expect(reference).toHaveAttribute('lang', 'en');
    expect(card.getByLabelText('Alternative text (Kiswahili)')).toHaveValue('');
    // an image with no text in the default language says so, rather than showing an empty box
    const bare = within(await cardOf(untranslated.name));
    expect(bare.getByRole('note', { name: 'Alternative text in English (default)' })).toHaveTextContent('None yet');
  });

  it('shows a viewer the text of the language chosen, read-only', async () => {
    serveLocales([english, french]);
    serveMedia([translated]);
    await open('viewer');
    const card = within(await cardOf(translated.name));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr');
    expect(card.getByText('Alternative text (Français)')).toBeInTheDocument();
    expect(card.getByText('Des diplômés lancent leur toque')).toBeInTheDocument();
    expect(card.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('with one language, reads and shows the library as before: no switcher, no badges by language', async () => {
    serveLocales([english]);
    const api = serveMedia([untranslated]);
    await open();
    const card = within(await cardOf(untranslated.name));
    expect(card.getByText('No alternative text')).toBeInTheDocument();
    expect(card.queryByText(/alt text missing/)).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();
    expect(api.calls.some((call) => 'locale' in call.query)).toBe(false);
  });
});
