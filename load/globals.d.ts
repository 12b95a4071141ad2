// The one k6 global that @types/k6 leaves out. Only for the k6 type check (load/tsconfig.json);
// the root type check gets console from @types/node.
declare const console: {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
};
