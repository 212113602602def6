import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ConfigError, loadConfig } from './load-config.js';
import { publicBaseUrlConfig } from './public-base-url.js';

const schema = z.object({ ...publicBaseUrlConfig });
const load = (value: string | undefined) => loadConfig(schema, value === undefined ? {} : { PUBLIC_BASE_URL: value }).PUBLIC_BASE_URL;

describe('PUBLIC_BASE_URL', () => {
  it('defaults to the address of npm start', () => {
    expect(load(undefined)).toBe('http://localhost:3000');
  });

  it('answers the origin without a trailing slash, whatever the host or port', () => {
    expect(load('https://academy.example/')).toBe('https://academy.example');
    expect(load('http://127.0.0.2:41234')).toBe('http://127.0.0.2:41234');
    expect(load(' http://192.168.1.20:3000 ')).toBe('http://192.168.1.20:3000');
    expect(load('HTTPS://Academy.Example:443')).toBe('https://academy.example');
  });

  it.each([
    ['academy.example', 'must be an absolute http:// or https:// address'],
    ['ftp://academy.example', 'must be an absolute http:// or https:// address'],
    ['https://academy.example/shop', 'must be an origin only'],
    ['https://academy.example/?a=1', 'must be an origin only'],
    ['https://academy.example/#top', 'must be an origin only'],
    ['https://user:secret@academy.example', 'must be an origin only'],
  ])('refuses %s, naming the variable', (value, message) => {
    expect(() => load(value)).toThrow(ConfigError);
    expect(() => load(value)).toThrow(new RegExp(`PUBLIC_BASE_URL: ${message}.*\\(got "${value.replace(/[?.*+^$()|[\]\\]/g, '\\$&')}"\\)`));
  });
});
