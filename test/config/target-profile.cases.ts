// Cases for the target profile, as data.
import type { StatusExpectation } from '../../src/config/target-profile.ts';

export interface InvalidProfileCase {
  description: string;
  profile: unknown;
  /** The JSON pointer the error must name, and what it must say about it. */
  pointer: string;
  says: RegExp;
}

export const invalidProfileCases: InvalidProfileCase[] = [
  { description: 'not an object', profile: [], pointer: '(root)', says: /must be object/ },
  {
    description: 'an unknown top-level key',
    profile: { cancelRoute: '/x' },
    pointer: '(root)',
    says: /additional properties.*cancelRoute/,
  },
  {
    description: 'a cancel route with an unknown method',
    profile: { cancel: { method: 'FETCH', path: '/subscription/{subscriptionId}' } },
    pointer: '/cancel/method',
    says: /allowed values/,
  },
  {
    description: 'a cancel route whose path does not start with /',
    profile: { cancel: { method: 'POST', path: 'subscription/{subscriptionId}' } },
    pointer: '/cancel/path',
    says: /must match pattern/,
  },
  {
    description: 'a health route without a path',
    profile: { health: { method: 'GET' } },
    pointer: '/health',
    says: /required property 'path'/,
  },
  { description: 'a route as a bare string', profile: { health: '/health' }, pointer: '/health', says: /must be (object|null)/ },
  {
    description: 'an unknown status item',
    profile: { status: { created: [201] } },
    pointer: '/status',
    says: /additional properties.*created/,
  },
  {
    description: 'an empty status expectation',
    profile: { status: { create: [] } },
    pointer: '/status/create',
    says: /fewer than 1 items/,
  },
  {
    description: 'a status class that does not exist',
    profile: { status: { create: ['6xx'] } },
    pointer: '/status/create/0',
    says: /must/,
  },
  { description: 'a status code below 100', profile: { status: { unknownId: [99] } }, pointer: '/status/unknownId/0', says: />= 100/ },
  {
    description: 'a status expectation that is not an array',
    profile: { status: { unknownId: 404 } },
    pointer: '/status/unknownId',
    says: /must be array/,
  },
  { description: 'maxLimit 0', profile: { maxLimit: 0 }, pointer: '/maxLimit', says: />= 1/ },
  { description: 'a fractional maxLimit', profile: { maxLimit: 1.5 }, pointer: '/maxLimit', says: /must be integer/ },
];

export interface StatusMatchCase {
  expectation: StatusExpectation;
  status: number;
  matches: boolean;
}

export const statusMatchCases: StatusMatchCase[] = [
  { expectation: [201], status: 201, matches: true },
  { expectation: [201], status: 200, matches: false },
  { expectation: [200, 201], status: 200, matches: true },
  { expectation: ['2xx'], status: 200, matches: true },
  { expectation: ['2xx'], status: 204, matches: true },
  { expectation: ['2xx'], status: 299, matches: true },
  { expectation: ['2xx'], status: 300, matches: false },
  { expectation: ['2xx'], status: 199, matches: false },
  { expectation: ['4xx'], status: 400, matches: true },
  { expectation: ['4xx'], status: 499, matches: true },
  { expectation: ['4xx'], status: 500, matches: false },
  { expectation: ['4xx'], status: 200, matches: false },
  { expectation: [401, '5xx'], status: 503, matches: true },
  { expectation: [401, '5xx'], status: 403, matches: false },
  { expectation: ['1xx', '3xx'], status: 302, matches: true },
];
