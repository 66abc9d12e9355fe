import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { testApp, testStacks, removeTestOutdirs } from './synth-app.js';

interface ReportViolation { ruleName: string; severity: string; violatingConstructs: { constructPath: string }[] }
interface Report { pluginReports: { pluginName: string; violations?: ReportViolation[] }[] }

/** Synthesises the app under AwsSolutionsChecks and returns every finding left unacknowledged. */
function unacknowledgedFindings(siteAssetsDir?: string): string[] {
  const app = testApp({ fullValidation: true });
  testStacks(siteAssetsDir ? { siteAssetsDir } : {}, app);
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

  it('leaves no unacknowledged finding when the SPA build is deployed too', () => {
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'meetscribe-site-'));
    fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>MeetScribe</title>');
    expect(unacknowledgedFindings(site)).toEqual([]);
  });
});
