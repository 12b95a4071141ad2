// The contract's VER-* clauses (the ID prefix names this file). See ./clause.ts for what a clause is.
import { type Clause, S } from './clause.ts';

export const VERSIONING_CLAUSES = [
  {
    id: 'VER-COMMERCIAL-2',
    kind: 'must',
    section: S.versioning,
    summary: 'The interface is the Commercial API, version 2.0.',
    notTestable: 'Version selection in requests is not shown; nothing to send or check.',
    contract: ['The interface is published as the Commercial API, version 2.0.'],
  },
] as const satisfies readonly Clause[];
