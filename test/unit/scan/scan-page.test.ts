import { afterEach, describe, expect, it } from 'vitest';
import { scanPage } from '@/lib/scan/content';
import { pageAt } from '@/test/unit/detect/dom';

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

function page(body: string, head = '') {
  const built = pageAt('https://team.example/contacts', `<!DOCTYPE html><html lang="en-GB"><head>${head}</head><body>${body}</body></html>`);
  open.push(built.close);
  return built.document;
}

const values = (found: Array<{ kind: string; value: string }>) => found.map(({ kind, value }) => `${kind}:${value}`);

describe('scanPage', () => {
  it('finds visible emails and numbers in text and links, once each, with their nodes', async () => {
    const doc = page(`
      <main>
        <p>Write to <b>Jane.Doe@Team.example</b> or call 020 7946 0958.</p>
        <p>Again: jane.doe@team.example, +44 20 7946 0958.</p>
        <a href="mailto:press@team.example?subject=Hi">Press office</a>
        <a href="tel:+33612345678">Call our Paris desk</a>
        <a href="MAILTO:JANE.DOE@TEAM.EXAMPLE">jane</a>
      </main>`);
    const found = await scanPage(doc, { region: 'GB' });
    expect(values(found)).toEqual(['email:jane.doe@team.example', 'phone:+442079460958', 'email:press@team.example', 'phone:+33612345678']);
    expect(found[0]).toMatchObject({ display: 'Jane.Doe@Team.example' });
    expect(found[0]!.node?.nodeType).toBe(3);
    expect(found[1]).toMatchObject({ display: '020 7946 0958' });
    expect((found[2]!.node as Element).tagName).toBe('A');
  });

  it('skips what the user cannot see or typed themselves', async () => {
    const doc = page(
      `
      <code style="display:none">{"phone":"+44 20 7946 0001","mail":"hidden1@team.example","img":"promote@2x.png"}</code>
      <div hidden>hidden2@team.example +44 20 7946 0002</div>
      <div aria-hidden="true"><span>hidden3@team.example</span></div>
      <div class="gone"><p><span>hidden4@team.example</span></p></div>
      <p style="visibility:hidden">hidden5@team.example</p>
      <div style="display: none"><a href="mailto:hidden6@team.example">x</a><a href="tel:+442079460006">y</a></div>
      <script>var mail = "hidden7@team.example", tel = "+44 20 7946 0007";</script>
      <style>/* hidden8@team.example */</style>
      <noscript>hidden9@team.example</noscript>
      <template><p>hidden10@team.example</p></template>
      <textarea>typed1@team.example +44 20 7946 0011</textarea>
      <input value="typed2@team.example">
      <select><option>typed3@team.example</option></select>
      <div contenteditable="true"><p>typed4@team.example</p></div>
      <p class="shown">visible@team.example</p>
      <p style="visibility:hidden"><span style="visibility:visible">shown-again@team.example</span></p>`,
      '<style>.gone { display: none }</style>',
    );
    expect(values(await scanPage(doc, { region: 'GB' }))).toEqual(['email:visible@team.example', 'email:shown-again@team.example']);
  });

  it('skips text in hidden subtrees, however deep, and reads it again where it shows', async () => {
    const menu = (n: number, hide: string) =>
      `<div role="menu" ${hide}><div><div><span>Call support +44 20 7946 01${n}0</span></div></div><div><span>menu${n}@team.example</span></div></div>`;
    const doc = page(
      `
      ${menu(1, 'style="display:none"')}
      ${menu(2, 'class="closed"')}
      ${menu(3, 'hidden')}
      ${menu(4, 'aria-hidden="true"')}
      <svg aria-label="Chart"><title>+44 20 7946 0140 in a tooltip</title><desc>svg@team.example</desc><defs><text id="t">defs@team.example</text></defs></svg>
      <div style="display: contents">+44 20 7946 0150 in a box-less wrapper</div>
      <article><div><div><div><p>@Ada_Builds wrote: reach shown@team.example or +44 20 7946 0160</p></div></div></div></article>`,
      '<style>.closed { display: none }</style>',
    );
    expect(values(await scanPage(doc, { region: 'GB' }))).toEqual(['phone:+442079460150', 'email:shown@team.example', 'phone:+442079460160']);
  });

  it('asks no style question for text whose look-alikes the shape tests drop', async () => {
    const doc = page(
      `<p>Order 1234567890 placed 2024-05-12</p><p>build 3.12.40411.2291</p><p>total $1,234,567.00</p>
      <p>icon promote@2x.png</p><p>ISBN 978-1-234-56789-0</p><p>call +44 20 7946 0170</p>`,
    );
    const view = doc.defaultView!;
    const asked: string[] = [];
    const styleOf = view.getComputedStyle.bind(view);
    view.getComputedStyle = (element: Element) => {
      asked.push(element.textContent ?? '');
      return styleOf(element);
    };
    expect(values(await scanPage(doc, { region: 'GB' }))).toEqual(['phone:+442079460170']);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((text) => text.includes('7946 0170'))).toBe(true);
  });

  it('finds a number repeated on the page in each place it shows, and not where it is hidden', async () => {
    const card = (n: number, hide = '') => `<div ${hide}><p>Support: 020 7946 0180</p><p>card${n}@team.example</p></div>`;
    const doc = page(`${card(1, 'hidden')}${card(2)}${card(3)}<p>+44 20 7946 0180 again</p>`);
    const found = await scanPage(doc, { region: 'GB' });
    expect(values(found)).toEqual(['phone:+442079460180', 'email:card2@team.example', 'email:card3@team.example']);
    expect(found[0]).toMatchObject({ display: '020 7946 0180' });
  });

  it('scans only under an element root', async () => {
    const doc = page('<p>outside@team.example</p><section id="card"><p>inside@team.example</p></section>');
    expect(values(await scanPage(doc.getElementById('card')!))).toEqual(['email:inside@team.example']);
  });

  it('finds only international numbers without a region', async () => {
    const doc = page('<p>020 7946 0958 and +33 6 12 34 56 78</p>');
    expect(values(await scanPage(doc))).toEqual(['phone:+33612345678']);
  });

  it('yields to the page between slices', async () => {
    const doc = page(Array.from({ length: 2000 }, (_, i) => `<p>Paragraph ${i} without contacts</p>`).join('') + '<p>last@team.example</p>');
    let yields = 0;
    const found = await scanPage(doc, {
      budgetMs: 0,
      yieldToPage: async () => {
        yields += 1;
      },
    });
    expect(values(found)).toEqual(['email:last@team.example']);
    expect(yields).toBeGreaterThan(10);
  });

  it('stops when aborted, before or during the scan', async () => {
    const doc = page(Array.from({ length: 500 }, (_, i) => `<p>p${i}@team.example</p>`).join(''));
    const before = new AbortController();
    before.abort(new Error('closed'));
    await expect(scanPage(doc, { signal: before.signal })).rejects.toThrow('closed');

    const during = new AbortController();
    const scan = scanPage(doc, {
      signal: during.signal,
      budgetMs: 0,
      yieldToPage: async () => during.abort(new Error('navigated away')),
    });
    await expect(scan).rejects.toThrow('navigated away');
  });

  it('uses the default yield when none is given', async () => {
    const doc = page(Array.from({ length: 300 }, (_, i) => `<p>line ${i}</p>`).join('') + '<p>+44 20 7946 0958</p>');
    expect(values(await scanPage(doc, { budgetMs: 0 }))).toEqual(['phone:+442079460958']);
  });
});
