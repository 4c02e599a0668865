import { describe, expect, it } from 'vitest';
import { deviceName } from '../../web/src/model/device-name.js';

describe('a device as people name it', () => {
  it('names the browser and the system from a User-Agent', () => {
    expect(deviceName('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36')).toBe('Chrome on Android');
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe('Safari on iOS');
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0')).toBe('Edge on Windows');
    expect(deviceName('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0')).toBe('Firefox on macOS');
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36')).toBe('Chrome on Linux');
  });

  it('says "A script" or "A browser" when it cannot tell, and handles a missing agent', () => {
    expect(deviceName('node')).toBe('A script');
    expect(deviceName('curl/8.5.0')).toBe('A script');
    expect(deviceName('SomethingElse/1.0')).toBe('A browser');
    expect(deviceName(null)).toBe('A browser');
  });
});
