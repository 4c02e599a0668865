import { expect } from 'vitest';

/** Asserts the documented error answer: the status, JSON content type, and `{error: status, message}`. */
export async function expectErrorResponse(response: Response, status: number): Promise<{ error: number; message: string }> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { error: number; message: string };
  expect(body).toEqual({ error: status, message: expect.any(String) });
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}
