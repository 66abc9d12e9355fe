/** The project's import-boundary lint rules (scripts/lint/boundaries.js): what each one reports and what it lets through. */
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import boundaries from '../../../scripts/lint/boundaries.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const at = (file: string) => path.join(ROOT, file);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const CORE = { forbid: ['functions/adapters', 'functions/api', 'lib', 'local'], forbidPackages: ['@aws-sdk/'], because: 'core' };
const WEB = { forbid: ['functions', 'lib', 'local'], allow: ['functions/contracts'], because: 'web' };

tester.run('no-import-outside', boundaries.rules['no-import-outside'], {
  valid: [
    { code: "import { x } from '../errors.js';", filename: at('functions/core/meetings/a.ts'), options: [CORE] },
    { code: "import { z } from 'zod';", filename: at('functions/core/meetings/a.ts'), options: [CORE] },
    { code: "import { m } from '../../../../functions/contracts/meetings.js';", filename: at('web/src/features/share/x.ts'), options: [WEB] },
    { code: "import { m } from '@contracts/meetings.js';", filename: at('web/src/features/share/x.ts'), options: [WEB] },
  ],
  invalid: [
    { code: "import { c } from '../../adapters/dynamodb/client.js';", filename: at('functions/core/meetings/a.ts'), options: [CORE], errors: [{ messageId: 'forbidden' }] },
    { code: "import { S3Client } from '@aws-sdk/client-s3';", filename: at('functions/core/meetings/a.ts'), options: [CORE], errors: [{ messageId: 'forbidden' }] },
    { code: "export * from '../../../local/runtime.js';", filename: at('functions/core/meetings/a.ts'), options: [CORE], errors: [{ messageId: 'forbidden' }] },
    { code: "const m = import('../../../../functions/core/billing/catalogue.js');", filename: at('web/src/api/billing/b.ts'), options: [WEB], errors: [{ messageId: 'forbidden' }] },
  ],
});

tester.run('no-sibling-import', boundaries.rules['no-sibling-import'], {
  valid: [
    { code: "import { P } from '../../../components/pagination.js';", filename: at('web/src/features/search/components/a.tsx'), options: [{ root: 'web/src/features' }] },
    { code: "import { r } from '../share-rules.js';", filename: at('web/src/features/share/components/a.tsx'), options: [{ root: 'web/src/features' }] },
    { code: "import { M } from '../../features/meetings/x.js';", filename: at('web/src/app/home/a.tsx'), options: [{ root: 'web/src/features' }] },
  ],
  invalid: [
    { code: "import { P } from '../../meetings/components/pagination.js';", filename: at('web/src/features/search/components/a.tsx'), options: [{ root: 'web/src/features' }], errors: [{ messageId: 'sibling' }] },
  ],
});

tester.run('no-aws-client', boundaries.rules['no-aws-client'], {
  valid: [
    { code: "import { PutObjectCommand } from '@aws-sdk/client-s3'; new PutObjectCommand({});", filename: at('functions/pipeline/x/handler.ts') },
    { code: "class S3Client {} new S3Client();", filename: at('functions/pipeline/x/handler.ts') },
  ],
  invalid: [
    { code: "import { S3Client } from '@aws-sdk/client-s3'; export const s3 = new S3Client({});", filename: at('functions/pipeline/x/handler.ts'), errors: [{ messageId: 'client' }] },
    { code: "import { SFNClient as Sfn } from '@aws-sdk/client-sfn'; new Sfn({});", filename: at('functions/api/meetings/handler.ts'), errors: [{ messageId: 'client' }] },
  ],
});

// The use-case rule reads the imported core module: these fixtures are real modules of the repository.
const tsTester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const USE_CASES = [{ core: 'functions/core' }];
tsTester.run('no-use-case-import', boundaries.rules['no-use-case-import'], {
  valid: [
    { code: "import type { SignUpDeps } from '../../core/accounts/sign-up.js';", filename: at('functions/adapters/x/a.ts'), options: USE_CASES },
    { code: "import { type ImportDeps } from '../../core/integrations/import-recording.js';", filename: at('functions/adapters/x/a.ts'), options: USE_CASES },
    { code: "import { freePlanMinutes } from '../../core/billing/ledger.js';", filename: at('functions/adapters/x/a.ts'), options: USE_CASES },
    { code: "import { minutesBalance } from '../core/billing/minutes.js';", filename: at('functions/wiring/billing.ts'), options: [{ core: 'functions/adapters' }] },
  ],
  invalid: [
    { code: "import { minutesBalance } from '../../core/billing/minutes.js';", filename: at('functions/adapters/x/a.ts'), options: USE_CASES, errors: [{ messageId: 'useCase' }] },
    { code: "import { signUp, type SignUpDeps } from '../../core/accounts/sign-up.js';", filename: at('functions/adapters/x/a.ts'), options: USE_CASES, errors: [{ messageId: 'useCase' }] },
    { code: "export { importRecording } from '../../core/integrations/import-recording.js';", filename: at('functions/adapters/x/a.ts'), options: USE_CASES, errors: [{ messageId: 'useCase' }] },
  ],
});
