/**
 * The credentials the contract issues (Authentication: `service-api-subscription` and `service-api-secret`), as the
 * suite accepts them: long enough to be redacted from every report and log without mangling them. One rule for the
 * suite's configuration and the k6 scripts, which both import it. A shorter value is ordinary text ("s" is in
 * "requests"), so redacting it would mangle every report and log.
 */
export const MIN_CREDENTIAL_LENGTH = 8;

/** The two credential headers (Authentication), named once: the client sends them, the reference checks them, every report masks them. */
export const SUBSCRIPTION_KEY_HEADER = 'service-api-subscription';
export const SECRET_HEADER = 'service-api-secret';
export const CREDENTIAL_HEADERS = [SUBSCRIPTION_KEY_HEADER, SECRET_HEADER] as const;
