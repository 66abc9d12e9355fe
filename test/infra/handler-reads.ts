import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { PROJECT_ROOT } from '../../lib/project-root.js';

/** What one handler's code reads and calls, found in the modules esbuild keeps in its bundle. */
export interface HandlerReads {
  /** Variables of `readConfig([...])`, plus OPENSEARCH_ENDPOINT where the search index is opened (the cloud's choice). */
  readonly required: ReadonlySet<string>;
  /** Variables of `readOptionalConfig([...])` and direct `process.env.X` reads. */
  readonly optional: ReadonlySet<string>;
  /** AWS SDK command class names, e.g. 'GetSecretValueCommand'. */
  readonly commands: ReadonlySet<string>;
  /** Whether the OpenSearch client is in the bundle. */
  readonly openSearch: boolean;
  /** Packages resolved at run time through createRequire (not bundled), e.g. '@ffmpeg-installer/ffmpeg'. */
  readonly runtimeRequires: ReadonlySet<string>;
  /** The project modules kept in the bundle (paths from the project root). */
  readonly modules: ReadonlySet<string>;
}

const keysOf = (list: string) => [...list.matchAll(/'([A-Z0-9_]+)'/g)].map((m) => m[1]);

/**
 * Bundles an entry (packages left external, tree-shaken) and scans the project modules that end up
 * in the output. Module granularity: a module counts as a whole once any of it is kept. config.ts is
 * left out (it names every key); its readers are what count.
 */
export async function handlerReads(entry: string): Promise<HandlerReads> {
  const result = await esbuild.build({
    entryPoints: [path.join(PROJECT_ROOT, entry)], absWorkingDir: PROJECT_ROOT, bundle: true, write: false, metafile: true,
    platform: 'node', format: 'esm', packages: 'external', treeShaking: true, logLevel: 'silent', outdir: 'out',
  });
  const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint)!;
  const files = Object.entries(output.inputs).filter(([file, use]) => use.bytesInOutput > 0 && file !== 'functions/config.ts').map(([file]) => file);
  const required = new Set<string>(); const optional = new Set<string>(); const commands = new Set<string>(); const runtimeRequires = new Set<string>();
  let openSearch = false;
  for (const file of files) {
    const source = fs.readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
    for (const m of source.matchAll(/\breadConfig\(\[([^\]]*)\]/g)) keysOf(m[1]).forEach((k) => required.add(k));
    for (const m of source.matchAll(/\breadOptionalConfig\(\[([^\]]*)\]/g)) keysOf(m[1]).forEach((k) => optional.add(k));
    for (const m of source.matchAll(/process\.env\.([A-Z0-9_]+)/g)) optional.add(m[1]);
    if (/\breadSearchIndexConfig\(\)/.test(source)) required.add('OPENSEARCH_ENDPOINT');
    for (const m of source.matchAll(/\bnew ([A-Z][A-Za-z0-9]*Command)\(/g)) commands.add(m[1]);
    for (const m of source.matchAll(/\brequire\('(@[^']+|[^.'][^']*)'\)/g)) runtimeRequires.add(m[1]);
    if (source.includes("from '@opensearch-project/opensearch")) openSearch = true;
  }
  return { required, optional, commands, openSearch, runtimeRequires, modules: new Set(files) };
}

/** IAM action each SDK command of the handlers authorises as (data-plane table and bucket reads included). */
export const COMMAND_ACTIONS: Readonly<Record<string, string>> = {
  GetCommand: 'dynamodb:GetItem',
  QueryCommand: 'dynamodb:Query',
  BatchGetCommand: 'dynamodb:BatchGetItem',
  DescribeTableCommand: 'dynamodb:DescribeTable',
  GetObjectCommand: 's3:GetObject',
  HeadObjectCommand: 's3:GetObject',
  ListObjectsV2Command: 's3:ListBucket',
  HeadBucketCommand: 's3:ListBucket',
  GetSecretValueCommand: 'secretsmanager:GetSecretValue',
  SendEmailCommand: 'ses:SendEmail',
  GetAccountCommand: 'ses:GetAccount',
  StartExecutionCommand: 'states:StartExecution',
  DescribeExecutionCommand: 'states:DescribeExecution',
  DescribeStateMachineCommand: 'states:DescribeStateMachine',
  PostToConnectionCommand: 'execute-api:ManageConnections',
  DetectDocumentTextCommand: 'textract:DetectDocumentText',
  BatchDetectSentimentCommand: 'comprehend:BatchDetectSentiment',
  ConverseCommand: 'bedrock:InvokeModel',
};

/** Services whose every granted action must come from a command in the code (no spare grants). */
export const EXACT_SERVICES = ['secretsmanager', 'ses', 'states', 'execute-api', 'textract', 'comprehend', 'bedrock', 'aoss'];
