import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { externalTool } from '../../support/external-tool.js';

const run = promisify(execFile);

/** Debian's /usr/bin/python3 with python3-caldav (apt-get install python3-caldav). */
export const pythonCaldav = (() => {
  const tool = externalTool('/usr/lib/python3/dist-packages/caldav/__init__.py', 'apt-get install python3-caldav');
  return { ...tool, file: '/usr/bin/python3' };
})();

/**
 * Runs a Python script that uses the caldav library against the service (in its own process, so the
 * service in this one keeps answering); the script prints one JSON document, which is answered.
 */
export async function runPythonCaldav<T>(script: string, args: string[]): Promise<T> {
  pythonCaldav.assertPresent();
  const { stdout } = await run('/usr/bin/python3', ['-c', script, ...args], { timeout: 60_000, env: { PATH: '/usr/bin:/bin', HOME: '/tmp' } });
  return JSON.parse(stdout) as T;
}

/** Discovery from the bare server URL, as a user would type it: principal, calendar home, calendars. */
export const DISCOVER = `
import json, sys, caldav
url, user, password = sys.argv[1:4]
client = caldav.DAVClient(url=url, username=user, password=password)
principal = client.principal()
calendars = principal.calendars()
print(json.dumps({
  "principal": str(principal.url),
  "home": str(principal.calendar_home_set.url),
  "calendars": [{"url": str(c.url), "name": c.get_display_name()} for c in calendars],
}))
`;
