import { generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { orderCadena, participantOf, pesos, queryCadena, stpSigner, stpText, trackingKeyOf } from './stp-order';

describe('STP orders', () => {
  it('writes the cadena original of an order in STP’s documented field order, absent fields empty', () => {
    const cadena = orderCadena({
      institucionContraparte: '40072',
      empresa: 'TAMIZI',
      claveRastreo: 'CR1564969083',
      institucionOperante: 90646,
      monto: pesos(120),
      tipoPago: 1,
      tipoCuentaOrdenante: 40,
      cuentaOrdenante: '646180110400000007',
      tipoCuentaBeneficiario: 40,
      nombreBeneficiario: 'Ricardo Sanchez',
      cuentaBeneficiario: '072691004495711499',
      rfcCurpBeneficiario: 'ND',
      conceptoPago: 'Prueba',
      referenciaNumerica: 5273144,
      topologia: 'T',
      medioEntrega: 3,
      prioridad: 0,
    });
    expect(cadena).toBe('||40072|TAMIZI|||CR1564969083|90646|1.20|1|40||646180110400000007||40|Ricardo Sanchez|072691004495711499|ND||||||Prueba||||||5273144||T||3|0|||');
  });

  it('writes a query’s cadena with the empresa, the day, the tracking key and the institution in their places', () => {
    expect(queryCadena({ empresa: 'TAMIZI', fechaOperacion: '20200420', claveRastreo: 'CR1', institucionOperante: 90646 })).toBe(`|||TAMIZI|20200420||CR1|90646${'|'.repeat(30)}`);
    expect(queryCadena({ empresa: 'TAMIZI' })).toBe(`|||TAMIZI||||${'|'.repeat(30)}`);
  });

  it('signs with RSA-SHA256 in base64, checkable with the public key', () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    const firma = stpSigner(privateKey, undefined)('||a|b||');
    expect(verify('sha256', Buffer.from('||a|b||'), publicKey, Buffer.from(firma, 'base64'))).toBe(true);
    expect(verify('sha256', Buffer.from('||a|c||'), publicKey, Buffer.from(firma, 'base64'))).toBe(false);
  });

  it('writes pesos with two decimals from centavos', () => {
    expect([pesos(1), pesos(120), pesos(123_456), pesos(100_000_00)]).toEqual(['0.01', '1.20', '1234.56', '100000.00']);
  });

  it('keeps a key that already is a tracking key, and shortens any other one the same way every time', () => {
    expect(trackingKeyOf('MX2611000123P1')).toBe('MX2611000123P1');
    const long = trackingKeyOf('MX-2611-000123-attempt-2-abcdefghij');
    expect(long).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(trackingKeyOf('MX-2611-000123-attempt-2-abcdefghij')).toBe(long);
    expect(trackingKeyOf('MX2611-000123')).not.toBe(trackingKeyOf('MX-2611000123'));
  });

  it('names the SPEI participant of a CLABE’s bank, and none for a bank STP does not send to', () => {
    expect([participantOf('072180000000000001'), participantOf('002180'), participantOf('166180'), participantOf('646180'), participantOf('722180')]).toEqual(['40072', '40002', '37166', '90646', '90722']);
    expect([participantOf('999180'), participantOf('659180')]).toEqual([undefined, undefined]);
  });

  it('writes names in plain ASCII within STP’s length', () => {
    expect(stpText('  José  Pérez Núñez ', 39)).toBe('Jose Perez Nunez');
    expect(stpText('Ñ'.repeat(50), 39)).toBe('N'.repeat(39));
  });
});
