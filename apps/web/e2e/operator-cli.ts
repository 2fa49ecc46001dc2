import { execFile, execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PromoTemplateInput } from '@lend/contracts';
import { cliCommand } from '../../../scripts/server-build.mjs';

const repoRoot = resolve(import.meta.dirname, '../../..');
/** The compiled command line (built with the server before the browser tests). */
const [node, ...cliPrefix] = cliCommand();
const cliArgs = (args: readonly string[]) => [...cliPrefix, ...args];
const cliOptions = (baseUrl: string, dataDir: string) => ({
  cwd: repoRoot,
  env: { ...process.env, SERVER_URL: baseUrl, DATA_DIR: dataDir },
  encoding: 'utf8' as const,
});
const outputLines = (output: string) => output.trim().split('\n').filter((line) => line !== '');

/** Runs an operator command the way an operator does; returns its stdout lines. */
export function operatorCliLines(baseUrl: string, dataDir: string, args: readonly string[]): string[] {
  return outputLines(execFileSync(node, cliArgs(args), cliOptions(baseUrl, dataDir)));
}

/** The same without blocking, so a spec can prepare several borrowers at once. */
export function operatorCliLinesAsync(baseUrl: string, dataDir: string, args: readonly string[]): Promise<string[]> {
  return new Promise((resolveLines, reject) => {
    execFile(node, cliArgs(args), cliOptions(baseUrl, dataDir), (error, stdout) =>
      error ? reject(error) : resolveLines(outputLines(stdout)),
    );
  });
}

/** Runs an operator command whose answer is one JSON line, and returns it parsed. */
export function operatorCli(baseUrl: string, dataDir: string, args: readonly string[]): unknown {
  return JSON.parse(operatorCliLines(baseUrl, dataDir, args).at(-1) ?? 'null') as unknown;
}

/** Runs an operator command and returns every JSON line of its answer, parsed. */
export function operatorCliJsonLines(baseUrl: string, dataDir: string, args: readonly string[]): unknown[] {
  return operatorCliLines(baseUrl, dataDir, args)
    .filter((line) => line.startsWith('{') || line.startsWith('['))
    .map((line) => JSON.parse(line) as unknown);
}

/** A promotion template the browser tests create with the command line. */
export const E2E_PROMO_TEMPLATE: PromoTemplateInput = {
  name: 'Browser walk',
  content: {
    en: { title: 'Cash in minutes', headline: 'Register and get the app', body: 'Borrow from 1,000 with a clear price.' },
    es: { title: 'Efectivo en minutos', headline: 'Regístrese y descargue la app', body: 'Pida desde 1,000 con un precio claro.' },
  },
  bannerUrl: '/media/promo/banner.svg',
  colours: { background: '#0B3D91', text: '#FFFFFF', button: '#B3261E', buttonText: '#FFFFFF' },
  downloadLinks: { android: 'https://play.google.com/store/apps/details?id=com.demo.lend', ios: 'https://apps.apple.com/app/id0000000000' },
  trackingCode: 'AW-E2E-1',
};

/** `promo template create --file`: the operator writes the template as JSON first. */
export function createPromoTemplate(baseUrl: string, dataDir: string, template: PromoTemplateInput): { id: number } {
  const file = join(dataDir, `template-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(template));
  return operatorCli(baseUrl, dataDir, ['promo', 'template', 'create', '--file', file]) as { id: number };
}
