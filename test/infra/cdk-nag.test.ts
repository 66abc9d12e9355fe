import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { EnvironmentConfig } from '../../lib/meetscribe-app.js';
import { testApp, testStacks, removeTestOutdirs } from './synth-app.js';

interface ReportViolation { ruleName: string; severity: string; violatingConstructs: { constructPath: string }[] }
interface Report { pluginReports: { pluginName: string; violations?: ReportViolation[] }[] }

/** Synthesises the app under AwsSolutionsChecks and returns every finding left unacknowledged. */
function unacknowledgedFindings(overrides: Partial<EnvironmentConfig> = {}): string[] {
  const app = testApp({ fullValidation: true });
  testStacks(overrides, app);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  let failure: unknown;
  try { app.synth(); } catch (error) { failure = error; }
  const reportFile = path.join(app.outdir, 'validation-report.json');
  const report = fs.existsSync(reportFile) ? JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Report : undefined;
  if (!report && failure) throw failure;
  return (report?.pluginReports ?? []).flatMap((plugin) => (plugin.violations ?? []).flatMap((v) =>
    v.violatingConstructs.map((c) => `${plugin.pluginName} ${v.severity} ${v.ruleName} at ${c.constructPath}`)));
}

afterAll(removeTestOutdirs);

describe('cdk-nag AwsSolutions checks', () => {
  it('leaves no unacknowledged finding in the whole app', () => {
    expect(unacknowledgedFindings()).toEqual([]);
  });

  it('leaves no unacknowledged finding with the SPA build, a TURN server and Bedrock notes through an inference profile', () => {
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'meetscribe-site-'));
    fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>MeetScribe</title>');
    expect(unacknowledgedFindings({
      siteAssetsDir: site,
      ice: { stunUrls: ['stun:stun.example.org:3478'], turnUrls: ['turns:turn.example.org:5349'] },
      notes: { engine: 'bedrock', modelId: 'us.anthropic.claude-haiku-4-5-20251001-v1:0' },
    })).toEqual([]);
  });
});
