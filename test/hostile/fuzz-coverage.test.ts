import { describe, expect, it } from 'vitest';
import { AppClient, NativeClient } from '../../src/index.js';
import { APP_METHODS } from './fuzz/app-methods.js';
import { NATIVE_METHODS } from './fuzz/native-methods.js';

/** Every public method, read off the clients themselves: a method added later cannot skip the fuzz. */
function publicMethods(client: object): string[] {
  // Plain methods that call the server; getters (`token`) and `toJSON` (serialization) are not calls.
  const methods = (target: object) =>
    Object.getOwnPropertyNames(target).filter(
      (name) =>
        name !== 'constructor' &&
        name !== 'toJSON' &&
        typeof Object.getOwnPropertyDescriptor(target, name)?.value === 'function',
    );
  const ctor = client.constructor as unknown as Record<string, unknown>;
  return [
    ...Object.getOwnPropertyNames(ctor)
      .filter((name) => typeof ctor[name] === 'function')
      .map((name) => `${String(ctor.name)}.${name}`),
    ...methods(Object.getPrototypeOf(client)),
    ...Object.entries(client)
      .filter(([, value]) => typeof value === 'object' && value !== null)
      .flatMap(([resource, value]) =>
        methods(Object.getPrototypeOf(value)).map((name) => `${resource}.${name}`),
      ),
  ].sort();
}

describe('the fuzz covers every public method', () => {
  it('of AppClient', () => {
    const app = new AppClient({ baseUrl: 'https://site.example/', token: 'token' });
    expect([...new Set(APP_METHODS.map((method) => method.name))].sort()).toEqual(publicMethods(app));
  });

  it('of NativeClient', () => {
    const hub = new NativeClient({ baseUrl: 'https://hub.example/', username: 'alice', password: 'pw' });
    expect([...new Set(NATIVE_METHODS.map((method) => method.name))].sort()).toEqual(publicMethods(hub));
  });
});
