import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/** The one Secrets Manager client of a Lambda container (endpoint from AWS_ENDPOINT_URL_SECRETS_MANAGER locally). */
export const secretsClient = new SecretsManagerClient({});

/**
 * Returns a function that reads the secret's string value once per container and then serves it from
 * memory. A failed read is not cached, so the next call tries again. Throws when the secret has no string.
 */
export function cachedSecretString(client: Pick<SecretsManagerClient, 'send'>, secretId: string): () => Promise<string> {
  let value: Promise<string> | undefined;
  return () => {
    value ??= client.send(new GetSecretValueCommand({ SecretId: secretId })).then((out) => {
      if (!out.SecretString) throw new Error(`Secret ${secretId} has no string value`);
      return out.SecretString;
    });
    value.catch(() => { value = undefined; });
    return value;
  };
}
