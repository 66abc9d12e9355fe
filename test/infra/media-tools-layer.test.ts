import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeMediaToolsLayer } from '../../lib/constructs/media-tools-layer.js';

const dirs: string[] = [];
const tempDir = () => { const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meetscribe-layer-')); dirs.push(dir); return dir; };

afterAll(() => { for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true }); });

describe('writeMediaToolsLayer', () => {
  const layer = tempDir();
  writeMediaToolsLayer(layer);

  it.each(['ffmpeg', 'ffprobe'])('puts a %s that anyone may execute under bin/ (Lambda runs code as a non-owner user)', (tool) => {
    const mode = fs.statSync(path.join(layer, 'bin', tool)).mode & 0o777;
    expect(mode).toBe(0o755);
  });

  it.each(['ffmpeg', 'ffprobe'])('ships a %s that runs and reports its version', (tool) => {
    const banner = execFileSync(path.join(layer, 'bin', tool), ['-version'], { encoding: 'utf8' });
    expect(banner).toMatch(new RegExp(`^${tool} version `));
  });

  it('ships the packages\' notices beside the binaries', () => {
    expect(fs.readdirSync(path.join(layer, 'share', 'ffmpeg'))).toContain('package.json');
    expect(fs.readdirSync(path.join(layer, 'share', 'ffprobe'))).toContain('package.json');
  });

  it('refuses to build without the linux-x64 builds and says how to install them', () => {
    expect(() => writeMediaToolsLayer(tempDir(), tempDir())).toThrow(/linux-x64.*--os=linux --cpu=x64/s);
  });
});
