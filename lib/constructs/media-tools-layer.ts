import * as fs from 'node:fs';
import * as path from 'node:path';
import { AssetHashType, DockerImage, RemovalPolicy } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { projectPath } from '../project-root.js';

export type MediaToolName = 'ffmpeg' | 'ffprobe';

/** A binary shipped in the layer: where npm installed it and the variable that points the handlers at it. */
interface MediaTool {
  readonly envVar: string;
  readonly binary: MediaToolName;
  /** Package holding the linux-x64 build (a platform-specific optional dependency of the installer package). */
  readonly packageDir: string;
}

const TOOLS: readonly MediaTool[] = [
  { envVar: 'FFMPEG_PATH', binary: 'ffmpeg', packageDir: 'node_modules/@ffmpeg-installer/linux-x64' },
  { envVar: 'FFPROBE_PATH', binary: 'ffprobe', packageDir: 'node_modules/@ffprobe-installer/linux-x64' },
];

/** Lambda mounts a layer at /opt; /opt/bin is also on the runtime's PATH. */
const LAYER_BIN = '/opt/bin';

/**
 * Copies the ffmpeg/ffprobe executables (world-executable: Lambda runs code as a non-owner user)
 * and their package metadata (licences, versions) into a layer directory. Throws, naming the fix,
 * when the linux-x64 builds are not installed (npm installs the build of the machine it runs on).
 */
export function writeMediaToolsLayer(outputDir: string, projectRoot = projectPath('.')): void {
  for (const tool of TOOLS) {
    const source = path.join(projectRoot, tool.packageDir);
    if (!fs.existsSync(path.join(source, tool.binary))) {
      throw new Error(`${tool.packageDir}/${tool.binary} is missing: the media tools layer needs the linux-x64 build. `
        + 'Synthesise on linux x64, or install it with `npm install --no-save --os=linux --cpu=x64 ' + path.basename(path.dirname(source)) + '/linux-x64`.');
    }
    fs.mkdirSync(path.join(outputDir, 'bin'), { recursive: true });
    fs.copyFileSync(path.join(source, tool.binary), path.join(outputDir, 'bin', tool.binary));
    fs.chmodSync(path.join(outputDir, 'bin', tool.binary), 0o755);
    const notices = path.join(outputDir, 'share', tool.binary);
    fs.mkdirSync(notices, { recursive: true });
    for (const file of fs.readdirSync(source).filter((f) => f !== tool.binary)) fs.copyFileSync(path.join(source, file), path.join(notices, file));
  }
}

/** The versions of the shipped builds: the layer's content changes exactly when one of these does. */
function toolVersions(projectRoot: string): string {
  return TOOLS.map((tool) => {
    const manifest = path.join(projectRoot, tool.packageDir, 'package.json');
    const version = fs.existsSync(manifest) ? (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version : 'missing';
    return `${tool.binary}@${version}`;
  }).join(',');
}

/**
 * A Lambda layer with the static linux x86-64 ffmpeg and ffprobe builds of `@ffmpeg-installer` /
 * `@ffprobe-installer` (GPL; their package notices ship under /opt/share).
 *
 * Why a layer and x86_64: esbuild cannot bundle executables, and the installer packages pick their
 * binary by the platform npm ran on, which is linux-x64 for this project's machines and CI; there is
 * no arm64 build installed to ship. So the functions that run the tools are x86_64 and get
 * FFMPEG_PATH/FFPROBE_PATH (the adapters' documented override) pointing into the layer. One layer
 * shared by the media functions is uploaded once and keeps their code packages small.
 *
 * Built by copying from node_modules at synth time (no registry, no Docker), so `cdk synth` works offline;
 * the asset hash is the tools' versions, so an unchanged layer is neither re-copied nor re-uploaded.
 */
export class MediaToolsLayer extends Construct {
  public readonly layer: lambda.LayerVersion;
  public readonly architecture = lambda.Architecture.X86_64;

  /** The variable that points the handlers at a binary, and its path in the layer. */
  static environmentOf(tool: MediaToolName): { readonly name: string; readonly value: string } {
    const { envVar, binary } = TOOLS.find((t) => t.binary === tool)!;
    return { name: envVar, value: `${LAYER_BIN}/${binary}` };
  }

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const projectRoot = projectPath('.');
    this.layer = new lambda.LayerVersion(this, 'Layer', {
      description: `ffmpeg and ffprobe for linux x86_64 (${toolVersions(projectRoot)})`,
      compatibleArchitectures: [this.architecture],
      compatibleRuntimes: [lambda.Runtime.NODEJS_22_X],
      removalPolicy: RemovalPolicy.DESTROY,
      code: lambda.Code.fromAsset(projectPath('node_modules'), {
        assetHashType: AssetHashType.CUSTOM,
        assetHash: `media-tools-layer-1:${toolVersions(projectRoot)}`,
        bundling: {
          // Required by the type but never used: tryBundle either copies or throws, it never falls back to Docker.
          image: DockerImage.fromRegistry('public.ecr.aws/docker/library/busybox:stable'),
          local: { tryBundle: (outputDir) => { writeMediaToolsLayer(outputDir, projectRoot); return true; } },
        },
      }),
    });
  }
}
