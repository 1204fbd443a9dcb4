// Several people with a switcher, editing a profile fact, the trace's graph and ranks, and the app on
// a phone-sized screen by keyboard. Offline mode: the answers come from the index alone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { serveStatic, launchBrowser, openPage, ready, ask } from './harness.mjs';

let site, browser;
before(async () => { site = await serveStatic(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await site?.close(); });

const profileText = (page) => page.textContent('.panel.profile');
const personShown = (page) => page.$eval('#person', (s) => s.selectedOptions[0]?.textContent);

async function addPerson(page, name) {
  await page.click('#add-person');
  await page.fill('#person-name', name);
  await page.keyboard.press('Enter');
}

test('two people keep their own facts and conversation, the choice survives reload, removal deletes one', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await ready(page);
  assert.equal(await personShown(page), 'Me');
  await ask(page, 'I am 65 years old and have had diabetes for 10 years. What is HbA1c?');
  assert.match(await profileText(page), /65/);

  await addPerson(page, 'Mom');
  await page.waitForFunction(() => document.querySelector('#person').selectedOptions[0]?.textContent === 'Mom');
  assert.equal(await page.locator('.turn').count(), 0, "Mom's conversation starts empty");
  assert.doesNotMatch(await profileText(page), /65|diabet/i);
  await ask(page, 'I am 40 years old and I have asthma. What are the symptoms of asthma?');
  // A follow-up answer is made for Mom, from Mom's profile.
  const followUp = await ask(page, 'What should I watch for?');
  assert.match(await followUp.textContent(), /age 40|40-year/i);
  assert.doesNotMatch(await followUp.textContent(), /age 65|65-year/);
  assert.match(await profileText(page), /Asthma/i);
  assert.doesNotMatch(await profileText(page), /65|diabet/i);

  // Switching shows the other person's conversation and facts.
  await page.selectOption('#person', { label: 'Me' });
  await page.waitForFunction(() => document.querySelectorAll('.turn.agent').length === 1);
  assert.match(await page.textContent('.turn.user .said'), /HbA1c/);
  assert.match(await profileText(page), /65/);
  assert.doesNotMatch(await profileText(page), /asthma/i);
  const mine = await ask(page, 'What should I watch for?');
  assert.match(await mine.textContent(), /age 65/);

  // The choice and everyone's data survive a reload.
  await page.selectOption('#person', { label: 'Mom' });
  await page.reload();
  await ready(page);
  assert.equal(await personShown(page), 'Mom');
  assert.equal(await page.locator('.turn.agent').count(), 2);
  assert.match(await profileText(page), /Asthma/i);
  await page.selectOption('#person', { label: 'Me' });
  await page.reload();
  await ready(page);
  assert.equal(await personShown(page), 'Me');
  assert.match(await profileText(page), /65/);

  // Export carries both people.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.deepEqual(exported.records['medagent.people'].data.people.map((p) => p.name), ['', 'Mom']);
  assert.match(JSON.stringify(exported.records['medagent.transcript']), /asthma/);

  // Names are checked; Escape closes the dialog and gives the focus back.
  await page.click('#add-person');
  await page.keyboard.press('Enter');
  assert.match(await page.textContent('#person-error'), /Enter a name/);
  assert.equal(await page.getAttribute('#person-name', 'aria-invalid'), 'true');
  await page.fill('#person-name', 'mom');
  await page.keyboard.press('Enter');
  assert.match(await page.textContent('#person-error'), /already on the list/);
  await page.keyboard.press('Escape');
  await page.waitForSelector('.person-form', { state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement.id), 'add-person');

  // Rename, then remove with a confirm step (Escape and Cancel keep her).
  await page.selectOption('#person', { label: 'Mom' });
  await page.click('#rename-person');
  assert.equal(await page.inputValue('#person-name'), 'Mom');
  await page.fill('#person-name', 'Mother');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#person').selectedOptions[0]?.textContent === 'Mother');
  await page.click('#remove-person');
  assert.match(await page.textContent('.dialog.confirm'), /Remove Mother\?/);
  await page.keyboard.press('Escape');
  await page.waitForSelector('.dialog.confirm', { state: 'detached' });
  assert.equal(await personShown(page), 'Mother');
  await page.click('#remove-person');
  await page.click('#remove-person-yes');
  await page.waitForFunction(() => document.querySelector('#person').options.length === 1);
  assert.equal(await personShown(page), 'Me');
  assert.equal(await page.locator('.turn.agent').count(), 2, "Me's conversation is shown");
  const stored = await page.evaluate(() => Object.values(localStorage).join('\n'));
  assert.ok(!stored.includes('I am 40 years old'), "Mother's questions are gone: conversation, transcript, cached answers");
  assert.ok(!stored.includes('person-1') && !stored.includes('Mother'), "Mother's profile and name are gone");
  assert.ok(stored.includes('What is HbA1c?'), "Me's data is kept");
  assert.equal(await page.isDisabled('#remove-person'), true, 'the last person cannot be removed');
  assert.deepEqual(problems, []);
  await context.close();
});

test('data stored before there were several people stays where it was, and nobody is hidden', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await ready(page);
  await page.evaluate(() => {
    localStorage.removeItem('medagent.people');
    localStorage.setItem('medagent.transcript', JSON.stringify({ schema: 1, data: { turns: {
      default: [{ question: 'An old question of mine', answer: 'An old answer' }],
      dad: [{ question: "Dad's old question", answer: 'Another answer' }] } } }));
  });
  await page.reload();
  await ready(page);
  assert.equal(await personShown(page), 'Me');
  assert.equal(await page.textContent('.turn.user .said'), 'An old question of mine');
  assert.deepEqual(await page.$$eval('#person option', (o) => o.map((e) => e.textContent)), ['Me', 'dad']);
  await page.selectOption('#person', { label: 'dad' });
  await page.waitForFunction(() => document.querySelector('.turn.user .said')?.textContent === "Dad's old question");
  assert.deepEqual(problems, []);
  await context.close();
});

test('a profile fact can be edited; a bad value gets a clear error and changes nothing', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await ready(page);
  await ask(page, 'My fasting glucose was 180 this morning. Is that high?');
  const fact = page.locator('.fact', { hasText: 'Fasting glucose' });
  assert.match(await fact.textContent(), /180 mg\/dL/);
  // Grouped by slot, with when it was said and its weight now.
  assert.equal(await page.textContent('h3.slot[data-slot="labs"]'), 'Labs');
  assert.match(await fact.locator('.fact-meta').textContent(), /\d+ min ago · weight 100%/);

  await fact.locator('.fact-edit').click();
  assert.equal(await page.inputValue('.fact-form input'), '180');
  await page.fill('.fact-form input', 'lots');
  await page.keyboard.press('Enter');
  assert.match(await page.textContent('.fact-form .field-error'), /Enter a number from 20 to 700 mg\/dL/);
  assert.equal(await page.getAttribute('.fact-form input', 'aria-invalid'), 'true');
  await page.keyboard.press('Escape');
  await page.waitForSelector('.fact-form', { state: 'detached' });
  assert.match(await fact.textContent(), /180 mg\/dL/, 'a refused edit changes nothing');
  // The focus comes back on the next animation frame, when the list is drawn anew.
  await page.waitForFunction(() => document.activeElement.classList.contains('fact-edit'), null, { timeout: 2_000 });

  await page.keyboard.press('Enter');
  await page.fill('.fact-form input', '126');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.fact-form', { state: 'detached' });
  assert.match(await fact.textContent(), /126 mg\/dL/);
  await page.reload();
  await ready(page);
  assert.match(await page.textContent('.panel.profile'), /126 mg\/dL/);
  assert.doesNotMatch(await page.textContent('.panel.profile'), /180/);
  // Korean: the same error in Korean.
  await page.click('#lang-switch');
  await page.locator('.fact', { hasText: '공복혈당' }).locator('.fact-edit').click();
  await page.fill('.fact-form input', '9000');
  await page.keyboard.press('Enter');
  assert.match(await page.textContent('.fact-form .field-error'), /20~700 mg\/dL 사이의 숫자/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the trace draws the graph with the path taken, the timings, document ranks, quality and stop reason', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await ready(page);
  await ask(page, 'What are the symptoms of glaucoma?');
  const trace = page.locator('.panel.trace');
  // The agent's ten nodes and Query Flow's five; the default profile runs the agent's ten.
  assert.equal(await trace.locator('.trace-graph .node').count(), 15);
  assert.equal(await trace.locator('.trace-graph .node.ran').count(), 10, 'a first question runs every node of the default profile');
  for (const node of ['plan', 'expand', 'rerank', 'judge_sufficiency', 'grade']) {
    assert.equal(await trace.locator(`.trace-graph .node.ran[data-node="${node}"]`).count(), 0, `${node} is off by default`);
  }
  assert.equal(await trace.locator('.edge.ran[data-from="check_similarity"][data-to="store_response"]').count(), 0);
  assert.equal(await trace.locator('.edge.ran[data-from="assemble_context"][data-to="retrieve"]').count(), 1);
  assert.ok(await trace.locator('.step .ms').count() >= 10);
  // Documents with their BM25 rank; vectors are not loaded, so their ranks are "–".
  const ranks = await trace.locator('.ranks tbody tr').evaluateAll((rows) => rows.map((r) =>
    [r.querySelector('.rank-bm25').textContent, r.querySelector('.rank-vector').textContent]));
  assert.ok(ranks.length >= 3, JSON.stringify(ranks));
  assert.deepEqual(ranks[0], ['1', '–']);
  assert.match(await trace.locator('.ranks tbody tr').first().textContent(), /glaucoma/i);
  assert.match(await trace.locator('.quality tbody tr').first().textContent(), /\d\.\d\d.*heuristic/);
  assert.doesNotMatch(await trace.locator('.stop').textContent(), /none$/);

  // The same question again is served from the cache: its facts are stored, then the shortcut.
  await ask(page, 'What are the symptoms of glaucoma?');
  assert.equal(await trace.locator('.trace-graph .node.ran').count(), 4);
  assert.deepEqual(await trace.locator('.trace-graph .node.ran').evaluateAll((n) => n.map((e) => e.dataset.node)),
    ['extract_slots', 'store_memory', 'check_similarity', 'store_response']);
  assert.equal(await trace.locator('.edge.ran[data-from="check_similarity"][data-to="store_response"]').count(), 1);
  assert.match(await trace.textContent(), /Answered from the cache/);
  // Earlier turns stay one choice away.
  assert.equal(await page.locator('#trace-turn option').count(), 2);
  await page.selectOption('#trace-turn', { index: 0 });
  await page.waitForFunction(() => document.querySelectorAll('.trace-graph .node.ran').length === 10);
  // Labelled in Korean too.
  await page.click('#lang-switch');
  await page.waitForFunction(() => /자료 검색/.test(document.querySelector('.trace-graph').textContent));
  assert.match(await trace.textContent(), /벡터/);
  assert.match(await trace.textContent(), /회차별 품질 점수/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('on a phone: no sideways scroll, every control reachable by keyboard, Escape closes a citation', async () => {
  const { page, context, problems } = await openPage(browser, site.url,
    { locale: 'en-US', viewport: { width: 390, height: 844 } });
  await ready(page);
  await page.focus('#question');
  await page.keyboard.type('I am 50 years old. What are the symptoms of glaucoma?');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.turn.agent .answer .cite', { timeout: 30_000 });
  await page.waitForSelector('#send');
  const overflow = await page.evaluate(() => ({
    page: Math.max(0, document.documentElement.scrollWidth - innerWidth),
    wide: [...document.querySelectorAll('.app *')].filter((e) => e.getBoundingClientRect().right > innerWidth + 1
      && !e.closest('.quality, .step-detail')).map((e) => e.className || e.tagName).slice(0, 5),
  }));
  assert.deepEqual(overflow, { page: 0, wide: [] });

  // Tab from the top reaches the main controls, each with a visible focus ring.
  await page.click('h1'); // Tab starts from the top
  const reached = new Set();
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const e = document.activeElement;
      if (e === document.body) return null;
      const style = getComputedStyle(e);
      return { key: e.id || e.className || e.tagName.toLowerCase(), ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 };
    });
    if (!focused) break; // past the last control
    assert.ok(focused.ring, `no visible focus on ${focused.key}`);
    reached.add(focused.key);
  }
  for (const control of ['lang-switch', 'person', 'add-person', 'question', 'send', 'regenerate']) {
    assert.ok(reached.has(control), `${control} not reached by Tab: ${[...reached].join(', ')}`);
  }
  assert.ok([...reached].some((k) => /fact-edit/.test(k)), 'fact edit reachable');

  // Space opens a dialog, Escape closes it.
  await page.focus('#add-person');
  await page.keyboard.press(' ');
  await page.waitForSelector('#person-name');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'person-name');
  await page.keyboard.press('Escape');
  await page.waitForSelector('.person-form', { state: 'detached' });

  // A citation opened by keyboard shows its passage; Escape closes it and returns to the citation.
  await page.focus('.turn.agent .answer .cite >> nth=0');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.source.opened .passage');
  // The focus moves in the next animation frame after the passage appears (the app waits for it to
  // be rendered): wait for it rather than read it at once, which raced that frame under load.
  await page.waitForFunction(() => document.activeElement.classList.contains('source-title'), null, { timeout: 5_000 });
  await page.keyboard.press('Escape');
  await page.waitForSelector('.source.opened', { state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement.classList.contains('cite')), true);
  assert.deepEqual(problems, []);
  await context.close();
});

test("a child's facts are used for the answer, kept nowhere until the user adds the child, then in the child's profile", async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await ready(page);
  const turn = await ask(page, 'My son is 3 and has had a fever of 39.2 since yesterday with a runny nose');
  // The answer is fitted to the son, not to the writer.
  assert.match(await turn.locator('.answer').textContent(), /What I know about your son: 3-year-old male/);
  assert.match(await turn.locator('.answer').textContent(), /39\.2 °C/);
  // Nothing is kept yet: not in the writer's profile, nobody added, no profile stored for anyone.
  const offer = turn.locator('.others-offer');
  assert.match(await offer.textContent(), /This is about your son: .*Fever.*Not saved/);
  assert.doesNotMatch(await profileText(page), /39\.2|Fever|Runny/i);
  assert.deepEqual(await page.$$eval('#person option', (o) => o.map((e) => e.textContent)), ['Me']);
  const memory = () => page.evaluate(() => JSON.parse(localStorage.getItem('medagent.memory') ?? '{}'));
  const profiles = (stored) => JSON.stringify(stored?.data?.profiles ?? {});
  assert.doesNotMatch(profiles(await memory()), /39\.2|R50/, 'no profile holds the facts before the user accepts');

  // One click adds the son with these facts; the chat stays with the writer.
  await offer.locator('.add-offered-person').click();
  await page.waitForFunction(() => document.querySelector('#person').options.length === 2);
  assert.equal(await personShown(page), 'Me');
  assert.match(await turn.locator('.others-note').textContent(), /Saved to Son's profile: 3-year-old male/);
  assert.equal(await turn.locator('.others-offer').count(), 0);
  assert.doesNotMatch(await profileText(page), /39\.2|Fever/i, "the writer's profile is still without them");

  // A later message about him goes straight to his profile and says so.
  const later = await ask(page, 'My son now has a cough too');
  assert.match(await later.locator('.others-note').textContent(), /Saved to Son's profile: .*Cough/);
  assert.equal(await later.locator('.others-offer').count(), 0);

  // His profile holds his facts, and they survive a reload.
  await page.selectOption('#person', { label: 'Son' });
  await page.waitForFunction(() => /39\.2/.test(document.querySelector('.panel.profile').textContent));
  const his = await profileText(page);
  for (const fact of [/Age: 3/, /Fever/, /Runny nose|Stuffy nose/, /Cough/, /39\.2 °C/, /male/]) assert.match(his, fact);
  await page.reload();
  await ready(page);
  assert.equal(await personShown(page), 'Son');
  assert.match(await profileText(page), /39\.2 °C/);
  await page.selectOption('#person', { label: 'Me' });
  assert.doesNotMatch(await profileText(page), /39\.2|Fever|Cough/i);
  assert.match(await page.locator('.turn.agent').first().locator('.others-note').textContent(), /Saved to Son's profile/,
    'the note is kept with the turn');
  assert.deepEqual(problems, []);
  await context.close();
});

test('facts about someone the message does not name are kept nowhere, and the turn asks who it is (Korean too)', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'ko-KR' });
  await ready(page);
  const turn = await ask(page, 'He has had a fever of 39 since last night.');
  assert.match(await turn.locator('.others-note').textContent(), /누구에 관한 정보인지 알 수 없어 저장하지 않았습니다/);
  assert.equal(await turn.locator('.add-offered-person').count(), 0);
  assert.doesNotMatch(await profileText(page), /39/);
  const korean = await ask(page, '엄마가 당뇨가 있고 당화혈색소가 8.1이에요');
  assert.match(await korean.locator('.others-offer').textContent(), /엄마에 관한 정보입니다: .*당뇨병/);
  assert.match(await korean.locator('.add-offered-person').textContent(), /‘엄마’을\(를\) 추가하고 이 정보 저장/);
  assert.deepEqual(problems, []);
  await context.close();
});
