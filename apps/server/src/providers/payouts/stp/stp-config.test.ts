import { generateKeyPairSync } from 'node:crypto';
import { clabeCheckDigit } from '@lend/domain';
import { describe, expect, it } from 'vitest';
import { readStpConfig } from './stp-config';

const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'secret' },
});
const cuenta = `64618011040000000${clabeCheckDigit('64618011040000000')}`;
const env = {
  STP_API_BASE_URL: 'https://prod.stpmex.com/',
  STP_EMPRESA: 'PRESTAMOS',
  STP_ORDENANTE_CUENTA: cuenta,
  STP_ORDENANTE_NOMBRE: 'Préstamos Ejemplo SA de CV',
  STP_ORDENANTE_RFC_CURP: 'PEJ200101AB1',
  STP_PRIVATE_KEY: privateKey,
  STP_PRIVATE_KEY_PASSPHRASE: 'secret',
};

describe('STP settings', () => {
  it('reads every setting, with a default timeout', () => {
    expect(readStpConfig(env)).toEqual({
      ok: true,
      config: {
        baseUrl: 'https://prod.stpmex.com',
        empresa: 'PRESTAMOS',
        ordenanteCuenta: cuenta,
        ordenanteNombre: 'Préstamos Ejemplo SA de CV',
        ordenanteRfcCurp: 'PEJ200101AB1',
        privateKeyPem: privateKey.trim(),
        privateKeyPassphrase: 'secret',
        timeoutMs: 15_000,
      },
    });
    const oneLine = readStpConfig({ ...env, STP_PRIVATE_KEY: privateKey.trim().replaceAll('\n', '\\n'), STP_TIMEOUT_MS: '8000' });
    expect(oneLine.ok && [oneLine.config.privateKeyPem, oneLine.config.timeoutMs]).toEqual([privateKey.trim(), 8000]);
  });

  it('names every variable missing', () => {
    const read = readStpConfig({});
    expect(read.ok ? [] : read.problems.map((problem) => problem.variable)).toEqual([
      'STP_API_BASE_URL',
      'STP_EMPRESA',
      'STP_ORDENANTE_CUENTA',
      'STP_ORDENANTE_NOMBRE',
      'STP_ORDENANTE_RFC_CURP',
      'STP_PRIVATE_KEY',
    ]);
  });

  it('names every variable that is wrong: the address, the CLABE’s check digit, the key its passphrase does not open, the timeout', () => {
    const wrongDigit = `${cuenta.slice(0, 17)}${(Number(cuenta.charAt(17)) + 1) % 10}`;
    const read = readStpConfig({ ...env, STP_API_BASE_URL: 'ftp://stp', STP_ORDENANTE_CUENTA: wrongDigit, STP_PRIVATE_KEY_PASSPHRASE: 'wrong', STP_TIMEOUT_MS: 'soon' });
    expect(read.ok ? [] : read.problems.map((problem) => problem.variable)).toEqual(['STP_API_BASE_URL', 'STP_ORDENANTE_CUENTA', 'STP_PRIVATE_KEY', 'STP_TIMEOUT_MS']);
    const noPassphrase = readStpConfig({ ...env, STP_PRIVATE_KEY_PASSPHRASE: '' });
    expect(noPassphrase.ok).toBe(false);
  });
});
