import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unfoldLines } from '../../src/caldav/ical-lines.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { davRequest, makeAppPassword } from './support/dav-client.js';
import { runTool, todomanTool, vdirsyncerTool, writeTodomanConfig, writeVdirsyncerConfig } from './support/vdirsyncer.js';

describe.skipIf(vdirsyncerTool.skip).each(PROVIDERS)('vdirsyncer and todoman against the service (%s)', (provider) => {
  let service: TestService;
  let dir: string;
  let config: string;
  const user = 'vera';
  let password = '';
  let garden = 0;
  const folder = () => path.join(dir, 'calendars', 'inbox');
  const sync = async () => {
    const result = await runTool('/usr/bin/vdirsyncer', ['-c', config, 'sync']);
    return result;
  };
  const fileOf = (name: string) => path.join(folder(), name);

  beforeAll(async () => {
    vdirsyncerTool.assertPresent();
    service = await startTestService(provider);
    dir = mkdtempSync(path.join(tmpdir(), 'tickler-vdirsyncer-'));
    password = (await makeAppPassword(service, user, 'vdirsyncer')).password;
    await service.request(user, '/me', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ timeZone: 'Europe/Berlin' }) });
    config = writeVdirsyncerConfig(dir, { url: service.url, userId: user, password });
    garden = (await (await service.request(user, '/lists', jsonRequest('POST', { name: 'Garden', color: '#228833' }))).json()).id;
  });
  afterAll(async () => {
    await service?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('discovers the lists from the bare server URL and brings a task made in the app down as a file', async () => {
    const task = await (await service.request(user, '/tasks', jsonRequest('POST', { title: 'From the app', dueAt: '2027-01-10T09:00:00Z' }))).json();
    const discover = await runTool('/usr/bin/vdirsyncer', ['-c', config, 'discover', 'tickler'], { input: 'y\ny\ny\n' });
    expect(discover.code, discover.stderr).toBe(0);
    const result = await sync();
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(folder())).toEqual([`tickler-${task.id}.ics`]);
    expect(unfoldLines(readFileSync(fileOf(`tickler-${task.id}.ics`), 'utf8'))).toEqual(
      expect.arrayContaining(['SUMMARY:From the app', 'DUE;TZID=Europe/Berlin:20270110T100000']),
    );
  });

  it('each list is its own folder: a task of the second list comes down there, and a file made there is a task of that list', async () => {
    const gardenFolder = path.join(dir, 'calendars', String(garden));
    expect(readdirSync(path.join(dir, 'calendars')).sort()).toEqual([String(garden), 'inbox'].sort());
    const task = await (await service.request(user, '/tasks', jsonRequest('POST', { title: 'Prune the roses', listId: garden }))).json();
    expect((await sync()).code).toBe(0);
    expect(readdirSync(gardenFolder)).toEqual([`tickler-${task.id}.ics`]);
    expect(readdirSync(folder())).not.toContain(`tickler-${task.id}.ics`);
    const uid = 'made-in-the-garden-folder';
    writeFileSync(
      path.join(gardenFolder, `${uid}.ics`),
      ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//laptop//EN', 'BEGIN:VTODO', `UID:${uid}`, 'DTSTAMP:20261201T080000Z', 'SUMMARY:Water the beds', 'END:VTODO', 'END:VCALENDAR', ''].join('\r\n'),
    );
    const result = await sync();
    expect(result.code, result.stderr).toBe(0);
    const row = (await service.database.db.caldavObject.findFirst({ where: { uid }, include: { task: true } }))!;
    expect(row.task).toMatchObject({ title: 'Water the beds', listId: BigInt(garden) });
    expect((await sync()).code).toBe(0);
  });

  it('a file edited locally comes back with nothing lost: title, DUE, STATUS, CATEGORIES, an alarm, an X- property', async () => {
    const [name] = readdirSync(folder());
    const id = name!.match(/\d+/)![0];
    const edited = readFileSync(fileOf(name!), 'utf8')
      .replace('SUMMARY:From the app', 'SUMMARY:Edited on the laptop\r\nCATEGORIES:home,errands\r\nX-LAPTOP-NOTE:keep me')
      .replace('DUE;TZID=Europe/Berlin:20270110T100000', 'DUE;TZID=Europe/Berlin:20270111T083000')
      .replace('END:VTODO', 'BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:soon\r\nTRIGGER;RELATED=END:-PT30M\r\nEND:VALARM\r\nEND:VTODO');
    writeFileSync(fileOf(name!), edited);
    const result = await sync();
    expect(result.code, result.stderr).toBe(0);
    expect(await (await service.request(user, `/tasks/${id}`)).json()).toMatchObject({
      title: 'Edited on the laptop',
      dueAt: '2027-01-11T07:30:00.000Z',
      remindBefore: 30,
      status: 'pending',
    });
    // The service writes the task its own way (its DTSTAMP, its zone): the next sync brings that down.
    expect((await sync()).code).toBe(0);
    expect(unfoldLines(readFileSync(fileOf(name!), 'utf8'))).toEqual(expect.arrayContaining(['X-LAPTOP-NOTE:keep me', 'SUMMARY:Edited on the laptop']));
    const served = unfoldLines(await (await davRequest(service, { userId: user, password }, `/dav/calendars/${user}/inbox/${name}`, { method: 'GET' })).text());
    expect(served).toEqual(expect.arrayContaining(['CATEGORIES:home,errands', 'X-LAPTOP-NOTE:keep me', 'TRIGGER;RELATED=END:-PT30M']));

    // Completed locally: completed in Tickler.
    writeFileSync(fileOf(name!), readFileSync(fileOf(name!), 'utf8').replace('STATUS:NEEDS-ACTION', 'STATUS:COMPLETED'));
    expect((await sync()).code).toBe(0);
    expect(await (await service.request(user, `/tasks/${id}`)).json()).toMatchObject({ status: 'completed' });
    expect((await sync()).code).toBe(0);
  });

  it('a conflict (changed on both sides) is reported, not overwritten', async () => {
    const task = await (await service.request(user, '/tasks', jsonRequest('POST', { title: 'Both sides' }))).json();
    expect((await sync()).code).toBe(0);
    const file = fileOf(`tickler-${task.id}.ics`);
    await service.request(user, `/tasks/${task.id}`, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify({ title: 'Changed in the app' }) });
    writeFileSync(file, readFileSync(file, 'utf8').replace('SUMMARY:Both sides', 'SUMMARY:Changed on the laptop'));
    const result = await sync();
    expect(result.code).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toMatch(/conflict/i);
    expect(await (await service.request(user, `/tasks/${task.id}`)).json()).toMatchObject({ title: 'Changed in the app' });
    // Settled by taking the app's side (the same text on both sides is no conflict), so the next test starts clean.
    writeFileSync(file, await (await davRequest(service, { userId: user, password }, `/dav/calendars/${user}/inbox/tickler-${task.id}.ics`, { method: 'GET' })).text());
    expect((await sync()).code).toBe(0);
    expect(await (await service.request(user, `/tasks/${task.id}`)).json()).toMatchObject({ title: 'Changed in the app' });
  });

  it.skipIf(todomanTool.skip)('todoman on the synced folder: new, done and list round-trip through the service', async () => {
    todomanTool.assertPresent();
    const todo = writeTodomanConfig(dir);
    // todoman reads dates in the machine's zone: the user's here.
    const todoman = (...args: string[]) => runTool('/usr/bin/todoman', ['--config', todo, ...args], { env: { TZ: 'Europe/Berlin' } });
    const listed = async () => JSON.parse((await todoman('--porcelain', 'list')).stdout) as Array<{ id: number; summary: string }>;
    const made = await todoman('new', '--list', 'inbox', '--due', '2027-02-01 18:00', 'Call Anna');
    expect(made.code, made.stderr).toBe(0);
    const uploaded = await sync();
    expect(uploaded.code, uploaded.stderr).toBe(0);
    const inTickler = (await (await service.request(user, '/tasks?limit=100')).json()) as Array<{ id: number; title: string; dueAt: string }>;
    const anna = inTickler.find((task) => task.title === 'Call Anna')!;
    expect(anna.dueAt).toBe('2027-02-01T17:00:00.000Z');

    const local = (await listed()).find((entry) => entry.summary === 'Call Anna')!;
    // First the service's version down (see above), then the change up.
    expect((await sync()).code).toBe(0);
    expect((await todoman('done', String(local.id))).code).toBe(0);
    expect((await sync()).code).toBe(0);
    expect(await (await service.request(user, `/tasks/${anna.id}`)).json()).toMatchObject({ status: 'completed' });

    await service.request(user, '/tasks', jsonRequest('POST', { title: 'Made in the app for todoman' }));
    expect((await sync()).code).toBe(0);
    expect((await listed()).map((entry) => entry.summary)).toContain('Made in the app for todoman');

    // The second list is a todoman list too: what is made there goes to that list.
    expect((await todoman('new', '--list', String(garden), 'Mow the lawn')).code).toBe(0);
    expect((await sync()).code).toBe(0);
    const inGarden = (await (await service.request(user, `/tasks?list=${garden}&limit=100`)).json()) as Array<{ title: string; listId: number }>;
    expect(inGarden.map((task) => task.title)).toEqual(expect.arrayContaining(['Prune the roses', 'Water the beds', 'Mow the lawn']));
    expect(inGarden.every((task) => task.listId === garden)).toBe(true);
    expect((await listed()).map((entry) => entry.summary)).toEqual(expect.arrayContaining(['Mow the lawn', 'Made in the app for todoman']));
  });
});
