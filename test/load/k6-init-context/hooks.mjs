// Resolves k6's built-in modules (k6, k6/http, k6/metrics, k6/execution) to the stand-ins in stubs/, so a k6 script's
// init context runs under Node. Every other specifier goes on to tsx and Node.
const STUBS = { k6: 'k6.mjs', 'k6/http': 'http.mjs', 'k6/metrics': 'metrics.mjs', 'k6/execution': 'execution.mjs' };

export async function resolve(specifier, context, next) {
  if (Object.hasOwn(STUBS, specifier)) return { url: new URL(`./stubs/${STUBS[specifier]}`, import.meta.url).href, shortCircuit: true };
  if (specifier.startsWith('k6/')) throw new Error(`init context: no stand-in for k6 module ${specifier}`);
  return next(specifier, context);
}
