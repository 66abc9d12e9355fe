/** The repository's ESLint config keeps adapters out of functions/api (issue 34): routes import wiring, core and contracts. */
import path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: ROOT });

async function boundaryErrors(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/no-import-outside').map((m) => m.message);
}

describe('functions/api imports no adapter', () => {
  it('reports an adapter imported by a route file or by the webhooks handler', async () => {
    expect(await boundaryErrors("import { documentClient } from '../../adapters/dynamodb/client.js';\nexport const c = documentClient;\n",
      'functions/api/billing/some-routes.ts')).toEqual([expect.stringContaining('crosses a boundary')]);
    expect(await boundaryErrors("import { s3Client } from '../../adapters/storage/s3-client.js';\nexport const c = s3Client;\n",
      'functions/api/webhooks/handler.ts')).toHaveLength(1);
  }, 60_000);

  it('lets a route file import the wiring, core and contracts', async () => {
    const code = [
      "import { connectContext } from '../../wiring/integrations.js';",
      "import { receiveZoomWebhook } from '../../core/integrations/webhooks.js';",
      "import { paymentRequest } from '../../contracts/billing.js';",
      'export const all = [connectContext, receiveZoomWebhook, paymentRequest];',
      '',
    ].join('\n');
    expect(await boundaryErrors(code, 'functions/api/integrations/some-routes.ts')).toEqual([]);
  }, 60_000);
});
