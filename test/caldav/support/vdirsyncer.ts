import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { externalTool } from '../../support/external-tool.js';

export const vdirsyncerTool = externalTool('/usr/bin/vdirsyncer', 'apt-get install vdirsyncer');
export const todomanTool = externalTool('/usr/bin/todoman', 'apt-get install todoman');

export interface ToolResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a program in its own process (the service in this one keeps answering), answering its outcome. */
export function runTool(file: string, args: string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      file,
      args,
      { timeout: 120_000, env: { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', ...options.env } },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
      },
    );
    child.stdin?.end(options.input ?? '');
  });
}

/** A vdirsyncer set-up that syncs every collection of the service with folders under `dir/calendars`. */
export function writeVdirsyncerConfig(dir: string, server: { url: string; userId: string; password: string }): string {
  mkdirSync(path.join(dir, 'calendars'), { recursive: true });
  const file = path.join(dir, 'vdirsyncer.conf');
  const quote = (text: string) => JSON.stringify(text);
  writeFileSync(
    file,
    [
      '[general]',
      `status_path = ${quote(path.join(dir, 'status'))}`,
      '',
      '[pair tickler]',
      'a = "local"',
      'b = "remote"',
      'collections = ["from b"]',
      '',
      '[storage local]',
      'type = "filesystem"',
      `path = ${quote(path.join(dir, 'calendars'))}`,
      'fileext = ".ics"',
      '',
      '[storage remote]',
      'type = "caldav"',
      `url = ${quote(server.url)}`,
      `username = ${quote(server.userId)}`,
      `password = ${quote(server.password)}`,
      'item_types = ["VTODO"]',
      '',
    ].join('\n'),
  );
  return file;
}

/** A todoman set-up reading the folders vdirsyncer writes (todoman reads its configuration as Python). */
export function writeTodomanConfig(dir: string): string {
  const file = path.join(dir, 'todoman.py');
  writeFileSync(file, [`path = ${JSON.stringify(path.join(dir, 'calendars', '*'))}`, 'date_format = "%Y-%m-%d"', 'time_format = "%H:%M"', 'default_list = "inbox"', ''].join('\n'));
  return file;
}
